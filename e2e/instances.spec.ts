import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { DB } from "../app/db.server";
import { readOutbox } from "../app/test/outbox";
import { expect, test } from "./fixtures";
import { freePort, OwnServer, send } from "./own-server";
import {
  appCode,
  createChild,
  createUser,
  fillReferral,
  openDataDir,
  referralIdOf,
  sessionCookieOf,
  sessionSecret,
  startReferral,
  yearsAgo,
  type TestUser,
} from "./support";

// Two production servers behind one address (docs/product-rules.md R122): two instances on two
// ports, one database (the run's PostgreSQL, or SQLite's file in the shared folder) and one shared
// data folder, as a load balancer would put them. A person's requests go to either, alternately.

const TEXT = {
  dashboard: "Dashboard",
  refer: "Refer a child",
  preverifyTitle: "Add a child: date of birth and state",
  month: "Month",
  day: "Day",
  year: "Year",
  continue: "Continue",
  firstName: "First name",
  lastName: "Last name",
  addAndStart: "Add the child and start the referral",
  relationship: "Your relationship to the child",
  relatedHow: "How are you related to the child?",
  saveAndContinue: "Save and continue",
  review: (name: string) => new RegExp(`^Review referral \\d+ for ${name}$`),
  missingConsentDocument: "The signed consent form",
  addConsent: "Add a consent document",
  file: "File",
  upload: "Upload the document",
  submit: "Submit the referral",
  submitConfirm: "Yes, submit it",
  confirmation: "Referral submitted",
};

/** The calls each caller may make a minute on both servers, low enough to reach in a test. */
const API_LIMIT = 5;

let dataDir: string;
let db: DB;
let a: OwnServer;
let b: OwnServer;
/** An administrator made while the domains allowed it, outside ADMIN_EMAIL_DOMAINS when the two instances start. */
let outsideAdmin: TestUser;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-instances-"));
  const opened = await openDataDir(dataDir);
  db = opened.db;
  outsideAdmin = await createUser({ admin: true, domain: "contractor.example.net" }, db);
  const secret = await sessionSecret();
  // As behind a load balancer on this machine: the client's address is the one X-Forwarded-For names
  // (docs/configuration.md: TRUST_PROXY).
  const settings = {
    ...opened.env,
    API_RATE_LIMIT: String(API_LIMIT),
    ADMIN_EMAIL_DOMAINS: "maryland.gov",
    TRUST_PROXY: "loopback",
  };
  a = new OwnServer(dataDir, secret, await freePort(), settings);
  b = new OwnServer(dataDir, secret, await freePort(), settings);
  await Promise.all([a.start(), b.start()]);
});

test.afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("two instances starting at once end the administrator role of someone ADMIN_EMAIL_DOMAINS no longer covers, once @http", async () => {
  const roles = await db.selectFrom("user_roles").select("role").where("user_id", "=", outsideAdmin.id).execute();
  expect(roles.map((row) => row.role)).toEqual(["ROLE_USER"]);
  const ended = await db
    .selectFrom("security_events")
    .select("details")
    .where("kind", "=", "roleEndedByDomain")
    .where("subject_user_id", "=", outsideAdmin.id)
    .execute();
  expect(ended).toEqual([{ details: JSON.stringify({ reason: "adminDomains" }) }]);
});

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

