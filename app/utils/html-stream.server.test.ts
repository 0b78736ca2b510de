import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { withoutZeroBytes } from "./html-stream.server";

function render(node: ReturnType<typeof createElement>, through: (body: PassThrough) => NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const body = new PassThrough();
        pipe(body);
        text(through(body) as Readable).then(resolve, reject);
      },
      onShellError: reject,
    });
  });
}

describe("the page's bytes", () => {
  // An "ó" whose two bytes start at the renderer's buffer's last byte.
  const page = createElement("p", null, "x".repeat(2040) + "sesión");

  it("lose React's zero bytes, keeping every character whole", async () => {
    expect(await render(page, (body) => body.pipe(withoutZeroBytes()))).toBe(`<p>${"x".repeat(2040)}sesión</p>`);
  });

  it("pass through untouched when they hold no zero byte", async () => {
    const chunks: Buffer[] = [];
    const stream = Readable.from([Buffer.from("día"), Buffer.from(" ñ")]).pipe(withoutZeroBytes());
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("utf8")).toBe("día ñ");
  });
});
