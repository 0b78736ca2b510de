import { describe, expect, it } from "vitest";
import { afterPaintScripts, START_SCRIPTS_AFTER_PAINT } from "./scripts-after-paint";

// The server's half of R125 (docs/product-rules.md): what Remix's <Scripts> writes is made inert, nothing else.
// e2e/shell.spec.ts shows the browser's half: the scripts start after the first paint and the page hydrates.

const page = (body: string) =>
  `<html><head><script nonce="n">${START_SCRIPTS_AFTER_PAINT}</script></head><body>${body}` +
  `<link rel="modulepreload" href="/build/manifest-1.js"/><link rel="modulepreload" href="/build/entry.client-2.js"/>` +
  `<script nonce="n">window.__remixContext = {};</script>` +
  `<script nonce="n" type="module" async="">import "/build/manifest-1.js";\nimport * as route0 from "/build/root-3.js";</script></body></html>`;

describe("afterPaintScripts", () => {
  it("makes every preload and the module script inert, and leaves the rest of the page as it was", () => {
    const text = "<p>Writes &lt;link rel=&quot;modulepreload&quot; &gt; and type=&quot;module&quot; async</p>";
    const out = afterPaintScripts(page(text));
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(/rel="modulepreload-after-paint" href="\/build\/[^"]+"/g)).toHaveLength(2);
    expect(out).toContain('<script nonce="n" type="module-after-paint">import "/build/manifest-1.js";');
    expect(out).toContain(text);
    expect(out).toContain(`<script nonce="n">window.__remixContext = {};</script>`);
    const [head, body] = out.split("<body>");
    expect(head).toBe(page(text).split("<body>")[0]);
    expect(body.replace(/modulepreload-after-paint/g, "modulepreload").replace("module-after-paint", 'module" async="')).toBe(page(text).split("<body>")[1]);
  });

  it("leaves a page without the module script (an error page of the server's own) unchanged", () => {
    const html = '<html><body><link rel="modulepreload" href="/x.js"/></body></html>';
    expect(afterPaintScripts(html)).toBe(html);
  });

  it("is a script every supported browser reads, on one line", () => {
    expect(START_SCRIPTS_AFTER_PAINT).not.toContain("\n");
    expect(() => new Function(START_SCRIPTS_AFTER_PAINT)).not.toThrow();
    expect(START_SCRIPTS_AFTER_PAINT).not.toMatch(/=>|\blet\b|\bconst\b|`/);
  });
});
