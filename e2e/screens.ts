import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { OTHER_MEDICAL_CONDITION } from "../app/utils/lookup-codes";
import { WIZARD_STEPS } from "../app/wizard/steps";
import { expect, test as base, waitForHydrationOnGoto } from "./fixtures";
import {
  appCode,
  baseURL,
  breakUserUpdates,
  correctChild,
  createAddress,
  createApiKeyFor,
  createChild,
  createResetLink,
  createReviewLinkFor,
  createUser,
  fillReferral,
  giveSecondFactor,
  setConsent,
  referralIdOf,
  sessionCookieOf,
  setStatus,
  signIn,
  startReferral,
  setUpProgram,
  createStaff,
  submitDirectly,
  uniqueEmail,
  waitingSessionCookieOf,
  yearsAgo,
  type TestUser,
} from "./support";

// Every screen of the service, in one list: the accessibility suite, the layout tests and
// `npm run screens` walk it, so a new screen added here is checked and pictured everywhere.

/** Where `npm run screens` writes its pictures (SCREENS_DIR, or screens/ in the repository, not committed). */
export const SCREENS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  process.env.SCREENS_DIR ?? "screens",
);

/**
 * Who looks at a screen: a newReferrer is a referrer who has nothing yet (the empty states); guardedReferrer has an
 * authenticator app, and no address book; atCode and atSetup are administrators past the password, at the second
 * factor's code or its set-up (docs/product-rules.md R129), atMailCode the latter at the code mailed before it;
 * superAdmin may reset someone's second factor; programStaff
 * is staff of the local program the submitted referral belongs to (R137); unsaveable is a referrer whose account the
 * database refuses to change (a failed save, R16).
 */
export type Who =
  | "anonymous"
  | "referrer"
  | "newReferrer"
  | "guardedReferrer"
  | "admin"
  | "superAdmin"
  | "atCode"
  | "atSetup"
  | "atMailCode"
  | "programStaff"
  | "unsaveable";

/** As the address says it (?lang=): sp is Spanish. */
export type Language = "en" | "sp";
export const LANGUAGES: readonly Language[] = ["en", "sp"];

/** The footer's important links on every screen, in their order, the program's contact (help) last (R172). */
export const FOOTER_LINKS = {
  en: { name: "Important links", links: ["Accessibility statement", "Privacy notice", "Contact the program"] },
  sp: {
    name: "Enlaces importantes",
    links: ["Declaración de accesibilidad", "Aviso de privacidad", "Comuníquese con el programa"],
  },
} as const;

/** The records the screens show, made once per worker. */
export interface World {
  referrer: TestUser;
  newReferrer: TestUser;
  admin: TestUser;
  superAdmin: TestUser;
  programStaff: TestUser;
  /**
   * The local program of the submitted referral (its county, Anne Arundel), with an intake address and a staff domain.
   */
  program: { id: number; domain: string };
  guardedReferrer: TestUser;
  /** An administrator with an authenticator app (signed in at its code), and one without (signed in at its set-up). */
  atCode: TestUser;
  atSetup: TestUser;
  /** Someone the administrator's actions on people are asked about. */
  person: TestUser;
  /** The referrer's child with every kind of referral; spareChild has none (it can be deleted). */
  child: number;
  spareChild: number;
  /**
   * Wizard addresses: a Draft just started, a complete Draft with two guardians and a document, a submitted referral.
   */
  draft: string;
  filled: string;
  submitted: string;
  adult: number;
  document: number;
  /** An administrator's live review link to the submitted referral. */
  reviewLink: { id: number; token: string };
  address: number;
  /** Password-reset links of `person`: one at its security questions, one at the new password. */
  resetLink: string;
  answeredResetLink: string;
  unsaveable: TestUser;
  /** A referrer's child found to be four once a complete Draft was begun for them (R37), and that Draft. */
  olderChild: number;
  olderDraft: string;
  /** A Draft of guardedReferrer's, whose consent is saved as "Not yet" (a referrer without an address book). */
  guardedDraft: string;
  /** A submitted referral of Baltimore County's moved into `program`, with its reason (R139). */
  moved: string;
  /** An account that has not followed its verification link. */
  unverified: TestUser;
  /** An administrator whose second factor a super administrator reset. */
  lostApp: TestUser;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A client of the JSON API signed in as the user, as another program would call it. */
async function apiAs(user: TestUser) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: await sessionCookieOf(user) } });
}

