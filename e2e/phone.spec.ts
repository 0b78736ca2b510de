import type { Page } from "@playwright/test";
import { WIZARD_STEPS } from "../app/wizard/steps";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { createChild, createUser, signIn, startReferral } from "./support";

// Phone first: on a 375×667 phone, every screen of the wizard shows its first question without scrolling.

const PHONE = { width: 375, height: 667 };

/** Every wizard page: the 14 steps, and the forms of a parent or guardian and of a document. */
const PAGES = [
  ...WIZARD_STEPS.filter((step) => step.section !== null).map((step) => step.path),
  "family-information/guardian/add-edit/new",
  "supporting-documentation/new",
];

/**
 * The first thing to answer or press after the page's title, as a person sees it: a radio button
 * or a box is drawn by its label (USWDS moves the input itself out of sight).
 */
async function firstFieldBox(page: Page) {
  return page.evaluate(() => {
    const title = document.querySelector("main h1")!;
    const controls = [
      ...document.querySelectorAll("main :is(input:not([type=hidden]), select, textarea, button, a.usa-button)"),
    ];
    const first = controls.find((control) => title.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (!first) return null;
    const shown =
      first instanceof HTMLInputElement && ["radio", "checkbox"].includes(first.type)
        ? document.querySelector(`label[for="${first.id}"]`)!
        : first;
    const box = shown.getBoundingClientRect();
    return {
      name: (shown.textContent || shown.getAttribute("name") || "").trim().slice(0, 60),
      bottom: box.bottom,
      top: box.top,
    };
  });
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  test(
    `every wizard step shows its first field in the first screen of a phone (${lang})`,
    { tag },
    async ({ page, context }) => {
      test.slow(); // sixteen pages
      await page.setViewportSize(PHONE);
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user, { firstName: "Valentina", lastName: "Hernández-Castillo" });
      const base = await startReferral(user, childId);
      for (const path of PAGES) {
        await page.goto(`${base}/${path}?lang=${lang}`);
        const field = await firstFieldBox(page);
        expect(field, `a field on ${path}`).not.toBeNull();
        expect(await page.evaluate(() => window.scrollY), path).toBe(0);
        expect(
          field!.bottom,
          `"${field!.name}" on ${path} ends at ${Math.round(field!.bottom)} px`,
        ).toBeLessThanOrEqual(PHONE.height);
      }

      // After Save and continue, the next step also says what happened above its question: still in view.
      await page.goto(`${base}/${PAGES[2]}?lang=${lang}`);
      await page.locator("main form button[value=continue]").click();
      await expect(page).toHaveURL(new RegExp(`${PAGES[3]}`));
      await expect(page.locator(".flash-message .usa-alert")).toBeVisible();
      // The whole page, not the part of it streamed so far.
      await page.waitForLoadState("load");
      const field = await firstFieldBox(page);
      expect(field!.bottom, `"${field!.name}" after a save`).toBeLessThanOrEqual(PHONE.height);
    },
  );
}
