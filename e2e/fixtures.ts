import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { expectNoEnglish } from "./english";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
/** On a phone also WCAG 2.2 AA, whose target-size rule wants tap targets of 24×24 px or spaced so. */
const PHONE_AXE_TAGS = ["wcag22aa"];
/** The phone widths every screen must fit: the narrowest in use, and the most common. */
export const PHONE_WIDTHS = [320, 375] as const;

/**
 * axe cannot run in a page with JavaScript turned off, so the page as the server sent it is
 * shown again in a page where JavaScript runs but the application's own scripts are refused:
 * the same document, unhydrated, which axe can read.
 */
async function analyzeWithoutAppScripts(page: Page, tags: string[]) {
  // The whole document, not one still arriving (the server streams its HTML).
  await page.waitForLoadState("load");
  const html = await page.content();
  const url = page.url();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    await context.addCookies(await page.context().cookies());
    const probe = await context.newPage();
    await probe.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "document" && request.url() === url) {
        return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
      }
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await probe.goto(url);
    return await new AxeBuilder({ page: probe }).withTags(tags).analyze();
  } finally {
    await context.close();
  }
}

async function expectNoBlockingViolation(page: Page, javaScriptOn: boolean, tags: string[]) {
  const results = javaScriptOn ? await new AxeBuilder({ page }).withTags(tags).analyze() : await analyzeWithoutAppScripts(page, tags);
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(blocking, `axe (${tags.join(", ")}) at ${page.viewportSize()?.width} px on ${page.url()}`).toEqual([]);
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
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    const scrolls = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const controls = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])");
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || control.closest("[aria-hidden=true]")) continue;
      const cut = (box.left < -1 && box.right > 0) || (box.left < width && box.right > width + 1);
      let ancestor = control.parentElement;
      while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
      if (cut && !ancestor) problems.push(`${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || control.getAttribute("name") || "").trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return problems;
  });
}

/** The page's text shows no code in brackets, such as (AGE_OF): people read words. */
async function expectNoTextCodes(page: Page) {
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  expect(text.match(/\([A-Z_]{4,}\)/g) ?? [], `codes shown on ${page.url()}`).toEqual([]);
}

/**
 * axe on the page as it is now: no serious or critical violation of WCAG 2.1 A/AA (and, in Spanish,
 * no English). Then the same page at 320 and 375 px wide: nothing sideways, no control cut, and at
 * 320 px WCAG 2.2 AA too. The window is given back as it was.
 */
export async function expectAccessible(page: Page, { javaScriptOn }: { javaScriptOn: boolean }) {
  await expectNoBlockingViolation(page, javaScriptOn, AXE_TAGS);
  await expectNoTextCodes(page);
  // Every screen axe sees in Spanish is also checked for English left untranslated.
  if ((await page.locator("html").getAttribute("lang")) === "es") await expectNoEnglish(page);
  await expectFitsPhones(page, { javaScriptOn });
}

/** The page at each phone width: nothing scrolls sideways, no control is cut, and at 320 px WCAG 2.2 AA holds. */
export async function expectFitsPhones(page: Page, { javaScriptOn }: { javaScriptOn: boolean }) {
  const window = page.viewportSize();
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 640 });
      expect(await layoutProblems(page), `layout at ${width} px of ${page.url()}`).toEqual([]);
      if (width === 320) await expectNoBlockingViolation(page, javaScriptOn, PHONE_AXE_TAGS);
    }
  } finally {
    if (window) await page.setViewportSize(window);
  }
}

/**
 * With JavaScript on, a page opened with goto is handed back once it has hydrated (root adds the
 * `js` class then): a test that types or picks a file before the scripts run would test the
 * no-JavaScript page by chance, and pass or fail with the machine's speed.
 */
function waitForHydrationOnGoto(page: Page) {
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
