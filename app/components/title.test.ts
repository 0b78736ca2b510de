import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { json, type AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { route } from "~/utils/route.server";
import { WIZARD_FORMS, WIZARD_FRAME, WIZARD_STEPS, WIZARD_SUBMITTED } from "~/wizard/step-table.js";
import { documentTitle, type TitleWords } from "./title";

// The words stand in for the root loader's (the tests of the pages read the real ones in the browser).
const words: TitleWords = {
  errorPrefix: "E: ",
  errors: { "not-found": "Not found | S", forbidden: "Denied | S", busy: "Busy | S", unexpected: "Broken | S" },
};
const root = { titleWords: words, failed: false };
const nothingShown = { errors: false, instead: null };

describe("the document's title", () => {
  it("is the deepest route's title, with 'Error: ' when any route's loader says failed", () => {
    expect(documentTitle([root, { title: "Frame | S" }, { title: "Step | S" }], null, nothingShown)).toBe("Step | S");
    expect(documentTitle([root, { title: "Frame | S" }, {}], null, nothingShown)).toBe("Frame | S");
    expect(documentTitle([root, { title: "Step | S", failed: true }], null, nothingShown)).toBe("E: Step | S");
    // The root's loader says failed when this request's action refused its form (no JavaScript).
    expect(documentTitle([{ ...root, failed: true }, { title: "Step | S" }], null, nothingShown)).toBe("E: Step | S");
  });

  it("says 'Error: ' while the browser shows a form's errors, and the message's title while one stands for the screen", () => {
    expect(documentTitle([root, { title: "Step | S" }], null, { errors: true, instead: null })).toBe("E: Step | S");
    expect(documentTitle([root, { title: "Step | S" }], null, { errors: true, instead: "E: Gone | S" })).toBe(
      "E: Gone | S",
    );
  });

  it("is the error page's for a route error, and not found's for a page without a title", () => {
    const answer = (status: number) => ({ status, statusText: "", internal: false, data: null });
    expect(documentTitle([root], answer(404), nothingShown)).toBe("E: Not found | S");
    expect(documentTitle([root, { title: "Step | S" }], answer(403), nothingShown)).toBe("E: Denied | S");
    expect(documentTitle([root], answer(503), nothingShown)).toBe("E: Busy | S");
    expect(documentTitle([root], new Error("boom"), nothingShown)).toBe("E: Broken | S");
    expect(documentTitle([root, {}], null, nothingShown)).toBe("E: Not found | S");
  });

  it("is left to the layout when the root's loader gave no words (it failed)", () => {
    expect(documentTitle([undefined], new Error("boom"), nothingShown)).toBeNull();
  });
});

describe("a form refused without JavaScript", () => {
  const actionAnswering = (answer: unknown) => route((_: { request: Request; context: AppLoadContext }) => answer);

  it("marks the request's context for its loaders when the action's answer says status: error", async () => {
    for (const [answer, refused] of [
      [json({ status: "error", error: { name: ["validation.required"] } }, { status: 400 }), true],
      [{ status: "error" }, true],
      [json({ status: "success" }), false],
      [new Response(null, { status: 302, headers: { Location: "/" } }), false],
      [new Response('{"status":"error"}', { headers: { "Content-Type": "text/plain" } }), false],
    ] as const) {
      const context = {} as AppLoadContext;
      await actionAnswering(answer)({ request: new Request("http://localhost/", { method: "POST" }), context });
      expect(context.formRefused === true, JSON.stringify(answer)).toBe(refused);
    }
  });
});

// Remix calls a route's meta with the matches down to that route only: a page whose module had none would show its
// parent's title.
describe("every page's route module", () => {
  it("exports the pages' meta", () => {
    const app = path.resolve(import.meta.dirname, "..");
    const modules = [
      ...readdirSync(path.join(app, "routes"))
        .filter((name) => /\.tsx$/.test(name) && !name.includes(".test."))
        .map((name) => `routes/${name}`),
      ...[WIZARD_FRAME, ...WIZARD_STEPS, ...WIZARD_FORMS, WIZARD_SUBMITTED].map((route) => route.file),
    ];
    for (const module of new Set(modules)) {
      const source = readFileSync(path.join(app, module), "utf8");
      if (/^export default/m.test(source)) expect(source, module).toMatch(/^export const meta = pageMeta;$/m);
    }
  });
});