async function created(response: Awaited<ReturnType<Awaited<ReturnType<typeof apiAs>>["post"]>>): Promise<number> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Makes the records every screen needs: in the database, as support.ts does, and through the JSON API. */
export async function createWorld(): Promise<World> {
  const referrer = await createUser({ signedInBefore: true, lastName: "Rivera" });
  const admin = await createUser({ admin: true, signedInBefore: true, lastName: "Ortiz" });
  const person = await createUser({ signedInBefore: true, lastName: "Castillo" });
  const child = (await createChild(referrer, { firstName: "Mateo", lastName: "García" })).id;
  const spareChild = (
    await createChild(referrer, { firstName: "Lucía", lastName: "García", birthdate: yearsAgo(0, 120) })
  ).id;

  const draft = await startReferral(referrer, child);
  const filled = await startReferral(referrer, child);
  await fillReferral(referrer, filled, { consent: 2 });
  const submitted = await startReferral(referrer, child);
  await submitDirectly(referrer, submitted);
  await setStatus(
    submitted,
    "Received",
    "We will call the family this week.",
    "Llamaremos a la familia esta semana.",
    new Date().toISOString(),
  );
  // The same child referred again by someone else: the administrator's review says so (docs/product-rules.md R126).
  const again = await createUser({ signedInBefore: true, lastName: "Vega" });
  await submitDirectly(
    again,
    await startReferral(again, (await createChild(again, { firstName: "Mateo", lastName: "Garcia" })).id),
  );

  const api = await apiAs(referrer);
  const adult = await created(
    await api.post("/api/adults", {
      data: {
        referral: `/api/referrals/${referralIdOf(filled)}`,
        firstName: "Luis",
        lastName: "García",
        childRelationship: "1",
        mobilePhoneNumber: { areaCode: "443", prefix: "555", suffix: "0004" },
      },
    }),
  );
  const document = await created(
    await api.post(`/api/referrals/${referralIdOf(filled)}/referral_documents`, {
      multipart: {
        description: "Carta de la pediatra",
        file: { name: "letter.pdf", mimeType: "application/pdf", buffer: PDF },
      },
    }),
  );
  await api.dispose();

  // The administrator's screens with rows: a key, a report, a review link.
  await createApiKeyFor(admin, 30);
  const adminApi = await apiAs(admin);
  const report = await adminApi.post("/generate-report", {
    data: { statuses: ["submitted"], format: "csv", filename: "referrals" },
  });
  expect(report.ok(), await report.text()).toBe(true);
  await adminApi.dispose();

  // The program of the submitted referral's county (fillReferral's Anne Arundel), and someone of its staff, who has
  // opened it (what the referrer's review and updates then say, R138); and a referral moved there from another county.
  const program = await setUpProgram("24003");
  const programStaff = await createStaff(program);
  const staffApi = await apiAs(programStaff);
  expect((await staffApi.get(`/api/referrals/${referralIdOf(submitted)}`)).ok()).toBe(true);
  await staffApi.dispose();
  const mover = await createUser({ signedInBefore: true, lastName: "Paredes" });
  const moved = await startReferral(mover, (await createChild(mover, { firstName: "Elena", lastName: "Paredes" })).id);
  await submitDirectly(mover, moved, { county: "24005" });
  const transferApi = await apiAs(admin);
  const transfer = await transferApi.post(`/api/referrals/${referralIdOf(moved)}/transfer`, {
    data: { toProgram: program.id, reason: "La familia se mudó." },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
  await transferApi.dispose();

  // A child who turned out to be four, with the complete Draft begun before (R37).
  const olderChild = (await createChild(referrer, { firstName: "Tomás", lastName: "Mayor" })).id;
  const olderDraft = await startReferral(referrer, olderChild);
  await fillReferral(referrer, olderDraft, { consent: 2 });
  await correctChild(referrer, olderChild, { firstName: "Tomás", lastName: "Mayor", birthdate: yearsAgo(4) });

  const guardedReferrer = await createUser({ signedInBefore: true, lastName: "Reyes" });
  await giveSecondFactor(guardedReferrer);
  const guardedDraft = await startReferral(
    guardedReferrer,
    (await createChild(guardedReferrer, { firstName: "Inés", lastName: "Reyes" })).id,
  );
  await setConsent(guardedReferrer, guardedDraft, 3);
  const atCode = await createUser({ admin: true, signedInBefore: true, lastName: "Mora" });
  await giveSecondFactor(atCode);
  const superAdmin = await createUser({ admin: true, superAdmin: true, signedInBefore: true, lastName: "Luna" });
  const unsaveable = await createUser({ signedInBefore: true, lastName: "Ibarra" });
  await breakUserUpdates(unsaveable.id);

  return {
    referrer,
    newReferrer: await createUser(),
    admin,
    superAdmin,
    programStaff,
    program,
    guardedReferrer,
    atCode,
    atSetup: await createUser({ admin: true, signedInBefore: true, lastName: "Soto" }),
    person,
    child,
    spareChild,
    draft,
    filled,
    submitted,
    adult,
    document,
    reviewLink: await createReviewLinkFor(admin, referralIdOf(submitted)),
    address: (await createAddress(referrer)).id,
    resetLink: await createResetLink(person),
    answeredResetLink: await createResetLink(await createUser(), { answered: true }),
    unsaveable,
    olderChild,
    olderDraft,
    guardedDraft,
    moved,
    unverified: await createUser({ enabled: false, lastName: "Paredes" }),
    lostApp: await createUser({ admin: true, signedInBefore: true, lastName: "Paz" }),
  };
}

/**
 * The Playwright test with the world made once per worker (its screens only read it), and `screenPage`: one page for
 * each worker that shows screen after screen, signed in afresh for each (openScreen). A new browser context for each
 * screen fetched and compiled the scripts and styles again every time: a fifth of the accessibility suite's time
 * (docs/decisions/0023-the-run-fits-its-hour.md). `scriptlessPage` is the same with JavaScript off, for a suite that
 * looks at each screen both ways in one test. A test that fails ends its worker, and with it the pages.
 */
export const test = base.extend<object, { world: World; screenPage: Page; scriptlessPage: Page }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(await createWorld());
    },
    { scope: "worker" },
  ],
  screenPage: [
    async ({ browser }, use, workerInfo) => {
      // The context options e2e/playwright.config.ts sets, as a test's own page has them: the server's address, and
      // JavaScript on or off by project. A new context option set there must be passed here too.
      const javaScriptEnabled = workerInfo.project.use.javaScriptEnabled !== false;
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, javaScriptEnabled });
      const page = await context.newPage();
      if (javaScriptEnabled) waitForHydrationOnGoto(page);
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
  scriptlessPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, javaScriptEnabled: false });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

