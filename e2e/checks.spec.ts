import { expect, expectAccessible, test, withAxePage } from "./fixtures";
import { transcribe, transcriptProblems } from "./transcripts";

// The checks every screen goes through (fixtures.ts) must fail when what they look for is there:
// each case spoils a good page in one way (through the DOM, which the pages' security policy allows,
// unlike inline styles) and expects expectAccessible to refuse it, with JavaScript on and off.
const SPOILERS: Record<string, { script: string; caught: RegExp; path?: string }> = {
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
    caught: /^axe \(wcag2a.*wcag22aa/,
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

// What a screen reader says (e2e/transcripts.ts): each rule on the transcript, spoiled alone (axe may catch some of
// these too, and is not asked here).
const HEARD_SPOILERS: Record<string, { script: string; caught: RegExp; path?: string }> = {
  "a label taken off its field": {
    path: "/login?lang=en",
    script: `document.querySelector("label[for=login-email]").htmlFor = "elsewhere";`,
    caught: /a control without a name: input#login-email/,
  },
  "two links said alike that go to different places": {
    script: `for (const name of ["a", "b"]) { const link = document.createElement("a"); link.href = "/" + name; link.textContent = "More"; document.querySelector("main").append(link); }`,
    caught: /one name for 2 different targets: link: More/,
  },
  "a field in error without its message": {
    path: "/login?lang=en",
    script: `document.querySelector("#login-email").setAttribute("aria-invalid", "true");`,
    caught: /a field in error said without its message/,
  },
  "an error message no field refers to": {
    path: "/login?lang=en",
    script: `const message = document.createElement("span"); message.className = "usa-error-message"; message.textContent = "Enter your e-mail address."; document.querySelector("#login-email").before(message);`,
    caught: /an error not said with its field: .Enter your e-mail address/,
  },
  "a heading said before the title": {
    script: `const heading = document.createElement("h2"); heading.textContent = "Notice"; document.querySelector("main").prepend(heading);`,
    caught: /the first heading is not the title: .heading, Notice, level 2/,
  },
  "Tab out of reading order": {
    // aria-owns moves the link, for a screen reader, to the end of the footer; Tab still reaches it first.
    script: `const link = document.createElement("a"); link.id = "moved"; link.href = "/x"; link.textContent = "Moved"; document.querySelector("main").prepend(link); document.querySelector("footer").setAttribute("aria-owns", "moved");`,
    caught: /Tab goes back up the reading order/,
  },
  "a control Tab reaches and the reader never says": {
    script: `const box = document.createElement("div"); box.tabIndex = 0; box.className = "spoiled"; document.querySelector("main").prepend(box);`,
    caught: /Tab reaches div.spoiled .*, which is never said/,
  },
  "an English name on a Spanish page": {
    path: "/contact?lang=sp",
    script: `const name = document.createElement("span"); name.id = "spoiled-name"; name.hidden = true; name.textContent = "Sign out"; const link = document.createElement("a"); link.href = "/x"; link.textContent = "Salir"; link.setAttribute("aria-labelledby", "spoiled-name"); document.querySelector("main").prepend(name, link);`,
    caught: /English in the Spanish transcript: .Sign out/,
  },
};

/**
 * Without JavaScript the checks read a scriptless copy of the page (withAxePage): one spoiler of each kind of check
 * (axe, the layout, the page's text, what a screen reader says) proves they read it there too; the others run once,
 * with
 * JavaScript (docs/decisions/0024-each-check-once-where-it-belongs.md).
 */
const WITHOUT_JAVASCRIPT_TOO = new Set([
  "a button without a name",
  "a block wider than a phone",
  "a code in brackets",
  "a label taken off its field",
]);
const onceUnlessWithoutToo = (spoiler: string) => ({ tag: WITHOUT_JAVASCRIPT_TOO.has(spoiler) ? [] : ["@js-only"] });

test.describe("the accessibility checks", () => {
  for (const path of new Set(
    [...Object.values(SPOILERS), ...Object.values(HEARD_SPOILERS)].map((spoiler) => spoiler.path ?? "/contact?lang=en"),
  )) {
    test(`pass the page they are spoiled from, ${path}`, async ({ page, javaScriptOn }) => {
      await page.goto(path);
      await expectAccessible(page, { javaScriptOn, heard: {} });
    });
  }

  for (const [spoiler, { script, caught, path = "/contact?lang=en" }] of Object.entries(SPOILERS)) {
    test(`catch ${spoiler}`, onceUnlessWithoutToo(spoiler), async ({ page, javaScriptOn }) => {
      await page.goto(path);
      await page.evaluate(script);
      const failure = await expectAccessible(page, { javaScriptOn }).then(
        () => "none",
        (error: Error) => error.message,
      );
      expect(failure).toMatch(caught);
    });
  }

  for (const [spoiler, { script, caught, path = "/contact?lang=en" }] of Object.entries(HEARD_SPOILERS)) {
    test(
      `catch ${spoiler} in what a screen reader says`,
      onceUnlessWithoutToo(spoiler),
      async ({ page, javaScriptOn }) => {
        await page.goto(path);
        expect(
          await withAxePage(page, javaScriptOn, async (shown) => transcriptProblems(await transcribe(shown))),
          "before",
        ).toEqual([]);
        await page.evaluate(script);
        const problems = await withAxePage(page, javaScriptOn, async (shown) =>
          transcriptProblems(await transcribe(shown)),
        );
        expect(problems.join("\n")).toMatch(caught);
      },
    );
  }

  test("catch a screen that is not the wizard step it should be @js-only", async ({ page, javaScriptOn }) => {
    await page.goto("/contact?lang=en");
    const problems = await withAxePage(page, javaScriptOn, async (shown) =>
      transcriptProblems(await transcribe(shown), { step: { number: 3, section: "Child" } }),
    );
    expect(problems).toContain("the step is not said as step 3 of 14");
  });

  test("catch English on a Spanish page @js-only", async ({ page, javaScriptOn }) => {
    await page.goto("/contact?lang=sp");
    await page.evaluate(
      `const p = document.createElement("p"); p.textContent = "Sign out"; document.querySelector("main").prepend(p);`,
    );
    const failure = await expectAccessible(page, { javaScriptOn }).then(
      () => "none",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^English left on the Spanish page/);
  });
});
