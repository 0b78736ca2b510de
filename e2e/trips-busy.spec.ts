import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createChild, createUser, fillReferral, signIn, startReferral } from "./support";

// Issue 39, as a parent on a weak signal meets it: a button that sends a form says it is working and sends once
// (point 3, docs/product-rules.md R152; what the button does is app/components/ui/busy.test.tsx's, here a real page
// over a slow network), and a page that shows an error shows no success message from before, its error summary in
// view (point 4, R153). Both languages, on the narrowest phone and a desk's screen.

// Each language and each width once in each project, not every pairing
// (docs/decisions/0024-each-check-once-where-it-belongs.md).
const PAIRS = {
  js: [
    ["en", 320],
    ["sp", 1280],
  ],
  "no-js": [
    ["sp", 320],
    ["en", 1280],
  ],
} as const;

const TEXT = {
  en: {
    working: "Working…",
    phone: "Phone number",
    save: "Save",
    saveAndContinue: "Save and continue",
    updated: "Referral updated",
    problem: "There is a problem",
    submit: "Submit the referral",
    submitConfirm: "Yes, submit it",
    back: "Back",
  },
  sp: {
    working: "Procesando…",
    phone: "Número de teléfono",
    save: "Guardar",
    saveAndContinue: "Guardar y continuar",
    updated: "Referido actualizado",
    problem: "Hay un problema",
    submit: "Enviar el referido",
    submitConfirm: "Sí, enviarlo",
    back: "Atrás",
  },
} as const;

/** A window of the width: a phone's height on a phone, a desk's on a desk. */
function windowOf(width: number) {
  return { width, height: width < 600 ? 640 : 800 };
}

/**
 * A slow network for the page's form posts: each is held at least 0.8 s, and until the test has looked at the page
 * (`release`), before it goes on to the server. `posts` are the paths of the posts the page sent, as it sent them (one
 * the page gave up on still reached the network).
 */
async function slowPosts(page: Page) {
  const posts: string[] = [];
  let open = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    () => true,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      posts.push(new URL(request.url()).pathname);
      const held = gate;
      await Promise.all([
        new Promise((resolve) => setTimeout(resolve, 800)),
        Promise.race([held, new Promise((resolve) => setTimeout(resolve, 20_000))]),
      ]);
      // A post the page gave up on (a second one replaced it) can no longer go on.
      await route.continue().catch(() => undefined);
    },
  );
  return {
    posts,
    /** Lets the posts held so far go on; later ones are held again. */
    release() {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

/** The button says it is working, visibly and to a screen reader, and does not take a second press. */
async function expectBusy(page: Page, button: Locator, working: string) {
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await expect(button.getByText(working)).toBeVisible();
  await expect(
    page.locator("[role=status][aria-live=polite], [role=status]:not([aria-live])").filter({ hasText: working }),
  ).toHaveCount(1);
}

async function expectIdle(page: Page, button: Locator, working: string) {
  await expect(button).not.toHaveAttribute("aria-disabled", "true");
  await expect(button).not.toContainText(working);
  await expect(page.locator("[role=status]").filter({ hasText: working })).toHaveCount(0);
}

/** Two presses as a thumb on a slow phone gives them: at once (a double tap), and again 0.3 s later. */
async function pressTwiceAndAgain(page: Page, button: Locator, working: string) {
  await button.dblclick();
  await expectBusy(page, button, working);
  await page.waitForTimeout(300);
  // Forced: Playwright itself would wait for a button that says it is disabled.
  await button.click({ force: true });
  await expectBusy(page, button, working);
}

test.describe("point 3: a button that sends a form says it is working and sends it once", () => {
  test("a wizard step's Save and continue @js-only", async ({ page, context }) => {
    for (const [lang, width] of [
      ["en", 320],
      ["sp", 1280],
    ] as const) {
      const text = TEXT[lang];
      const where = `${lang} at ${width} px`;
      await page.setViewportSize(windowOf(width));
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user);
      const base = await startReferral(user, childId);
      const step = `${base}/referrer-information/proxy`;
      await page.goto(`${step}?lang=${lang}`);
      const { posts, release } = await slowPosts(page);
      await page.getByLabel(text.phone).fill("4105550101");
      const button = page.getByRole("button", { name: text.saveAndContinue });
      await pressTwiceAndAgain(page, button, text.working);
      release();
      await expect(page, where).toHaveURL(/child-information\/sex/);
      expect(
        posts.filter((path) => path === step),
        where,
      ).toHaveLength(1);
      // The next step's buttons are ready.
      await expectIdle(page, page.getByRole("button", { name: text.saveAndContinue }), text.working);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  test("the confirmation dialog's Yes, submit it @js-only", async ({ page, context }) => {
    for (const [lang, width] of [
      ["sp", 320],
      ["en", 1280],
    ] as const) {
      const text = TEXT[lang];
      const where = `${lang} at ${width} px`;
      await page.setViewportSize(windowOf(width));
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user);
      const base = await startReferral(user, childId);
      await fillReferral(user, base, { consent: 2 });
      await page.goto(`${base}/review?lang=${lang}`);
      const { posts, release } = await slowPosts(page);
      await page.getByRole("link", { name: text.submit }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const button = dialog.getByRole("button", { name: text.submitConfirm });
      await pressTwiceAndAgain(page, button, text.working);
      release();
      await expect(page, where).toHaveURL(/\/submitted/);
      expect(
        posts.filter((path) => path === `${base}/review`),
        where,
      ).toHaveLength(1);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });
});

test.describe("point 4: a page that shows an error shows no success message from before, its error summary in view", () => {
  test("a bad phone number after a saved step", async ({ page, context, javaScriptOn }) => {
    for (const [lang, width] of PAIRS[javaScriptOn ? "js" : "no-js"]) {
      const text = TEXT[lang];
      const where = `${lang} at ${width} px`;
      const size = windowOf(width);
      await page.setViewportSize(size);
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user);
      const base = await startReferral(user, childId);
      const step = `${base}/referrer-information/proxy?lang=${lang}`;
      const phone = page.getByLabel(text.phone);
      const success = page.getByText(text.updated);
      const save = async () => {
        await page.goto(step);
        await phone.fill("4105550101");
        await page.getByRole("button", { name: text.save, exact: true }).click();
        await expect(success, where).toBeVisible();
      };

      // Saved: the page says so, and the next page no longer does.
      await save();
      await page.getByRole("link", { name: text.back }).click();
      await expect(page, where).toHaveURL(/referrer-information\/relationship/);
      await expect(success, where).toBeHidden();

      await save();

      // A phone number too short: the error, and nothing from before.
      await phone.fill("41055");
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      const summary = page.getByRole("alert").filter({ hasText: text.problem });
      await expect(summary, where).toBeVisible();
      await expect(success, where).toBeHidden();
      // Without JavaScript too: the browser gives it the focus as the page loads.
      await expect(summary, where).toBeFocused();
      await expect(summary, where).toBeInViewport({ ratio: 1 });
      // At the top of the screen, where a person reads first: not at its bottom edge.
      const box = (await summary.boundingBox())!;
      expect(box.y, where).toBeLessThan(size.height / 2);
    }
  });
});
