import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, expectAccessible } from "./fixtures";
import { LANGUAGES, openScreen, SCREENS, test } from "./screens";
import { TRANSCRIPTS_FOLDER, transcriptFile } from "./transcripts";

/** The wizard's section names as each language says them. */
const sections = Object.fromEntries(
  (["en", "es"] as const).map((lang) => [lang, JSON.parse(readFileSync(new URL(`../locales/${lang}/wizard.json`, import.meta.url), "utf8")).sections]),
) as Record<"en" | "es", Record<string, string>>;

// Every screen of the service (e2e/screens.ts: pages, wizard steps, confirmation pages, errors and
// empty states), in both languages; the projects run it with JavaScript on and off. The records
// the screens show are made once per worker. Each is checked by axe and by what a screen reader says of it
// (e2e/transcripts.ts: every control named, no name for two targets, errors said with their fields, the title first,
// a wizard step's number and section, no English in Spanish, Tab in reading order).
for (const screen of SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${screen.who}) in ${language} has no serious accessibility violation`, async ({ page, world, javaScriptOn }) => {
      await openScreen(page, screen, world, language);
      await expect(page.locator("html")).toHaveAttribute("lang", language === "sp" ? "es" : "en");
      await expect(page.locator("h1")).toHaveCount(1);
      const lang = language === "sp" ? "es" : "en";
      const step = screen.step && { number: screen.step.number, section: sections[lang][screen.step.section] };
      await expectAccessible(page, { javaScriptOn, heard: { step } });
    });
  }
}

// What a screen reader says of every screen is kept in the repository (`npm run transcripts`), so that a change in
// what a person hears shows in review: no screen without its transcript in each language.
test("every screen's transcript is kept, in both languages @http", () => {
  const missing = SCREENS.flatMap((screen) =>
    (["en", "es"] as const).map((lang) => transcriptFile(screen.name, lang)).filter((file) => !existsSync(path.join(TRANSCRIPTS_FOLDER, file))),
  );
  expect(missing, "run npm run transcripts").toEqual([]);
  for (const screen of SCREENS) {
    const text = readFileSync(path.join(TRANSCRIPTS_FOLDER, transcriptFile(screen.name, "es")), "utf8");
    expect(text, screen.name).toMatch(/^document\n[\s\S]*\nend of document\n$/);
  }
});
