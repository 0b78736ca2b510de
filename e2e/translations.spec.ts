import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { localeKeys } from "./keys";
import { createChild, createUser, fillReferral, signIn, startReferral, submitDirectly, type TestUser } from "./support";

// With JavaScript, a screen opened without a reload needs the words of its namespaces (locales/<lang>/<ns>.json).
// On a weak signal they arrive late; the screen must wait for them, never paint their keys ("steps.relationship.title",
// "saveAndContinue", "‹ back"), and must fit a 320-pixel phone meanwhile (docs/product-rules.md R130).

const PHONE = { width: 320, height: 640 };
/** How late each namespace arrives: a weak phone signal. */
const NAMESPACE_DELAY_MS = 1_500;
const NAMESPACE_FILE = /\/locales\/(en|es)\/[\w-]+\.json(\?|$)/;

/**
 * Put in every document the page opens, before its own scripts: on each animation frame, every text of the page
 * (its title, text, accessible names, placeholders and button values) is looked through for a key, and the page's
 * width is measured against the window's as a phone shows it (USWDS hides the body's sideways overflow, so without
 * that hiding).
 */
function watchEveryFrame({ shaped, words }: { shaped: string[]; words: string[] }) {
  const shapedKeys = new Set(shaped);
  const wordKeys = new Set(words);
  const seen: Array<{ key: string; at: string }> = [];
  const wide: Array<{ width: number; at: string }> = [];
  Object.assign(window, { keysSeen: seen, widthsSeen: wide });
  const note = (key: string) => {
    const at = location.pathname + location.search;
    if (seen.length < 40 && !seen.some((each) => each.key === key && each.at === at)) seen.push({ key, at });
  };
  const look = (text: string | null | undefined) => {
    if (!text) return;
    const whole = text.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
    if (wordKeys.has(whole) || shapedKeys.has(whole)) note(whole);
    for (const token of text.split(/[\s·,;()«»"“”‹›¿?¡!]+/)) {
      const bare = token.replace(/[.:]+$/, "");
      if (shapedKeys.has(bare)) note(bare);
    }
  };
  const frame = () => {
    const body = document.body;
    if (body) {
      look(document.title);
      const texts = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.parentElement?.closest("script, style, template, noscript")) look(node.nodeValue);
      }
      for (const element of body.querySelectorAll(
        "[aria-label], [title], [placeholder], [alt], input[type=submit], input[type=button]",
      )) {
        for (const name of ["aria-label", "title", "placeholder", "alt"]) look(element.getAttribute(name));
        if (element instanceof HTMLInputElement && (element.type === "submit" || element.type === "button"))
          look(element.value);
      }
      const clip = body.style.overflowX;
      body.style.overflowX = "visible";
      const pageWidth = document.documentElement.scrollWidth;
      body.style.overflowX = clip;
      if (pageWidth > window.innerWidth && wide.length < 40)
        wide.push({ width: pageWidth, at: location.pathname + location.search });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** A phone page whose namespace files each arrive 1.5 s late, watched on every frame. */
async function slowPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await page.addInitScript(watchEveryFrame, localeKeys());
  await page.route(NAMESPACE_FILE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, NAMESPACE_DELAY_MS));
    await route.continue().catch(() => undefined);
  });
}

/** What the page painted so far that it should not have: keys, and widths past the phone's. */
async function expectNothingSeen(page: Page) {
  const { keys, widths } = await page.evaluate(() => {
    const seen = window as unknown as { keysSeen?: unknown[]; widthsSeen?: unknown[] };
    return { keys: seen.keysSeen ?? [], widths: seen.widthsSeen ?? [] };
  });
  expect(keys, "translation keys painted").toEqual([]);
  expect(widths, "pages wider than their window").toEqual([]);
}

/**
 * Does what a person does and waits until the next screen is painted: its address, then a heading other than the one
 * before (while its words are on their way, the screen before stays, as a navigation's render waits for them).
 */
async function toNextScreen(page: Page, act: () => Promise<void>) {
  const heading = page.locator("main h1").first();
  const before = { url: page.url(), heading: await heading.textContent() };
  await act();
  await expect(page).not.toHaveURL(before.url);
  await expect(heading).not.toHaveText(before.heading ?? "");
}