export interface Screen {
  /** Unique, lower-case words joined by hyphens: it names the screenshot. */
  name: string;
  who: Who;
  /** The address that shows it (or where `then` starts). */
  path: (world: World) => string;
  /** What brings the page there from the address: a form sent empty, a choice made. */
  then?: (page: Page, world: World) => Promise<void>;
  /** A wizard step: its number (1 to 14) and its section, which the screen must say (e2e/transcripts.ts). */
  step?: { number: number; section: string };
  /** A state only the page's script shows (a dialog, a download's progress): not looked for without JavaScript. */
  jsOnly?: boolean;
  /**
   * Shown in a browser context of its own, closed after: its steps change the page for good (a clock of the test's, a
   * request made to fail), which the page a worker shows screen after screen in must not keep.
   */
  ownPage?: boolean;
}

/** A form refused: the error summary (or the page's error alert) is shown. */
async function errorsShown(page: Page) {
  await expect(page.locator(".usa-alert--error").first()).toBeVisible();
}

/**
 * Sends the main content's form holding this button (by its `intent`, or the first submit button) with what it holds.
 */
async function send(page: Page, intent?: string) {
  const button = intent
    ? page.locator(`main button[type=submit][name=intent][value=${intent}]`)
    : page.locator("main form[method=post] button[type=submit]");
  await button.first().click();
}

async function sendEmpty(page: Page, intent?: string) {
  await send(page, intent);
  await errorsShown(page);
}

/** Opens the confirmation page a link in the page leads to (with JavaScript the link opens a dialog instead). */
async function followHref(page: Page, selector: string) {
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, selector).toBeTruthy();
  await page.goto(new URL(href!, page.url()).toString());
}

/**
 * A PDF one byte over the 30 MB limit, written once a worker (as a path: the browser reads it itself, where 30 MB sent
 * through the test's connection to the browser took seconds), removed as the worker ends.
 */
let tooLarge: string | undefined;
function tooLargeFile() {
  if (!tooLarge) {
    const dir = mkdtempSync(path.join(tmpdir(), "too-large-"));
    tooLarge = path.join(dir, "scan.pdf");
    writeFileSync(tooLarge, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(30 * 1024 * 1024 + 1 - 9, 0x20)]));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return tooLarge;
}

/** What the last action did, said at the top of the page it led to (the flash message, R153). */
async function flashShown(page: Page) {
  await expect(page.locator(".flash-message .usa-alert--success")).toBeVisible();
}

/** With JavaScript, a link of the page that asks before acting opens its question in a modal dialog. */
async function openDialog(page: Page, selector: string) {
  await page.locator(selector).first().click();
  await expect(page.locator("dialog[open]")).toBeVisible();
}

/** Ticks a box or a radio button of the main content by its name and value, as a person does: on its label (USWDS). */
async function tick(page: Page, name: string, value: string) {
  const box = page.locator(`main input[name=${name}][value="${value}"]`).first();
  await page.locator(`main label[for="${await box.getAttribute("id")}"]`).click();
}

