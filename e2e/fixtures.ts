import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test as base, type Page } from "@playwright/test";
import type { AxeResults, default as Axe } from "axe-core";
import { expectNoEnglish, shownText } from "./english";
import { keysIn } from "./keys";
import { transcribe, transcriptProblems, type Transcript } from "./transcripts";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2's target-size rule wants tap targets of 24×24 px or spaced so). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** On a phone WCAG 2.2 AA again, the layout being another. */
const PHONE_AXE_TAGS = ["wcag22aa"];
/** The phone widths every screen must fit: the narrowest in use, and the most common. */
export const PHONE_WIDTHS = [320, 375] as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page itself, put in once per document. (The pages have no frames, so one
 * axe.run sees everything; the Playwright wrapper opens a page per analysis to merge frames' results,
 * which made every check seconds slower.)
 */
async function runAxe(page: Page, tags: string[]): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof Axe }).axe.run(document, {
        runOnly: { type: "tag", values },
        resultTypes: ["violations"],
      }),
    tags,
  );
}

/** The page each worker shows unhydrated documents in, kept so its cache keeps the style sheets. */
let scriptlessPage: Promise<Page> | undefined;

async function openScriptlessPage(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  const probe = await context.newPage();
  // An empty page of the application's origin, so the documents' links and style sheets resolve.
  const blank = new URL("/scriptless-copy", page.url()).href;
  await probe.route(blank, (route) =>
    route.fulfill({
      body: '<!doctype html><title>-</title><link rel="icon" href="/favicon.svg">',
      contentType: "text/html",
    }),
  );
  await probe.goto(blank);
  await probe.unrouteAll();
  return probe;
}

/**
 * axe cannot run in a page with JavaScript turned off (its checks wait on timers), so the page as
 * the server sent it is shown again, without its script elements, in a page where JavaScript runs:
 * the same document, unhydrated, which axe can read. With JavaScript on, axe reads the page itself.
 */
export async function withAxePage<T>(
  page: Page,
  javaScriptOn: boolean,
  check: (axePage: Page) => Promise<T>,
): Promise<T> {
  if (javaScriptOn) return check(page);
  // The whole document, not one still arriving (the server streams its HTML).
  await page.waitForLoadState("load");
  return withScriptlessCopy(page, await page.content(), check);
}

/** A document of the page's origin (the page's own, or one the server sent it) shown without its scripts, as above. */
export async function withScriptlessCopy<T>(
  page: Page,
  document: string,
  check: (copy: Page) => Promise<T>,
): Promise<T> {
  const html = document
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  scriptlessPage ??= openScriptlessPage(page);
  const probe = await scriptlessPage;
  await probe.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await probe.setContent(html, { waitUntil: "load" });
  expect(await probe.locator("script").count(), "scripts left in the scriptless copy").toBe(0);
  return check(probe);
}

async function expectNoBlockingViolation(axePage: Page, tags: string[], url: string) {
  const results = await runAxe(axePage, tags);
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `axe (${tags.join(", ")}) at ${axePage.viewportSize()?.width} px on ${url}`).toEqual([]);
}

/**
 * What does not fit the window: the page scrolling sideways, or a control cut by the window's edge
 * (one wholly outside it on the left is the visually-hidden technique, and one inside a container
 * that scrolls sideways is reached by scrolling that container).
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    // USWDS hides the body's sideways overflow: what is wider than the window is cut off, not
    // scrolled to. The page is measured as it would be without that.
    const clip = document.body.style.overflowX;
    document.body.style.overflowX = "visible";
    const pageWidth = document.documentElement.scrollWidth;
    document.body.style.overflowX = clip;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide in a ${width} px window`);
    const scrolls = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const controls = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])",
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || control.closest("[aria-hidden=true]")) continue;
      const cut = (box.left < -1 && box.right > 0) || (box.left < width && box.right > width + 1);
      let ancestor = control.parentElement;
      while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
      if (cut && !ancestor)
        problems.push(
          `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || control.getAttribute("name") || "").trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
    }
    return problems;
  });
}

/**
 * What the page shows and reads out is words: no code in brackets, such as (AGE_OF), no translation key in place of
 * its words ("login.intro"), and on a Spanish page no English left untranslated.
 */
