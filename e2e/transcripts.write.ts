import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, withAxePage } from "./fixtures";
import { LANGUAGES, openScreen, pageFor, SCREENS, test, type Screen, type World } from "./screens";
import { maskedText, TRANSCRIPTS_FOLDER, transcribe, transcriptFile } from "./transcripts";

// `npm run transcripts`: what a screen reader says of every screen, in both languages, with JavaScript on
// (<screen>.<lang>.txt) and, where the page says something else without it, off (<screen>.<lang>.no-js.txt). What
// changes from one run to the next is written as a placeholder (maskedText), so a difference in review is a difference
// in what a person hears.

async function transcriptOf(
  page: Page,
  screen: Screen,
  world: World,
  language: (typeof LANGUAGES)[number],
  javaScriptOn: boolean,
) {
  const shown = await pageFor(screen, page, javaScriptOn);
  try {
    await openScreen(shown.page, screen, world, language);
    // The file holds what is said; the Tab round is for the rules, checked by the accessibility suite.
    return maskedText(await withAxePage(shown.page, javaScriptOn, (copy) => transcribe(copy, { tabs: false })));
  } finally {
    await shown.close();
  }
}

for (const language of LANGUAGES) {
  test(`every screen's transcript in ${language}`, async ({ page, browser, world }) => {
    const lang = language === "sp" ? "es" : "en";
    mkdirSync(TRANSCRIPTS_FOLDER, { recursive: true });
    const scriptless = await browser.newContext({ javaScriptEnabled: false });
    const withoutScripts = await scriptless.newPage();
    const unreached: string[] = [];
    try {
      for (const screen of SCREENS) {
        try {
          const withJs = await transcriptOf(page, screen, world, language, true);
          // A state only JavaScript shows has no page without it.
          const withoutJs = screen.jsOnly ? withJs : await transcriptOf(withoutScripts, screen, world, language, false);
          writeFileSync(path.join(TRANSCRIPTS_FOLDER, transcriptFile(screen.name, lang)), withJs);
          const noJsFile = path.join(TRANSCRIPTS_FOLDER, transcriptFile(screen.name, lang, "no-js"));
          if (withoutJs !== withJs) writeFileSync(noJsFile, withoutJs);
          else rmSync(noJsFile, { force: true });
        } catch (error) {
          if (String(error).includes("ERR_CONNECTION_REFUSED")) throw error;
          unreached.push(`${screen.name}: ${String(error).split("\n")[0]}`);
        }
      }
    } finally {
      await scriptless.close();
    }
    // A screen no longer in the list leaves no transcript behind.
    const names = new Set(SCREENS.map((screen) => screen.name));
    for (const file of readdirSync(TRANSCRIPTS_FOLDER)) {
      const [name, fileLang] = file.split(".");
      if (fileLang === lang && !names.has(name)) rmSync(path.join(TRANSCRIPTS_FOLDER, file));
    }
    expect(unreached).toEqual([]);
  });
}
