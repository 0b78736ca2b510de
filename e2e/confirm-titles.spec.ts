import { expect } from "./fixtures";
import { LANGUAGES, openScreen, SCREENS, test } from "./screens";

// A confirmation page's title is its question (docs/product-rules.md R175): a screen reader says the page's title
// first, then its heading, and they must be the same words. Every confirmation screen of e2e/screens.ts, in both
// languages, with JavaScript on and off (the two projects).

const CONFIRM_SCREENS = SCREENS.filter((screen) => screen.name.endsWith("-confirm"));

test("the screens list has its confirmation pages", () => {
  expect(CONFIRM_SCREENS.length).toBeGreaterThanOrEqual(12);
});

for (const screen of CONFIRM_SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${language}): the title is the question`, async ({ page, world }) => {
      await openScreen(page, screen, world, language);
      const question = page.locator("main .confirm-page h1");
      await expect(question).toHaveCount(1);
      const heading = (await question.innerText()).trim();
      expect(heading).not.toBe("");
      expect(await page.title()).toMatch(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
    });
  }
}
