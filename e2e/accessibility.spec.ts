import { expect, expectAccessible } from "./fixtures";
import { LANGUAGES, openScreen, SCREENS, test } from "./screens";

// Every screen of the service (e2e/screens.ts: pages, wizard steps, confirmation pages, errors and
// empty states), in both languages; the projects run it with JavaScript on and off. The records
// the screens show are made once per worker.
for (const screen of SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${screen.who}) in ${language} has no serious accessibility violation`, async ({ page, world, javaScriptOn }) => {
      await openScreen(page, screen, world, language);
      await expect(page.locator("html")).toHaveAttribute("lang", language === "sp" ? "es" : "en");
      await expect(page.locator("h1")).toHaveCount(1);
      await expectAccessible(page, { javaScriptOn });
    });
  }
}