/** Follows a link of the page without a reload, as a person taps it; the sidebar's links through the phone menu. */
async function tap(page: Page, href: string) {
  const link = page.locator(`a[href="${href}"]:visible`).first();
  await toNextScreen(page, async () => {
    if ((await link.count()) === 0) await page.locator(".top-bar__toggle--phone button").click();
    await link.click();
  });
  await expect(page).toHaveURL((url) => url.pathname + url.search === href);
}

/** Taps the main form's button of an intent. */
async function press(page: Page, intent: string) {
  await toNextScreen(page, () =>
    page.locator(`main button[type=submit][name=intent][value=${intent}]`).first().click(),
  );
}

/** Taps the wizard's Back link. */
async function back(page: Page) {
  await toNextScreen(page, () => page.locator(".wizard__back").click());
}

/** The page has loaded no document since this mark: every screen was opened without a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    "the walk reloaded the page",
  ).toBe(true);
}

// Each walk in one language, the referrer's in Spanish and the administrator's in English: the words of both come the
// same way (i18next-fetch-backend, the route's namespaces), and the referrer's walk ends in the other language's, so
// both languages' words are waited for (docs/decisions/0024-each-check-once-where-it-belongs.md).
const WALK_LANGUAGE: Record<"referrer" | "administrator", "en" | "sp"> = { referrer: "sp", administrator: "en" };

{
  const lang = WALK_LANGUAGE.referrer;
  test(`a referrer's screens opened without a reload never show a key while their words arrive (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    test.slow();
    const user: TestUser = await signIn(context, await createUser({ language: lang, signedInBefore: true }));
    const child = await createChild(user, { firstName: "Valentina", lastName: "Hernández" });
    await submitDirectly(
      user,
      await startReferral(user, (await createChild(user, { firstName: "Tomás", lastName: "Ruiz" })).id),
    );
    await slowPhone(page);

    await page.goto(`/app/dashboard?lang=${lang}`);
    await markDocument(page);
    await tap(page, "/app/children");
    await tap(page, `/app/children/details/${child.id}`);

    // A new referral from the child's page: the wizard's first step, whose words the page does not have yet.
    await press(page, "newReferral");
    await expect(page).toHaveURL(/\/referrer-information\/relationship$/);
    await expectNothingSeen(page);

    // Its answers given (as the wizard saves them), then every step in turn with "Save and continue".
    const wizard = new URL(page.url()).pathname.replace(/\/referrer-information\/relationship$/, "");
    await fillReferral(user, wizard, { consent: 2 });
    await back(page);
    await expect(page).toHaveURL(new RegExp(`/app/children/details/${child.id}$`));
    await tap(page, `${wizard}/referrer-information/relationship`);
    for (;;) {
      const at = new URL(page.url()).pathname;
      if (at.endsWith("/family-information/guardian-list")) {
        await tap(page, `${wizard}/family-information/guardian/add-edit/new`);
        await back(page);
        await expect(page).toHaveURL(new RegExp(`${at}$`));
      }
      if (at.endsWith("/supporting-documentation/list")) {
        // "Add" sends the consent answer along by GET to the document's screen.
        await toNextScreen(page, () =>
          page.locator(`main button[formaction="${wizard}/supporting-documentation/new"]`).first().click(),
        );
        await back(page);
        await expect(page).toHaveURL(new RegExp(`${at}$`));
      }
      await press(page, "continue");
      if (new URL(page.url()).pathname.endsWith("/review")) break;
    }
    await expect(page.locator("main .usa-alert").first()).toBeVisible();

    // The lists and the profile.
    for (const href of ["/app/referrals/drafts", "/app/referrals/submitted", "/app/updates", `/app/profile/${user.id}`])
      await tap(page, href);

    // The account's language changed on the profile: the page follows it once the other language's words are here.
    const other = lang === "en" ? { code: "sp", tag: "es" } : { code: "en", tag: "en" };
    const choice = await page.locator(`main input[name=primaryLanguage][value=${other.code}]`).getAttribute("id");
    await page.locator(`main label[for="${choice}"]`).click();
    await page.locator("main input[name=currentPassword]").fill(user.password);
    await page.locator("main form button[type=submit]:not([name])").first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", other.tag, { timeout: 10_000 });
    await tap(page, "/app/dashboard");
    await tap(page, "/app/children");

    await expectSameDocument(page);
    await expectNothingSeen(page);
  });
}

{
  const lang = WALK_LANGUAGE.administrator;
  test(`an administrator's screens opened without a reload never show a key while their words arrive (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    test.slow();
    const referrer = await createUser({ language: lang, signedInBefore: true, lastName: `Words${lang}` });
    const child = await createChild(referrer, { firstName: "Sofía", lastName: "Ramos" });
    const submitted = await startReferral(referrer, child.id);
    await submitDirectly(referrer, submitted);
    await signIn(context, await createUser({ admin: true, language: lang, signedInBefore: true }));
    await slowPhone(page);

    await page.goto(`/app/dashboard?lang=${lang}`);
    await markDocument(page);
    const findUser = async () => {
      await tap(page, "/app/users");
      await page.locator("main .list-filters-disclosure summary").click();
      await page.locator("main input[name=email]").fill(referrer.email);
      await expect(page).toHaveURL(/[?&]email=/);
      await tap(page, `/app/user/${referrer.id}`);
    };
    await findUser();
    await tap(page, `/app/user/${referrer.id}/referrals`);
    await tap(page, `${submitted}/review`);
    await findUser();
    await tap(page, `/app/user/${referrer.id}/children`);
    await tap(page, `/app/children/details/${child.id}`);
    for (const href of [
      "/app/referrals/submitted",
      "/app/children",
      "/app/referrals/drafts",
      "/app/insight",
      "/app/reports",
      "/app/api-keys",
      "/app/dashboard",
    ]) {
      await tap(page, href);
    }
    await expectSameDocument(page);
    await expectNothingSeen(page);
  });
}

for (const lang of ["en", "sp"] as const) {
  test(`a screen whose words cannot be had says so in words the page holds and offers to reload (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    const user = await signIn(context, await createUser({ language: lang, signedInBefore: true }));
    const child = await createChild(user, { firstName: "Lucas", lastName: "Medina" });
    await page.setViewportSize(PHONE);
    await page.addInitScript(watchEveryFrame, localeKeys());
    await page.goto(`/app/children/details/${child.id}?lang=${lang}`);
    // The connection drops: the wizard's words never arrive.
    await page.route(/\/locales\/(en|es)\/wizard\.json/, (route) => route.abort("internetdisconnected"));
    await press(page, "newReferral");

    const common = JSON.parse(readFileSync(`locales/${lang === "sp" ? "es" : "en"}/common.json`, "utf8")) as {
      wordsUnavailable: Record<string, string>;
    };
    const alert = page.getByRole("alert").filter({ hasText: common.wordsUnavailable.title });
    await expect(alert.getByRole("heading", { level: 1 })).toHaveText(common.wordsUnavailable.title);
    await expect(alert).toContainText(common.wordsUnavailable.body);
    await expect(page).toHaveTitle(/^Error: /);
    await expectNothingSeen(page);

    // Reloading once the connection is back shows the step, whole.
    await page.unrouteAll();
    await alert.getByRole("link", { name: common.wordsUnavailable.reload }).click();
    await expect(page).toHaveURL(/\/referrer-information\/relationship$/);
    await expect(page.locator("main form button[value=continue]")).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expectNothingSeen(page);
  });
}

test("a page whose own words cannot be had when it loads stays as the server sent it, and works as without JavaScript @js-only", async ({
  page,
  context,
}) => {
  const user = await signIn(context, await createUser({ signedInBefore: true }));
  const child = await createChild(user, { firstName: "Elena", lastName: "Soto" });
  await page.addInitScript(watchEveryFrame, localeKeys());
  await page.route(NAMESPACE_FILE, (route) => route.abort("internetdisconnected"));
  // Not waiting for the page to run its scripts (the fixture's goto does): it must not.
  await page.goto(`/app/children/details/${child.id}`, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  await expect(page.locator("main h1")).toContainText("Elena Soto");
  await page.waitForTimeout(500);
  await expect(page.locator("html")).not.toHaveClass(/\bjs\b/);

  // Its forms post as they do without JavaScript: a new referral opens the wizard's first step, whole.
  await page.unrouteAll();
  await page.locator("main button[name=intent][value=newReferral]").click();
  await expect(page).toHaveURL(/\/referrer-information\/relationship$/);
  await expect(page.locator("main form button[value=continue]")).toBeVisible();
  await expectNothingSeen(page);
});
