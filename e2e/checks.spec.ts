import { expect, expectAccessible, test } from "./fixtures";

// The checks every screen goes through (fixtures.ts) must fail when what they look for is there:
// each case spoils a good page in one way (through the DOM, which the pages' security policy allows,
// unlike inline styles) and expects expectAccessible to refuse it, with JavaScript on and off.
const SPOILERS: Record<string, { script: string; caught: RegExp }> = {
  "a button without a name": {
    script: `document.querySelector("main").prepend(document.createElement("button"));`,
    caught: /^axe \(wcag2a/,
  },
  "text too pale to read": {
    script: `const p = document.createElement("p"); p.textContent = "Pale words"; p.style.color = "#cccccc"; document.querySelector("main").prepend(p);`,
    caught: /^axe \(wcag2a/,
  },
  "tap targets smaller than 24 px and touching": {
    script: `for (const name of ["a", "b"]) { const link = document.createElement("a"); link.href = "/" + name; link.textContent = name; Object.assign(link.style, { display: "inline-block", width: "10px", height: "10px", fontSize: "6px" }); document.querySelector("main").prepend(link); }`,
    caught: /^axe \(wcag22aa\) at 320 px/,
  },
  "a block wider than a phone": {
    script: `const p = document.createElement("p"); p.textContent = "Wide"; Object.assign(p.style, { width: "900px", maxWidth: "none" }); document.querySelector("main").prepend(p);`,
    caught: /^layout at 320 px/,
  },
  "a word that does not wrap": {
    script: `const p = document.createElement("p"); p.textContent = "x".repeat(120); document.querySelector("main").prepend(p);`,
    caught: /^layout at 320 px/,
  },
  "a control cut by the window's edge": {
    script: `const link = document.createElement("a"); link.href = "/"; link.textContent = "Half out"; Object.assign(link.style, { position: "absolute", right: "-40px", top: "0" }); document.querySelector("main").prepend(link);`,
    caught: /^layout at 320 px/,
  },
  "a code in brackets": {
    script: `const p = document.createElement("p"); p.textContent = "Too old (AGE_OF)"; document.querySelector("main").prepend(p);`,
    caught: /^codes shown/,
  },
};

test.describe("the accessibility checks", () => {
  test("pass the page they are spoiled from", async ({ page, javaScriptOn }) => {
    await page.goto("/contact?lang=en");
    await expectAccessible(page, { javaScriptOn });
  });

  for (const [spoiler, { script, caught }] of Object.entries(SPOILERS)) {
    test(`catch ${spoiler}`, async ({ page, javaScriptOn }) => {
      await page.goto("/contact?lang=en");
      await page.evaluate(script);
      const failure = await expectAccessible(page, { javaScriptOn }).then(
        () => "none",
        (error: Error) => error.message,
      );
      expect(failure).toMatch(caught);
    });
  }

  test("catch English on a Spanish page", async ({ page, javaScriptOn }) => {
    await page.goto("/contact?lang=sp");
    await page.evaluate(`const p = document.createElement("p"); p.textContent = "Sign out"; document.querySelector("main").prepend(p);`);
    const failure = await expectAccessible(page, { javaScriptOn }).then(
      () => "none",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^English left on the Spanish page/);
  });
});