async function expectWords(page: Page) {
  const text = await shownText(page);
  expect(text.match(/\([A-Z_]{4,}\)/g) ?? [], `codes shown on ${page.url()}`).toEqual([]);
  expect(keysIn(text), `translation keys shown on ${page.url()}`).toEqual([]);
  if ((await page.locator("html").getAttribute("lang")) === "es") expectNoEnglish(text, page.url());
}

/** What the screen is, for the rules on what a screen reader says of it: a wizard step says its number and section. */
export interface HeardAs {
  step?: { number: number; section: string };
}

/**
 * axe on the page as it is now, at the desktop's width: no serious or critical violation of WCAG 2.2 A/AA (and, in
 * Spanish, no English). With `heard`, what a screen reader says of it keeps the rules of e2e/transcripts.ts, and the
 * transcript is handed back. Then the same page at 320 and 375 px wide: nothing sideways, no control cut, and at
 * 320 px WCAG 2.2 AA again. The window is given back as it was.
 */
export async function expectAccessible(
  page: Page,
  { javaScriptOn, heard }: { javaScriptOn: boolean; heard?: HeardAs },
): Promise<Transcript | undefined> {
  return withAxePage(page, javaScriptOn, async (axePage) => {
    await expectNoBlockingViolation(axePage, AXE_TAGS, page.url());
    await expectWords(page);
    const transcript = heard ? await transcribe(axePage) : undefined;
    if (transcript) expect(transcriptProblems(transcript, heard), `heard on ${page.url()}`).toEqual([]);
    await fitsPhones(page, axePage);
    return transcript;
  });
}

/** The page at each phone width: nothing scrolls sideways, no control is cut, and at 320 px WCAG 2.2 AA holds. */
async function fitsPhones(page: Page, axePage: Page) {
  const windows = new Map([page, axePage].map((each) => [each, each.viewportSize()]));
  try {
    for (const width of PHONE_WIDTHS) {
      for (const each of windows.keys()) await each.setViewportSize({ width, height: 640 });
      expect(await layoutProblems(page), `layout at ${width} px of ${page.url()}`).toEqual([]);
      if (width === 320) await expectNoBlockingViolation(axePage, PHONE_AXE_TAGS, page.url());
    }
  } finally {
    for (const [each, window] of windows) if (window && !each.isClosed()) await each.setViewportSize(window);
  }
}

/**
 * With JavaScript on, a page opened with goto is handed back once it has hydrated (root adds the
 * `js` class then): a test that types or picks a file before the scripts run would test the
 * no-JavaScript page by chance, and pass or fail with the machine's speed.
 */
export function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (response && response.status() < 400 && html && options?.waitUntil !== "commit") {
      await page.locator("html.js").waitFor({ state: "attached" });
    }
    return response;
  };
}

/** A language as the address says it (?lang=): sp is Spanish. */
export type Lang = "en" | "sp";

/**
 * The runs of a flow written for both languages: each language once, one with JavaScript and the other without (the
 * tags choose the project, e2e/playwright.config.ts), where it ran each language both ways. The flow's steps and
 * assertions are the same in every run; what differs between the languages is its words, and between the projects
 * the page's scripts, and each of those is still seen. `spanish` says which way Spanish goes: a spec file chooses, and
 * the files alternate, so that both languages meet both ways across the suite
 * (docs/decisions/0024-each-check-once-where-it-belongs.md).
 */
export function eachLanguageOnce(
  spanish: "with JavaScript" | "without JavaScript",
): Array<{ lang: Lang; tag: "@with-js" | "@without-js" }> {
  const spanishTag = spanish === "with JavaScript" ? "@with-js" : "@without-js";
  return [
    { lang: "en", tag: spanishTag === "@with-js" ? "@without-js" : "@with-js" },
    { lang: "sp", tag: spanishTag },
  ];
}

export const test = base.extend<{ javaScriptOn: boolean }>({
  javaScriptOn: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const page of context.pages()) waitForHydrationOnGoto(page);
      context.on("page", waitForHydrationOnGoto);
    }
    await use(context);
  },
});

export { expect };