test("a referral started on one instance is continued, given a document and submitted on the other", async ({
  browser,
  javaScriptOn,
}) => {
  test.slow();
  const user = await createUser({}, db);
  // One cookie for both: cookies belong to the host, whatever the port, as behind one address.
  const context = await browser.newContext({ javaScriptEnabled: javaScriptOn });
  try {
    const [name, ...value] = (await sessionCookieOf(user, db)).split("=");
    await context.addCookies([{ name, value: value.join("="), url: a.base, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();

    // On A: a new child and its referral, from the dashboard.
    await page.goto(`${a.base}/app/dashboard`);
    await heading(page, TEXT.dashboard);
    await page.getByRole("link", { name: TEXT.refer, exact: true }).click();
    await heading(page, TEXT.preverifyTitle);
    const [year, month, day] = yearsAgo(1, 3).split("-").map(Number);
    await page.getByLabel(TEXT.month, { exact: true }).selectOption(String(month));
    await page.getByLabel(TEXT.year, { exact: true }).selectOption(String(year));
    await page.getByLabel(TEXT.day, { exact: true }).selectOption(String(day));
    await page.getByRole("button", { name: TEXT.continue }).click();
    const firstName = `Dos${randomBytes(3).toString("hex")}`;
    await page.getByLabel(TEXT.firstName, { exact: true }).fill(firstName);
    await page.getByLabel(TEXT.lastName, { exact: true }).fill("Instancias");
    await page.getByRole("button", { name: TEXT.addAndStart }).click();
    await heading(page, TEXT.relationship);
    expect(page.url().startsWith(a.base)).toBe(true);
    const wizard = new URL(page.url()).pathname.replace(/\/referrer-information\/relationship$/, "");

    // On B: the same referral, its first step answered, the rest as the wizard saves it.
    await page.goto(`${b.base}${wizard}/referrer-information/relationship`);
    await heading(page, TEXT.relationship);
    await page
      .getByRole("group", { name: TEXT.relatedHow })
      .locator("label", { hasText: /^Parent$/ })
      .click();
    await page.getByRole("button", { name: TEXT.saveAndContinue }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText(TEXT.relationship);
    await fillReferral(user, wizard, { consent: 1 }, db);

    // Still on B: the signed consent form, uploaded, then the referral submitted.
    const childName = `${firstName} Instancias`;
    await page.goto(`${b.base}${wizard}/review`);
    await heading(page, TEXT.review(childName));
    await page.getByRole("link", { name: new RegExp(TEXT.missingConsentDocument) }).click();
    await page.getByRole("button", { name: TEXT.addConsent }).click();
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(50_000)]);
    await page
      .getByLabel(TEXT.file, { exact: true })
      .setInputFiles({ name: "consent.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: TEXT.upload }).click();
    await page.getByRole("button", { name: TEXT.saveAndContinue }).click();
    await heading(page, TEXT.review(childName));
    await page.getByRole("link", { name: TEXT.submit }).click();
    await page.getByRole("button", { name: TEXT.submitConfirm }).click();
    await heading(page, TEXT.confirmation);
    expect(page.url()).toBe(`${b.base}${wizard}/submitted`);

    // One referral, submitted; its document's file in the shared folder, whole; the mail written once.
    const id = referralIdOf(wizard);
    const referral = await db
      .selectFrom("referrals")
      .select(["status", "created_by_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(referral).toEqual({ status: "Submitted", created_by_id: user.id });
    const documents = await db
      .selectFrom("referral_documents")
      .select(["file_path", "size_bytes", "is_consent"])
      .where("referral_id", "=", id)
      .execute();
    expect(documents).toEqual([{ file_path: expect.any(String), size_bytes: pdf.length, is_consent: 1 }]);
    expect(existsSync(path.join(dataDir, "uploads", documents[0].file_path))).toBe(true);
    const mails = readOutbox(path.join(dataDir, "outbox"), user.email).filter((mail) =>
      /^Your referral \d+ was submitted$/.test(mail.subject),
    );
    expect(mails).toHaveLength(1);

    // Either instance shows it as submitted.
    for (const server of [a, b]) {
      await page.goto(`${server.base}/app/referrals/submitted`);
      await expect(page.getByRole("row", { name: new RegExp(childName) })).toHaveCount(1);
    }
  } finally {
    await context.close();
  }
});

test("the same submit sent to both instances at the same moment submits once @http", async () => {
  const user = await createUser({}, db);
  const wizard = await startReferral(user, (await createChild(user, {}, db)).id, db);
  await fillReferral(user, wizard, { consent: 2 }, db);
  const id = referralIdOf(wizard);
  const cookie = await sessionCookieOf(user, db);
  for (let round = 0; round < 2; round += 1) {
    const answers = await Promise.all(
      [a, b].map((server) => send("POST", `${server.base}/api/referrals/${id}/submit`, { Cookie: cookie })),
    );
    const submitted = answers.map((answer) => (JSON.parse(answer.body.toString()) as { submitted: boolean }).submitted);
    expect(submitted.sort()).toEqual(round === 0 ? [false, true] : [false, false]);
  }
  const referral = await db
    .selectFrom("referrals")
    .select(["status", "submission_date"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(referral).toEqual({ status: "Submitted", submission_date: expect.stringMatching(/^\d{4}-/) });
  expect(
    readOutbox(path.join(dataDir, "outbox"), user.email).filter((mail) =>
      /^Your referral \d+ was submitted$/.test(mail.subject),
    ),
  ).toHaveLength(1);
});

test("a sign-out on one instance ends the session on the other, and so does the inactivity limit @http", async () => {
  const user = await createUser({}, db);
  const dashboard = (server: OwnServer, cookie: string) =>
    send("GET", `${server.base}/app/dashboard`, { Cookie: cookie });
  const signedOut = (answer: { status: number; headers: Record<string, unknown> }) =>
    answer.status === 302 && String(answer.headers.location).startsWith("/login");

  const cookie = await sessionCookieOf(user, db);
  expect((await dashboard(b, cookie)).status).toBe(200);
  const out = await send(
    "POST",
    `${a.base}/logout`,
    { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    "",
  );
  expect(out.status).toBe(302);
  expect(signedOut(await dashboard(b, cookie))).toBe(true);
  expect(signedOut(await dashboard(a, cookie))).toBe(true);

  // Idle for longer than the limit, whichever instance answered last.
  const idle = await sessionCookieOf(user, db);
  expect((await dashboard(a, idle)).status).toBe(200);
  const longAgo = new Date(Date.now() - 11 * 60 * 1000).toISOString();
  await db.updateTable("sessions").set({ last_seen_at: longAgo }).where("user_id", "=", user.id).execute();
  expect(signedOut(await dashboard(b, idle))).toBe(true);
});

test("the limit on calls counts a caller's calls on both instances together @http", async () => {
  const user = await createUser({}, db);
  const cookie = await sessionCookieOf(user, db);
  const statuses: number[] = [];
  for (let call = 0; call < API_LIMIT; call += 1) {
    statuses.push((await send("GET", `${(call % 2 ? b : a).base}/api/children`, { Cookie: cookie })).status);
  }
  expect(statuses).toEqual(Array(API_LIMIT).fill(200));
  for (const server of [a, b]) {
    const refused = await send("GET", `${server.base}/api/children`, { Cookie: cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }
});

/** A form posted as a browser without JavaScript posts it, from a client address a trusted proxy names. */
function postForm(server: OwnServer, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return send(
    "POST",
    `${server.base}${path}`,
    { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    new URLSearchParams(form).toString(),
  );
}

const cookieOf = (answer: { headers: Record<string, unknown> }) =>
  String(
    (answer.headers["set-cookie"] as string[] | undefined)?.find((cookie) => /^__(Host-)?session=./.test(cookie)) ?? "",
  ).split(";")[0];

test("the limits of signing in are the instances' together, and count the client's address behind the load balancer @http", async () => {
  const user = await createUser({}, db);
  const stranger = { "X-Forwarded-For": "203.0.113.50" };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await postForm(
      attempt % 2 ? b : a,
      "/login",
      { email: user.email, password: "not the password 1" },
      stranger,
    );
    expect(answer.status).toBe(400);
  }
  for (const server of [a, b]) {
    const refused = await postForm(server, "/login", { email: user.email, password: user.password }, stranger);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }
  // The owner, at another address behind the same balancer, is not kept out by the stranger.
  const owner = await postForm(
    b,
    "/login",
    { email: user.email, password: user.password },
    { "X-Forwarded-For": "198.51.100.60" },
  );
  expect(owner.status).toBe(302);
  expect(owner.headers.location).toBe("/app/dashboard");
});

test("the second step passed on one instance signs in under a new session the other knows; the waiting cookie opens nothing; wrong codes lock on both @http", async () => {
  const admin = await createUser({ admin: true, signedInBefore: true }, db);
  const password = await postForm(a, "/login", { email: admin.email, password: admin.password });
  expect(password.headers.location).toMatch(/^\/login\/mail-code/);
  const waiting = cookieOf(password);
  // The code mailed by one instance is taken by the other.
  const [codeMail] = readOutbox(path.join(dataDir, "outbox"), admin.email);
  const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1] ?? "";
  const mailed = await postForm(b, "/login/mail-code", { code }, { Cookie: waiting });
  expect(mailed.headers.location).toMatch(/^\/login\/second-factor-setup/);
  const page = await send("GET", `${b.base}/login/second-factor-setup`, { Cookie: waiting });
  const secret = (/data-secret-key[^>]*>([^<]+)</.exec(page.body.toString())?.[1] ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const confirmed = await postForm(
    a,
    "/login/second-factor-setup",
    { code: await appCode(secret) },
    { Cookie: waiting },
  );
  expect(confirmed.status).toBe(200);
  const signedIn = cookieOf(confirmed);
  expect(signedIn).not.toBe(waiting);
  expect((await send("GET", `${b.base}/app/users`, { Cookie: signedIn })).status).toBe(200);
  const replayed = await send("GET", `${b.base}/app/users`, { Cookie: waiting });
  expect(String(replayed.headers.location)).toMatch(/^\/login\?/);

  // Wrong codes at the next sign-in, sent to either instance: the fifth locks the second step on both.
  const again = cookieOf(await postForm(b, "/login", { email: admin.email, password: admin.password }));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    expect(
      (await postForm(attempt % 2 ? a : b, "/login/second-factor", { code: "000000" }, { Cookie: again })).status,
    ).toBe(400);
  }
  for (const server of [a, b]) {
    const locked = await postForm(
      server,
      "/login/second-factor",
      { code: await appCode(secret, 1) },
      { Cookie: again },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.toString()).toContain("codes are refused for 1 minute");
  }
});
