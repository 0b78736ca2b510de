import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, withAxePage, withScriptlessCopy } from "./fixtures";
import { FOOTER_LINKS, LANGUAGES, openScreen, pageFor, SCREENS, test, type Language, type Screen } from "./screens";
import { maskedText, transcribe, TRANSCRIPTS_FOLDER, transcriptFile, type Transcript } from "./transcripts";

/** The wizard's section names as each language says them. */
const sections = Object.fromEntries(
  (["en", "es"] as const).map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`../locales/${lang}/wizard.json`, import.meta.url), "utf8")).sections,
  ]),
) as Record<"en" | "es", Record<string, string>>;

/**
 * WCAG 2.5.7 (R171): nothing only dragging would work: no draggable element, no slider, every file box a plain labelled
 * one.
 */
async function expectNothingDragged(page: Page, screen: Screen) {
  const found = await page.evaluate(() => ({
    draggable: [...document.querySelectorAll("[draggable=true]")].map((element) => element.outerHTML.slice(0, 80)),
    sliders: [...document.querySelectorAll("input[type=range], [role=slider]")].map((element) =>
      element.outerHTML.slice(0, 80),
    ),
    // A file box is chosen by a click, a tap or the keyboard: shown, with its label, never only a drop zone.
    fileBoxes: [...document.querySelectorAll<HTMLInputElement>("input[type=file]")]
      .filter(
        (input) =>
          !input.labels?.length ||
          input.getBoundingClientRect().width < 2 ||
          input.closest("[hidden],[aria-hidden=true]"),
      )
      .map((input) => input.outerHTML.slice(0, 80)),
  }));
  expect(found, `${screen.name}: what only dragging would work`).toEqual({ draggable: [], sliders: [], fileBoxes: [] });
}