/** The context's cookie of a session past the password, waiting at the second factor's code or set-up (R129). */
async function waitAt(context: BrowserContext, user: TestUser, awaiting: "mailCode" | "code" | "setup") {
  const [name, ...value] = (await waitingSessionCookieOf(user, awaiting)).split("=");
  await context.addCookies([{ name, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

const stepNames: Record<string, string> = {
  relationship: "relationship",
  proxy: "proxy",
  sex: "sex-and-race",
  childLanguage: "child-language",
  address: "address",
  gestationalAge: "gestational-age",
  guardians: "guardians",
  familyLanguage: "family-language",
  interpreter: "interpreter",
  fosterCare: "foster-care",
  reasons: "reasons",
  screening: "screening",
  details: "details",
  documents: "documents",
};

const wizardSteps = WIZARD_STEPS.filter((step) => step.key !== "review");

export const SCREENS: readonly Screen[] = [
  // Public pages.
  { name: "sign-in", who: "anonymous", path: () => "/login" },
  { name: "sign-in-errors", who: "anonymous", path: () => "/login", then: (page) => sendEmpty(page) },
  { name: "sign-in-after-registration", who: "anonymous", path: () => "/login?registrationComplete=true" },
  { name: "sign-in-session-expired", who: "anonymous", path: () => "/login?expired=1" },
  { name: "second-factor-code", who: "atCode", path: () => "/login/second-factor" },
  {
    name: "second-factor-code-errors",
    who: "atCode",
    path: () => "/login/second-factor",
    then: (page) => sendEmpty(page),
  },
  { name: "second-factor-recovery", who: "atCode", path: () => "/login/second-factor?recovery=1" },
  { name: "mail-code", who: "atMailCode", path: () => "/login/mail-code" },
  { name: "mail-code-errors", who: "atMailCode", path: () => "/login/mail-code", then: (page) => sendEmpty(page) },
  {
    name: "mail-code-sent",
    who: "anonymous",
    path: () => "/login",
    // Five codes an hour reach one account: a new administrator each time asks for another.
    then: async (page) => {
      await waitAt(
        page.context(),
        await createUser({ admin: true, signedInBefore: true, lastName: "Paredes" }),
        "mailCode",
      );
      await page.goto("/login/mail-code");
      await send(page, "resend");
      await expect(page.locator(".usa-alert--success")).toBeVisible();
    },
  },
  { name: "second-factor-setup", who: "atSetup", path: () => "/login/second-factor-setup" },
  {
    name: "second-factor-setup-errors",
    who: "atSetup",
    path: () => "/login/second-factor-setup",
    then: (page) => sendEmpty(page),
  },
  {
    name: "second-factor-setup-recovery-codes",
    who: "anonymous",
    path: () => "/login",
    // The codes are the set-up's answer, shown once: a new administrator each time, waiting at the set-up, sets it up.
    then: async (page) => {
      await waitAt(
        page.context(),
        await createUser({ admin: true, signedInBefore: true, lastName: "Paredes" }),
        "setup",
      );
      await page.goto("/login/second-factor-setup");
      const secret = ((await page.locator("main [data-secret-key]").textContent()) ?? "").replace(/\s+/g, "");
      await page.locator("main input[name=code]").fill(await appCode(secret));
      await send(page);
      await expect(page.locator("main .recovery-codes li")).toHaveCount(10);
    },
  },
  { name: "register", who: "anonymous", path: () => "/register" },
  { name: "register-errors", who: "anonymous", path: () => "/register", then: (page) => sendEmpty(page) },
  { name: "forgot-password", who: "anonymous", path: () => "/forgot-password" },
  { name: "forgot-password-errors", who: "anonymous", path: () => "/forgot-password", then: (page) => sendEmpty(page) },
  {
    name: "forgot-password-sent",
    who: "anonymous",
    path: () => "/forgot-password",
    // The hidden robots' field answers "sent" at once: the same screen, without using up the address's hourly allowance
    // of mails.
    then: async (page) => {
      await page.locator("input[name=email]").fill(uniqueEmail());
      await page.locator("input[name=website]").fill("x", { force: true });
      await send(page);
      await expect(page.locator("input[name=email]")).toHaveValue("");
    },
  },
  { name: "reset-password-questions", who: "anonymous", path: (w) => w.resetLink },
  {
    name: "reset-password-questions-errors",
    who: "anonymous",
    path: (w) => w.resetLink,
    then: (page) => sendEmpty(page),
  },
  { name: "reset-password-new-password", who: "anonymous", path: (w) => w.answeredResetLink },
  { name: "reset-password-invalid-link", who: "anonymous", path: () => "/reset-password?token=unknown" },
  { name: "verify-email-invalid-link", who: "anonymous", path: () => "/verify-email?token=unknown" },
  {
    name: "external-review",
    who: "anonymous",
    path: (w) => `/app/referral/review/external?token=${encodeURIComponent(w.reviewLink.token)}`,
  },
  { name: "external-review-no-link", who: "anonymous", path: () => "/app/referral/review/external" },
  { name: "not-found", who: "anonymous", path: () => "/no-such-page" },
  { name: "api-docs", who: "anonymous", path: () => "/api/docs" },
  { name: "accessibility-statement", who: "anonymous", path: () => "/accessibility" },
  { name: "privacy-notice", who: "anonymous", path: () => "/privacy" },
  { name: "contact", who: "anonymous", path: () => "/contact" },

  // A new referrer: the empty states.
  { name: "new-dashboard", who: "newReferrer", path: () => "/app/dashboard" },
  { name: "new-children", who: "newReferrer", path: () => "/app/children" },
  { name: "new-drafts", who: "newReferrer", path: () => "/app/referrals/drafts" },
  { name: "new-submitted", who: "newReferrer", path: () => "/app/referrals/submitted" },
  { name: "new-updates", who: "newReferrer", path: () => "/app/updates" },
  { name: "new-profile", who: "newReferrer", path: (w) => `/app/profile/${w.newReferrer.id}` },
  // "Refer a child" starts with the child's birth date, saying why.
  {
    name: "child-add-birth-date-referring",
    who: "newReferrer",
    path: () => "/app/children/edit/preverify?next=referral",
  },

  // A referrer with children and referrals.
  { name: "dashboard", who: "referrer", path: () => "/app/dashboard" },
  {
    name: "dashboard-menu-closed",
    who: "referrer",
    path: () => "/app/dashboard",
    // What the menu's toggle posts (a form without JavaScript).
    then: async (page) => {
      await page.request.post("/app/navigation", {
        form: { open: "false", redirectTo: "/app/dashboard" },
        maxRedirects: 0,
      });
      await page.reload();
    },
  },
  // The phone menu as a page without JavaScript opens it (?menu=open).
  { name: "dashboard-menu-open", who: "referrer", path: () => "/app/dashboard?menu=open" },
  {
    // After 10 minutes without activity, the dialog that counts down to the end of the session (R25).
    name: "session-ending-dialog",
    who: "referrer",
    path: () => "/app/dashboard",
    jsOnly: true,
    ownPage: true,
    then: async (page) => {
      await page.clock.install();
      await page.reload();
      await page.locator("html.js").waitFor({ state: "attached" });
      await page.clock.fastForward("10:05");
      await expect(page.locator("dialog[open]")).toBeVisible();
    },
  },
  { name: "children", who: "referrer", path: () => "/app/children" },
  { name: "child", who: "referrer", path: (w) => `/app/children/details/${w.child}` },
  { name: "child-without-referral", who: "referrer", path: (w) => `/app/children/details/${w.spareChild}` },
  { name: "child-delete-confirm", who: "referrer", path: (w) => `/app/children/details/${w.spareChild}?delete` },
  { name: "child-too-old", who: "referrer", path: (w) => `/app/children/details/${w.olderChild}` },
  {
    name: "child-updated",
    who: "referrer",
    path: (w) => `/app/children/edit/name?id=${w.spareChild}`,
    then: async (page) => {
      await send(page);
      await flashShown(page);
    },
  },
  { name: "child-add-birth-date", who: "referrer", path: () => "/app/children/edit/preverify" },
  {
    name: "child-add-birth-date-errors",
    who: "referrer",
    path: () => "/app/children/edit/preverify",
    then: (page) => sendEmpty(page),
  },
  {
    name: "child-add-too-old",
    who: "referrer",
    path: () => "/app/children/edit/preverify",
    then: async (page) => {
      await page.locator("select[name=birthYear]").selectOption(yearsAgo(5).slice(0, 4));
      await page.locator("select[name=birthMonth]").selectOption("1");
      await page.locator("select[name=birthDay]").selectOption("1");
      await sendEmpty(page);
    },
  },
  {
    name: "child-add-name",
    who: "referrer",
    path: () => `/app/children/edit/name?birthdate=${yearsAgo(1)}&stateOfResidence=21`,
  },
  {
    name: "child-add-name-errors",
    who: "referrer",
    path: () => `/app/children/edit/name?birthdate=${yearsAgo(1)}&stateOfResidence=21`,
    then: (page) => sendEmpty(page),
  },
  // The name's page opened without the birth date and state it follows from.
  { name: "child-add-name-missing", who: "referrer", path: () => "/app/children/edit/name" },
  { name: "child-edit-birth-date", who: "referrer", path: (w) => `/app/children/edit/preverify?id=${w.child}` },
  { name: "child-edit-name", who: "referrer", path: (w) => `/app/children/edit/name?id=${w.child}` },
  { name: "drafts", who: "referrer", path: () => "/app/referrals/drafts" },
  {
    name: "drafts-delete-confirm",
    who: "referrer",
    path: (w) => `/app/referrals/drafts?delete=${referralIdOf(w.draft)}`,
  },
  // A filter that matches nothing: said, with the filters open to change it.
  { name: "drafts-no-match", who: "referrer", path: () => "/app/referrals/drafts?childName=nobody-by-this-name" },
  { name: "submitted", who: "referrer", path: () => "/app/referrals/submitted" },
  { name: "updates", who: "referrer", path: () => "/app/updates" },

  // The wizard: its 14 steps as a new Draft shows them, then the screens of a complete Draft.
  ...wizardSteps.map(
    (step, index): Screen => ({
      name: `wizard-${String(index + 1).padStart(2, "0")}-${stepNames[step.key]}`,
      who: "referrer",
      path: (w) => `${w.draft}/${step.path}`,
      step: { number: index + 1, section: step.section! },
    }),
  ),
  {
    name: "wizard-relationship-errors",
    who: "referrer",
    path: (w) => `${w.draft}/referrer-information/relationship`,
    then: (page) => sendEmpty(page, "continue"),
  },
  {
    // A race chosen without the answer to Hispanic or Latino (refused, so the Draft is unchanged).
    name: "wizard-sex-and-race-errors",
    who: "referrer",
    path: (w) => `${w.draft}/child-information/sex`,
    then: async (page) => {
      await tick(page, "races", "2106-3");
      await sendEmpty(page, "continue");
    },
  },
  {
    name: "wizard-address-no-book",
    who: "guardedReferrer",
    path: (w) => `${w.guardedDraft}/child-information/address`,
  },
  {
    name: "wizard-screening-other-errors",
    who: "referrer",
    path: (w) => `${w.draft}/reason/screen`,
    then: async (page) => {
      await tick(page, "conditions", OTHER_MEDICAL_CONDITION);
      await sendEmpty(page, "continue");
    },
  },
  {
    // A step saved (its answers as they were): the step again, saying so.
    name: "wizard-details-saved",
    who: "referrer",
    path: (w) => `${w.filled}/details/select`,
    then: async (page) => {
      await send(page, "save");
      await flashShown(page);
    },
  },
  { name: "wizard-guardians-listed", who: "referrer", path: (w) => `${w.filled}/family-information/guardian-list` },
  { name: "wizard-guardian-add", who: "referrer", path: (w) => `${w.filled}/family-information/guardian/add-edit/new` },
  {
    name: "wizard-guardian-add-errors",
    who: "referrer",
    path: (w) => `${w.filled}/family-information/guardian/add-edit/new`,
    then: (page) => sendEmpty(page),
  },
  {
    name: "wizard-guardian-edit",
    who: "referrer",
    path: (w) => `${w.filled}/family-information/guardian/add-edit/${w.adult}`,
  },
  {
    name: "wizard-guardian-delete-confirm",
    who: "referrer",
    path: (w) => `${w.filled}/family-information/guardian-list?delete=${w.adult}`,
  },
  { name: "wizard-documents-listed", who: "referrer", path: (w) => `${w.filled}/supporting-documentation/list` },
  { name: "wizard-document-add", who: "referrer", path: (w) => `${w.filled}/supporting-documentation/new` },
  {
    name: "wizard-document-add-errors",
    who: "referrer",
    path: (w) => `${w.filled}/supporting-documentation/new`,
    then: (page) => sendEmpty(page),
  },
  {
    // A file over 30 MB: with JavaScript a dialog says so before anything is sent; without, the server refuses it
    // (413).
    name: "wizard-document-add-too-large",
    who: "referrer",
    path: (w) => `${w.filled}/supporting-documentation/new`,
    then: async (page) => {
      await page.locator("main input[name=description]").fill("Evaluación completa");
      await page.locator("main input[type=file]").setInputFiles(tooLargeFile());
      if (await page.locator("html.js").count()) await expect(page.locator("dialog[open]")).toBeVisible();
      else await sendEmpty(page);
    },
  },
  {
    name: "wizard-document-updated",
    who: "referrer",
    path: (w) => `${w.filled}/supporting-documentation/${w.document}`,
    then: async (page) => {
      await send(page);
      await flashShown(page);
    },
  },
  {
    name: "wizard-documents-consent-not-yet",
    who: "guardedReferrer",
    path: (w) => `${w.guardedDraft}/supporting-documentation/list`,
  },
  { name: "wizard-document-edit", who: "referrer", path: (w) => `${w.filled}/supporting-documentation/${w.document}` },
  {
    name: "wizard-document-delete-confirm",
    who: "referrer",
    path: (w) => `${w.filled}/supporting-documentation/list?delete=${w.document}`,
  },
  { name: "review-incomplete", who: "referrer", path: (w) => `${w.draft}/review` },
  { name: "review-complete", who: "referrer", path: (w) => `${w.filled}/review` },
  { name: "review-submit-confirm", who: "referrer", path: (w) => `${w.filled}/review?confirm=submit` },
  {
    name: "review-submit-dialog",
    who: "referrer",
    path: (w) => `${w.filled}/review`,
    jsOnly: true,
    then: (page) => openDialog(page, "main a[href$='confirm=submit']"),
  },
  {
    // The child turned four: the submit is refused, saying why.
    name: "review-submit-too-old",
    who: "referrer",
    path: (w) => `${w.olderDraft}/review?confirm=submit`,
    then: (page) => sendEmpty(page, "submit"),
  },
  { name: "review-delete-confirm", who: "referrer", path: (w) => `${w.filled}/review?confirm=delete` },
  { name: "review-submitted", who: "referrer", path: (w) => `${w.submitted}/review` },
  { name: "submitted-confirmation", who: "referrer", path: (w) => `${w.submitted}/submitted` },
  {
    // A word file that cannot be had: the screen says so, in words the page holds, and offers to reload (R130).
    name: "words-unavailable",
    who: "referrer",
    path: (w) => `/app/children/details/${w.child}`,
    jsOnly: true,
    ownPage: true,
    then: async (page) => {
      await page.route(/\/locales\/(en|es)\/wizard\.json/, (route) => route.abort("internetdisconnected"));
      await page.locator("main a.usa-button[href*='/referral/']").first().click();
      await expect(page.locator("main [role=alert] h1")).toBeVisible();
    },
  },

  // The referrer's profile and address book.
  { name: "profile", who: "referrer", path: (w) => `/app/profile/${w.referrer.id}` },
  {
    name: "profile-errors",
    who: "referrer",
    path: (w) => `/app/profile/${w.referrer.id}`,
    then: async (page) => {
      const form = page.locator("main form", { has: page.locator("input[name=firstName]") });
      await form.locator("input[name=firstName]").fill("");
      await form.locator("button[type=submit]").first().click();
      await errorsShown(page);
    },
  },
  { name: "profile-second-factor-setup", who: "referrer", path: (w) => `/app/profile/${w.referrer.id}/second-factor` },
  {
    name: "profile-second-factor-setup-errors",
    who: "referrer",
    path: (w) => `/app/profile/${w.referrer.id}/second-factor`,
    then: (page) => sendEmpty(page),
  },
  {
    name: "profile-second-factor-on",
    who: "guardedReferrer",
    path: (w) => `/app/profile/${w.guardedReferrer.id}/second-factor`,
  },
  {
    name: "profile-second-factor-on-recovery",
    who: "guardedReferrer",
    path: (w) => `/app/profile/${w.guardedReferrer.id}/second-factor?recovery=1`,
  },
  {
    // The database refuses the save: the page says nothing was saved, and keeps what was typed.
    name: "profile-update-failed",
    who: "unsaveable",
    path: (w) => `/app/profile/${w.unsaveable.id}`,
    then: async (page) => {
      const form = page.locator("main form", { has: page.locator("input[name=middleName]") });
      await form.locator("input[name=middleName]").fill("Beatriz");
      await form.locator("button[type=submit]").first().click();
      await errorsShown(page);
    },
  },
  { name: "address-add", who: "referrer", path: (w) => `/app/profile/${w.referrer.id}/address/new` },
  {
    name: "address-add-errors",
    who: "referrer",
    path: (w) => `/app/profile/${w.referrer.id}/address/new`,
    then: (page) => sendEmpty(page, "saveAndContinue"),
  },
  { name: "address-edit", who: "referrer", path: (w) => `/app/profile/${w.referrer.id}/address/${w.address}` },
  {
    name: "address-saved",
    who: "referrer",
    path: (w) => `/app/profile/${w.referrer.id}/address/${w.address}`,
    then: async (page) => {
      await send(page, "save");
      await flashShown(page);
    },
  },
  {
    name: "address-delete-confirm",
    who: "referrer",
    path: (w) => `/app/profile/${w.referrer.id}/address/${w.address}?delete`,
  },

  // Signed-in error pages.
  { name: "app-not-found", who: "referrer", path: () => "/app/no-such-page" },
  { name: "app-error-not-found", who: "referrer", path: () => "/app/error/not-found" },
  { name: "app-error-unexpected", who: "referrer", path: () => "/app/error/unexpected" },
  { name: "child-not-found", who: "referrer", path: () => "/app/children/details/999999999" },

  // Administrators.
  { name: "admin-dashboard", who: "admin", path: () => "/app/dashboard" },
  { name: "admin-users", who: "admin", path: () => "/app/users" },
  {
    // The users filtered to one not yet verified, whose verification mail was just sent again.
    name: "admin-users-verification-sent",
    who: "admin",
    path: (w) =>
      `/app/users?status=unverified&email=${encodeURIComponent(w.unverified.email)}&confirm=resendVerification&user=${w.unverified.id}`,
    then: async (page) => {
      await send(page, "resendVerification");
      await flashShown(page);
    },
  },
  {
    // With JavaScript, the list's CSV made in the page, its progress shown to the end.
    name: "admin-users-export-done",
    who: "admin",
    path: (w) => `/app/users?email=${encodeURIComponent(w.person.email)}`,
    jsOnly: true,
    then: async (page) => {
      await page.locator("main .list-export a[download]").last().click();
      await expect(page.locator("main .list-export progress")).toHaveJSProperty("value", 100);
    },
  },
  {
    name: "admin-users-deactivate-confirm",
    who: "admin",
    path: (w) => `/app/users?email=${encodeURIComponent(w.person.email)}&confirm=deactivate&user=${w.person.id}`,
  },
  { name: "admin-user", who: "admin", path: (w) => `/app/user/${w.referrer.id}` },
  // A referrer's profile as an administrator sees it: read only.
  { name: "admin-profile", who: "admin", path: (w) => `/app/profile/${w.referrer.id}` },
  {
    name: "admin-user-reset-confirm",
    who: "admin",
    path: (w) => `/app/user/${w.person.id}?confirm=reset&user=${w.person.id}`,
  },
  { name: "admin-user-second-factor", who: "superAdmin", path: (w) => `/app/user/${w.atCode.id}` },
  { name: "super-admin-security-events", who: "superAdmin", path: () => "/app/security-events" },
  {
    name: "super-admin-security-events-filtered",
    who: "superAdmin",
    path: () => "/app/security-events?kind=signIn&atType=after&atFrom=2020-01-01",
  },
  {
    name: "super-admin-security-events-empty",
    who: "superAdmin",
    path: () => "/app/security-events?person=nobody-by-this-name",
  },
  {
    name: "admin-user-second-factor-reset-confirm",
    who: "superAdmin",
    path: (w) => `/app/user/${w.atCode.id}?confirm=resetSecondFactor&user=${w.atCode.id}`,
  },
  {
    // An administrator who lost their app, given one again, then reset by the super administrator: said, and in the
    // history.
    name: "admin-user-second-factor-was-reset",
    who: "superAdmin",
    path: (w) => `/app/user/${w.lostApp.id}?confirm=resetSecondFactor&user=${w.lostApp.id}`,
    then: async (page, w) => {
      await giveSecondFactor(w.lostApp);
      // Opened again (goto waits for the page's script, as a person's first tap would).
      await page.goto(page.url());
      await send(page, "resetSecondFactor");
      await flashShown(page);
    },
  },
  { name: "admin-user-referrals", who: "admin", path: (w) => `/app/user/${w.referrer.id}/referrals` },
  { name: "admin-user-children", who: "admin", path: (w) => `/app/user/${w.referrer.id}/children` },
  { name: "admin-children", who: "admin", path: () => "/app/children" },
  { name: "admin-child", who: "admin", path: (w) => `/app/children/details/${w.child}` },
  { name: "admin-drafts", who: "admin", path: () => "/app/referrals/drafts" },
  { name: "admin-submitted", who: "admin", path: () => "/app/referrals/submitted" },
  { name: "admin-review", who: "admin", path: (w) => `${w.submitted}/review` },
  { name: "admin-review-draft", who: "admin", path: (w) => `${w.draft}/review` },
  {
    name: "admin-review-link-created",
    who: "admin",
    path: (w) => `${w.submitted}/review`,
    then: async (page) => {
      await page.locator("main input[name=reviewerName]").fill("Dr. Ana Ruiz");
      await page.locator("main input[name=purpose]").fill("a second opinion");
      await send(page, "createLink");
      await expect(page.locator("main code, main input[readonly]").first()).toBeVisible();
    },
  },
  {
    name: "admin-review-link-errors",
    who: "admin",
    path: (w) => `${w.submitted}/review`,
    then: async (page) => {
      await send(page, "createLink");
      await expect(page.locator("main input[name=reviewerName][aria-invalid=true]")).toBeVisible();
    },
  },
  {
    name: "admin-review-revoke-confirm",
    who: "admin",
    path: (w) => `${w.submitted}/review?confirm=revoke&link=${w.reviewLink.id}`,
  },
  { name: "admin-submitted-same-child", who: "admin", path: () => "/app/referrals/submitted?sameChild=yes" },
  { name: "admin-insight", who: "admin", path: () => "/app/insight" },
  { name: "admin-insight-by-county", who: "admin", path: () => "/app/insight?by=county" },
  { name: "admin-insight-errors", who: "admin", path: () => "/app/insight?from=31/31/2020&to=2020-01-01" },
  { name: "admin-reports", who: "admin", path: () => "/app/reports" },
  {
    name: "admin-report-made",
    who: "admin",
    path: () => "/app/reports",
    then: async (page) => {
      // Allegany's referrals: few, so the file is made at once.
      await page.locator("main select[name=county]").first().selectOption("24001");
      await send(page, "referral");
      await expect(page.locator("main .usa-alert--success a[download]").first()).toBeVisible();
    },
  },
  { name: "admin-api-keys", who: "admin", path: () => "/app/api-keys" },
  {
    name: "admin-api-keys-errors",
    who: "admin",
    path: () => "/app/api-keys",
    then: (page) => sendEmpty(page, "create"),
  },
  {
    // A key is made with the password and a current code of the maker's app (R101), each code taken once: a new
    // administrator each time makes one, and sees it once.
    name: "admin-api-key-created",
    who: "admin",
    path: () => "/app/api-keys",
    then: async (page) => {
      const maker = await createUser({ admin: true, signedInBefore: true, lastName: "Navarro" });
      const { secret } = await giveSecondFactor(maker);
      await signIn(page.context(), maker);
      await page.goto(page.url());
      await page.locator("main input[name=keyName]").fill(`Key ${randomUUID().slice(0, 8)}`);
      await tick(page, "scope", "read");
      await page.locator("main input[name=currentPassword]").fill(maker.password);
      await page.locator("main input[name=code]").fill(await appCode(secret, 1));
      await send(page, "create");
      await expect(page.locator("main code.api-key")).toBeVisible();
    },
  },
  {
    name: "admin-api-key-revoke-confirm",
    who: "admin",
    path: () => "/app/api-keys",
    then: (page) => followHref(page, "main a[href*='confirm=revoke']"),
  },
  { name: "admin-submitted-past-days", who: "admin", path: () => "/app/referrals/submitted?pastDays=0" },
  {
    name: "program-submitted-past-days-invalid",
    who: "programStaff",
    path: () => "/app/referrals/submitted?pastDays=forty",
  },

  // Local programs (docs/product-rules.md R136-R142).
  { name: "super-admin-local-programs", who: "superAdmin", path: () => "/app/local-programs" },
  { name: "super-admin-local-program", who: "superAdmin", path: (w) => `/app/local-programs/${w.program.id}` },
  {
    name: "super-admin-local-program-errors",
    who: "superAdmin",
    path: (w) => `/app/local-programs/${w.program.id}`,
    then: async (page) => {
      await page.locator("main input[name=intakeEmail]").fill("not an address");
      await page.locator("main textarea[name=approvedDomains]").fill("example, @@");
      await send(page);
      await errorsShown(page);
    },
  },
  { name: "super-admin-user-staff-programs", who: "superAdmin", path: (w) => `/app/user/${w.person.id}` },
  {
    name: "super-admin-user-staff-programs-refused",
    who: "superAdmin",
    path: (w) => `/app/user/${w.person.id}`,
    then: async (page, w) => {
      // Castillo's e-mail is at example.com, not one of the program's staff domains: refused, with why.
      // USWDS draws the box on its label: the label is what a person taps.
      const box = page.locator(`main input[name=localPrograms][value="${w.program.id}"]`);
      await page.locator(`main label[for="${await box.getAttribute("id")}"]`).click();
      await expect(box).toBeChecked();
      await send(page, "staffPrograms");
      await errorsShown(page);
    },
  },
  { name: "program-dashboard", who: "programStaff", path: () => "/app/dashboard" },
  { name: "program-submitted", who: "programStaff", path: () => "/app/referrals/submitted" },
  { name: "program-review", who: "programStaff", path: (w) => `${w.submitted}/review` },
  // A referral moved into the program: the moves between programs, with why.
  { name: "program-review-moved", who: "programStaff", path: (w) => `${w.moved}/review` },
  {
    name: "program-review-transfer-errors",
    who: "programStaff",
    path: (w) => `${w.submitted}/review`,
    then: (page) => sendEmpty(page, "transfer"),
  },
  { name: "program-insight", who: "programStaff", path: () => "/app/insight" },
  { name: "program-reports", who: "programStaff", path: () => "/app/reports" },
];

/** The context signed in as the screen's viewer (and no one for a public screen). */
export async function signInAs(context: BrowserContext, world: World, who: Who) {
  await context.clearCookies();
  if (who === "atCode" || who === "atSetup") await waitAt(context, world[who], who === "atCode" ? "code" : "setup");
  else if (who === "atMailCode") await waitAt(context, world.atSetup, "mailCode");
  else if (who !== "anonymous") await signIn(context, world[who]);
}

/**
 * The page to show a screen in: the one given, or, for a screen that changes its page for good (`ownPage`), a page of
 * its own with the same settings, closed by `close`.
 */
export async function pageFor(
  screen: Screen,
  shared: Page,
  javaScriptEnabled: boolean,
): Promise<{ page: Page; close: () => Promise<void> }> {
  if (!screen.ownPage) return { page: shared, close: async () => {} };
  const context = await shared.context().browser()!.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  if (javaScriptEnabled) waitForHydrationOnGoto(page);
  return { page, close: () => context.close() };
}

/** Signs in as the screen's viewer and brings the page to the screen, in a language; the answer to its address. */
export async function openScreen(page: Page, screen: Screen, world: World, language: Language) {
  await signInAs(page.context(), world, screen.who);
  const path = screen.path(world);
  const answer = await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
  await screen.then?.(page, world);
  // A form's answer is shown before the page's data is read again (a refused form's errors, a key just made): what
  // is checked is the page once nothing is under way, not a form still busy.
  await expect(page.locator("form[aria-busy=true]")).toHaveCount(0);
  await expect(page.locator("#busy-status:not(:empty)")).toHaveCount(0);
  return answer;
}
