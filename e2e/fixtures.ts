import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { expectNoEnglish } from "./english";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe cannot run in a page with JavaScript turned off, so the page as the server sent it is
 * shown again in a page where JavaScript runs but the application's own scripts are refused:
 * the same document, unhydrated, which axe can read.
 */
async function analyzeWithoutAppScripts(page: Page) {
  // The whole document, not one still arriving (the server streams its HTML).
  await page.waitForLoadState("load");
  const html = await page.content();
  const url = page.url();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
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
    return await new AxeBuilder({ page: probe }).withTags(AXE_TAGS).analyze();
  } finally {
    await context.close();
  }
}

/** axe on the page as it is now: no serious or critical violation of WCAG 2.1 A/AA (and, in Spanish, no English). */
export async function expectAccessible(page: Page, { javaScriptOn }: { javaScriptOn: boolean }) {
  const results = javaScriptOn
    ? await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
    : await analyzeWithoutAppScripts(page);
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(blocking, `axe on ${page.url()}`).toEqual([]);
  // Every screen axe sees in Spanish is also checked for English left untranslated.
  if ((await page.locator("html").getAttribute("lang")) === "es") await expectNoEnglish(page);
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