/** WCAG 3.2.6 (R172): one footer, after the main view, whose important links end with the program's contact page. */
async function expectHelpInItsPlace(page: Page, screen: Screen, language: Language) {
  const footer = page.getByRole("contentinfo");
  await expect(footer, screen.name).toHaveCount(1);
  const links = footer.getByRole("navigation", { name: FOOTER_LINKS[language].name, exact: true }).getByRole("link");
  await expect(links, screen.name).toHaveText([...FOOTER_LINKS[language].links]);
  expect(
    await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href"))),
    screen.name,
  ).toEqual(["/accessibility", "/privacy", "/contact"]);
  const afterMain = await page.evaluate(() => {
    const main = document.querySelector("main");
    const footerElement = document.querySelector("body > footer");
    return Boolean(
      main && footerElement && main.compareDocumentPosition(footerElement) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(afterMain, `${screen.name}: the footer follows the main view`).toBe(true);
}

/**
 * R175: a confirmation page's title is its question. A screen reader says the page's title first, then its heading,
 * and they must be the same words.
 */
async function expectTitledByItsQuestion(page: Page) {
  const question = page.locator("main .confirm-page h1");
  await expect(question).toHaveCount(1);
  const heading = (await question.innerText()).trim();
  expect(heading).not.toBe("");
  expect(await page.title()).toMatch(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
}

const isConfirmation = (screen: Screen) => screen.name.endsWith("-confirm");

/**
 * The screen as the page shows it now: its language and one title, then axe, what a screen reader says of it
 * (e2e/transcripts.ts: every control named, no name for two targets, errors said with their fields, the title first,
 * a wizard step's number and section, no English in Spanish, Tab in reading order) and the phones' widths, and, while
 * it is open, WCAG 2.2's nothing dragged (2.5.7) and help in its place (3.2.6), and a confirmation page's title (R175).
 */
async function expectScreenAccessible(
  page: Page,
  screen: Screen,
  language: Language,
  javaScriptOn: boolean,
): Promise<Transcript> {
  const lang = language === "sp" ? "es" : "en";
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("h1")).toHaveCount(1);
  const step = screen.step && { number: screen.step.number, section: sections[lang][screen.step.section] };
  const transcript = await expectAccessible(page, { javaScriptOn, heard: { step } });
  await expectNothingDragged(page, screen);
  await expectHelpInItsPlace(page, screen, language);
  if (isConfirmation(screen)) await expectTitledByItsQuestion(page);
  return transcript!;
}

// Every screen of the service (e2e/screens.ts: pages, wizard steps, confirmation pages, dialogs, errors and empty
// states), in both languages, with JavaScript and without (but a state only JavaScript shows), in one test (tagged to
// run once, not again in the no-JavaScript project). With JavaScript the screen is checked whole. Without, what a
// screen reader says of it is compared: of the document the server sent (a browser without JavaScript gets the same),
// or, for a screen its steps bring about, of the page those steps bring about without JavaScript. Where it says
// something else (a form posted without JavaScript comes back as a new page; a list's filters wait for their button),
// the page without JavaScript is checked whole too. Where it says the same, it is the same page (the application's
// style sheet differs only where a screen reader would say so: `.js .without-script`), and its checks would repeat
// the first. So a screen that starts to differ is checked without JavaScript by itself. The records the screens show
// are made once per worker.
for (const screen of SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${screen.who}) in ${language} has no serious accessibility violation, with JavaScript or without @both-modes`, async ({
      screenPage,
      scriptlessPage,
      world,
    }) => {
      const withScripts = await pageFor(screen, screenPage, true);
      let heard: string;
      let heardWithout: string | undefined;
      try {
        const answer = await openScreen(withScripts.page, screen, world, language);
        heard = maskedText(await expectScreenAccessible(withScripts.page, screen, language, true));
        // A screen its address shows is the same document without JavaScript: the server cannot tell, and sent it.
        // One its steps bring about (a form posted) is brought about without JavaScript below.
        if (!screen.then && !screen.jsOnly && answer) {
          heardWithout = maskedText(
            await withScriptlessCopy(withScripts.page, await answer.text(), (copy) =>
              transcribe(copy, { tabs: false }),
            ),
          );
        }
      } finally {
        await withScripts.close();
      }
      if (screen.jsOnly || heardWithout === heard) {
        test.info().annotations.push({
          type: "without JavaScript",
          description: screen.jsOnly ? "a state only JavaScript shows" : "says the same",
        });
        return;
      }
      const withoutScripts = await pageFor(screen, scriptlessPage, false);
      try {
        await openScreen(withoutScripts.page, screen, world, language);
        heardWithout ??= maskedText(
          await withAxePage(withoutScripts.page, false, (shown) => transcribe(shown, { tabs: false })),
        );
        const differs = heardWithout !== heard;
        test.info().annotations.push({
          type: "without JavaScript",
          description: differs ? "says something else: checked again" : "says the same",
        });
        if (differs) await expectScreenAccessible(withoutScripts.page, screen, language, false);
      } finally {
        await withoutScripts.close();
      }
    });
  }
}

test("the screens list has its confirmation pages @http", () => {
  expect(SCREENS.filter(isConfirmation).length).toBeGreaterThanOrEqual(12);
});

// What a screen reader says of every screen is kept in the repository (`npm run transcripts`), so that a change in
// what a person hears shows in review: no screen without its transcript in each language.
test("every screen's transcript is kept, in both languages @http", () => {
  const missing = SCREENS.flatMap((screen) =>
    (["en", "es"] as const)
      .map((lang) => transcriptFile(screen.name, lang))
      .filter((file) => !existsSync(path.join(TRANSCRIPTS_FOLDER, file))),
  );
  expect(missing, "run npm run transcripts").toEqual([]);
  for (const screen of SCREENS) {
    const text = readFileSync(path.join(TRANSCRIPTS_FOLDER, transcriptFile(screen.name, "es")), "utf8");
    // The whole document, or a modal dialog open over it, which a screen reader says alone.
    expect(text, screen.name).toMatch(/^(document|dialog, [^\n]*)\n[\s\S]*\nend of (document|dialog, [^\n]*)\n$/);
  }
});
