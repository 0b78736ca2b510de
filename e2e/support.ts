import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { request, type BrowserContext } from "@playwright/test";
import type { DB } from "../app/db.server";
import { readOutbox } from "../app/test/outbox";
import type { AdminStatus } from "../app/utils/statuses";

// Helpers that reach the test server's own data folder: they make users and sessions directly
// in its SQLite file (as a fixture, so a test starts where it needs to be) and read its outbox.
// The helpers that take a `db` last work on another data folder's database instead (a test that
// runs a server of its own, see openDataDir), the shared server's when it is left out.

const dataDir = process.env.E2E_DATA_DIR!;
process.env.DATA_DIR = dataDir;
export const baseURL = `http://localhost:${process.env.E2E_PORT}`;

async function database(db?: DB) {
  if (db) return db;
  const { getDb } = await import("../app/db.server");
  return getDb();
}

/**
 * The database of another data folder, migrated and seeded as `npm start` does: its app.db, or on
 * the PostgreSQL run a new database of its own. `env` points a server there (OwnServer's
 * settings). Sessions made in it are signed with this process's secret: give that server
 * `SESSION_SECRET: sessionSecret()`.
 */
export async function openDataDir(dir: string): Promise<{ db: DB; env: Record<string, string> }> {
  const { openDatabase } = await import("../app/db.server");
  const { createPostgresDatabase, testDialect } = await import("../db/testing");
  if (testDialect() === "postgres") {
    const url = await createPostgresDatabase();
    return { db: openDatabase(url), env: { DATABASE_URL: url } };
  }
  const { migrateToLatest } = await import("../db/migrate");
  const { seed } = await import("../db/seed");
  const db = openDatabase(path.join(dir, "app.db"));
  await migrateToLatest(db);
  await seed(db);
  return { db, env: {} };
}

/** The secret this process signs session cookies with. */
export async function sessionSecret(): Promise<string> {
  const { getConfig } = await import("../app/config.server");
  return getConfig().sessionSecret;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
}

/** The tests' one password, and the answers to security questions 1 and 2. */
const PASSWORD = "correct horse 12";
const ANSWERS = ["Rex", "Baltimore"] as const;

/**
 * The hashes of the password and the answers every test account has, taken from the first account of each database
 * this process makes, which registers as a person does (registerUser). Each argon2 hash takes a core for about a
 * twentieth of a second, and the tests make some thousand accounts on a machine of two cores: the accounts after the
 * first are the same row with another e-mail, written here (docs/decisions/0024-each-check-once-where-it-belongs.md).
 */
const hashesOf = new Map<
  DB,
  Promise<{ password_hash: string; security_answer1_hash: string | null; security_answer2_hash: string | null }>
>();

/** A verified account with security questions 1 and 2 answered "rex" and "baltimore". */
export async function createUser(
  options: {
    admin?: boolean;
    superAdmin?: boolean;
    language?: "en" | "sp";
    locked?: boolean;
    enabled?: boolean;
    domain?: string;
    lastName?: string;
    signedInBefore?: boolean;
  } = {},
  other?: DB,
): Promise<TestUser> {
  const db = await database(other);
  const { personColumns, registerUser } = await import("../app/models/user.server");
  const email = `person-${randomUUID()}@${options.domain ?? "example.com"}`;
  const person = {
    firstName: "Test",
    lastName: options.lastName ?? "Person",
    reference: "1",
    email,
    securityQuestion1: "1",
    securityQuestion2: "2",
    primaryLanguage: options.language ?? "en",
  };
  let id: number;
  const known = hashesOf.get(db);
  if (known) {
    ({ id } = await db
      .insertInto("users")
      .values({ ...personColumns(person), ...(await known), enabled: 0, locked: 0 })
      .returning("id")
      .executeTakeFirstOrThrow());
    await db.insertInto("user_roles").values({ user_id: id, role: "ROLE_USER" }).execute();
  } else {
    const registered = registerUser(db, {
      ...person,
      password: PASSWORD,
      securityAnswer1: ANSWERS[0],
      securityAnswer2: ANSWERS[1],
      homePhoneNumber: null,
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
    const hashes = registered.then(({ id: first }) =>
      db
        .selectFrom("users")
        .select(["password_hash", "security_answer1_hash", "security_answer2_hash"])
        .where("id", "=", first)
        .executeTakeFirstOrThrow(),
    );
    hashesOf.set(db, hashes);
    hashes.catch(() => hashesOf.delete(db));
    ({ id } = await registered);
  }
  await db
    .updateTable("users")
    .set({
      enabled: options.enabled === false ? 0 : 1,
      locked: options.locked ? 1 : 0,
      ...(options.signedInBefore ? { last_login: new Date().toISOString() } : {}),
    })
    .where("id", "=", id)
    .execute();
  if (options.admin) await db.insertInto("user_roles").values({ user_id: id, role: "ROLE_ADMIN" }).execute();
  if (options.superAdmin) await db.insertInto("user_roles").values({ user_id: id, role: "ROLE_SUPER_ADMIN" }).execute();
  return { id, email, password: PASSWORD, firstName: "Test" };
}

/** Signs a browser context in as the user, the way a successful sign-in would. */
export async function signIn(context: BrowserContext, user?: TestUser): Promise<TestUser> {
  const person = user ?? (await createUser());
  const { createSession } = await import("../app/auth/session.server");
  const cookie = await createSession(await database(), person.id);
  const [pair] = cookie.split(";");
  const [name, ...value] = pair.split("=");
  await context.addCookies([{ name, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return person;
}

/**
 * A session past the password that waits for the code mailed before a set-up ("mailCode": no code was mailed for
 * this one), for the second factor's code ("code") or for its set-up ("setup"), as the sign-in pages leave it
 * (docs/product-rules.md R129); as the Cookie header.
 */
export async function waitingSessionCookieOf(user: TestUser, awaiting: "mailCode" | "code" | "setup"): Promise<string> {
  const { createSession } = await import("../app/auth/session.server");
  return (await createSession(await database(), user.id, new Date(), awaiting)).split(";")[0];
}

/**
 * The user's authenticator app, set up from their profile's page as a person does it (the key read from the page, a
 * code of it sent back): its key and the recovery codes the page shows once.
 */
export async function giveSecondFactor(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const page = `/app/profile/${user.id}/second-factor`;
  const client = await request.newContext({ baseURL, extraHTTPHeaders: { Cookie: await sessionCookieOf(user) } });
  try {
    const shown = await client.get(page);
    const secret = (/data-secret-key[^>]*>([^<]+)</.exec(await shown.text())?.[1] ?? "").replace(/\s+/g, "");
    if (!secret) throw new Error(`no key on ${page} (${shown.status()})`);
    const confirmed = await client.post(page, { form: { intent: "confirm", code: await appCode(secret) } });
    const recoveryCodes = [
      ...(await confirmed.text()).matchAll(/<li><code>((?:[a-z2-9]{6}-){3}[a-z2-9]{6})<\/code><\/li>/g),
    ].map((match) => match[1]);
    if (recoveryCodes.length !== 10)
      throw new Error(`no recovery codes after confirming on ${page} (${confirmed.status()})`);
    return { secret, recoveryCodes };
  } finally {
    await client.dispose();
  }
}

/**
 * The code an authenticator app with this key shows now, or `steps` 30-second steps from now (an app whose clock is
 * ahead: the server takes a code one step either side, so a test need not wait for the next step to sign in again).
 * The library reads the clock before its first await, so the clock is moved for that moment only.
 */
export async function appCode(secret: string, steps = 0): Promise<string> {
  const { generateTOTP } = await import("@epic-web/totp");
  const RealDate = Date;
  const shift = steps * 30_000;
  class AppClock extends RealDate {
    constructor() {
      super(RealDate.now() + shift);
    }
  }
  globalThis.Date = AppClock as DateConstructor;
  let pending: ReturnType<typeof generateTOTP>;
  try {
    pending = generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  } finally {
    globalThis.Date = RealDate;
  }
  return (await pending).otp;
}

/** A signed-in session of the user, as the Cookie header a program would send (the JSON API tests). */
export async function sessionCookieOf(user: TestUser, db?: DB): Promise<string> {
  const { createSession } = await import("../app/auth/session.server");
  return (await createSession(await database(db), user.id)).split(";")[0];
}

/**
 * A new API key of an administrator, written as the API keys page writes it (making one there, with the password and a
 * code given again, is e2e/sign-in.spec.ts's).
 */
export async function createApiKeyFor(
  admin: TestUser,
  days?: number,
  scope: "read" | "write" = "write",
): Promise<string> {
  const { insertApiKey } = await import("../app/test/api-keys");
  return (await insertApiKey(await database(), admin.id, { name: `Key ${randomUUID().slice(0, 8)}`, days, scope })).key;
}

/**
 * A live review link to a submitted referral, made by an administrator as the review page makes it: its id and token.
 */
export async function createReviewLinkFor(admin: TestUser, referralId: number): Promise<{ id: number; token: string }> {
  const db = await database();
  const { getCurrentUser } = await import("../app/models/user.server");
  const { createReviewLink } = await import("../app/models/referral-admin.server");
  const { id, token } = await createReviewLink(db, (await getCurrentUser(db, admin.id))!, referralId, {
    reviewerName: "Dr. Ana Ruiz",
    purpose: "a second opinion on the hearing screen",
  });
  return { id, token };
}

export type { Mail } from "../app/test/outbox";

/** Every message written to the outbox for one address, oldest first. */
export function mailsTo(address: string) {
  return readOutbox(path.join(dataDir, "outbox"), address);
}

/**
 * The one link into the application that the newest mail to an address carries, once it is written (some mails go
 * out after the answer: "forgot password" answers before it looks the address up).
 */
export async function linkInLatestMail(address: string, { count = 1 }: { count?: number } = {}): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = mailsTo(address);
    const link = mails.length >= count ? mails.at(-1)?.text.match(/https?:\/\/\S+/)?.[0] : undefined;
    if (link) {
      const url = new URL(link);
      return url.pathname + url.search;
    }
    if (Date.now() > deadline) throw new Error(`no link in a mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The code the newest of an address's mails of a code before a set-up carries (R129), once `count` of them are
 * written.
 */
export async function codeInLatestMail(address: string, { count = 1 }: { count?: number } = {}): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = mailsTo(address).filter((mail) => /code to set up|código para configurar/.test(mail.subject));
    const code = mails.length >= count ? /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code in a mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What POST /api/users takes to register someone new (a captcha's token beside it when one is on). */
export function registrationOf(email: string) {
  return {
    firstName: "Nueva",
    lastName: "Persona",
    reference: "1",
    email,
    plainPassword: "correct horse 12",
    primaryLanguage: "sp",
    securityQuestion1: "1",
    securityAnswer1: "Rex",
    securityQuestion2: "2",
    securityAnswer2: "Baltimore",
  };
}

export function uniqueEmail() {
  return `new-${randomUUID()}@example.com`;
}

/** An address in the user's book, saved as the user would save it. */
export async function createAddress(
  user: TestUser,
  values: { line1?: string; city?: string; zip?: string; county?: string; nickname?: string } = {},
) {
  const db = await database();
  const { getCurrentUser } = await import("../app/models/user.server");
  const { saveAddress } = await import("../app/models/address.server");
  const actor = await getCurrentUser(db, user.id);
  const address = {
    line1: "100 Holliday St",
    city: "Baltimore",
    zip: "21202",
    county: "24510",
    nickname: "Work",
    ...values,
  };
  return saveAddress(db, actor!, user.id, address, null);
}

/** Whether an address row is still in the user's address book. */
export async function addressInBook(id: number): Promise<boolean> {
  const db = await database();
  const row = await db.selectFrom("addresses").select("address_book").where("id", "=", id).executeTakeFirst();
  return row?.address_book === 1;
}

/** Makes every later change to one user's row fail, as a broken disk or a locked database would. */
export async function breakUserUpdates(userId: number) {
  const { refuseWrites } = await import("../db/testing");
  await refuseWrites(await database(), "users", "update", userId);
}

/** A child of the user's, added as the user would add it. */
export async function createChild(
  user: TestUser,
  values: { firstName?: string; lastName?: string; birthdate?: string } = {},
  other?: DB,
) {
  const db = await database(other);
  const { getCurrentUser } = await import("../app/models/user.server");
  const { createChild: addChild } = await import("../app/models/child.server");
  const actor = await getCurrentUser(db, user.id);
  return addChild(db, actor!, {
    id: null,
    firstName: values.firstName ?? "Mateo",
    lastName: values.lastName ?? "Salas",
    birthdate: values.birthdate ?? yearsAgo(1),
    stateOfResidence: "21",
  });
}

/**
 * Corrects a child's name and birth date as the child's name page saves them: a kept child stays correctable once three
 * (R37).
 */
export async function correctChild(
  user: TestUser,
  childId: number,
  values: { firstName: string; lastName: string; birthdate: string },
) {
  const db = await database();
  const { getCurrentUser } = await import("../app/models/user.server");
  const { updateChild } = await import("../app/models/child.server");
  const actor = await getCurrentUser(db, user.id);
  await updateChild(db, actor!, childId, { id: childId, ...values, stateOfResidence: "21" });
}

/** The calendar date (in Maryland) some years and days before today. */
export function yearsAgo(years: number, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A Draft referral for one of the user's children; returns the wizard's address. */
export async function startReferral(user: TestUser, childId: number, other?: DB): Promise<string> {
  const db = await database(other);
  const { getCurrentUser } = await import("../app/models/user.server");
  const { startReferral: start } = await import("../app/models/child.server");
  const actor = await getCurrentUser(db, user.id);
  const { id } = await start(db, actor!, childId);
  return `/app/child/${childId}/referral/${id}/user/${user.id}`;
}

/** Makes the user's sessions idle for longer than the limit, as if they had left for 11 minutes. */
export async function idleSessions(userId: number) {
  const db = await database();
  const longAgo = new Date(Date.now() - 11 * 60 * 1000).toISOString();
  await db.updateTable("sessions").set({ last_seen_at: longAgo }).where("user_id", "=", userId).execute();
}

/** The documents recorded for a referral (by its id), as stored. */
export async function documentsOf(referralId: number) {
  const db = await database();
  return db
    .selectFrom("referral_documents")
    .select(["id", "description", "is_consent", "file_name", "file_path", "size_bytes"])
    .where("referral_id", "=", referralId)
    .orderBy("id")
    .execute();
}

const uploadsDir = () => path.join(dataDir, "uploads");

/** The files in the server's uploads folder, with their sizes. */
export function storedUploads(): Array<{ name: string; size: number }> {
  const dir = uploadsDir();
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: entry.name, size: statSync(path.join(dir, entry.name)).size }));
}

/** The bytes of one stored upload, by its name in the uploads folder. */
export function storedUploadBytes(name: string): Buffer {
  return readFileSync(path.join(uploadsDir(), name));
}

/** The referral id in a wizard address. */
export function referralIdOf(wizardPath: string): number {
  return Number(/\/referral\/(\d+)\//.exec(wizardPath)![1]);
}

/** Answers steps 1–14 of a Draft as the wizard saves them (and the consent answer, when given). */
export async function fillReferral(
  user: TestUser,
  wizardPath: string,
  {
    consent,
    county = "24003",
    family,
  }: { consent?: 1 | 2; county?: string; family?: { email: string; language: "en" | "es" } } = {},
  other?: DB,
) {
  const db = await database(other);
  const { getCurrentUser } = await import("../app/models/user.server");
  const { saveAdult } = await import("../app/models/referral-adults.server");
  const { saveAnswers } = await import("../app/models/referral-answers.server");
  const { setReferralAddress } = await import("../app/models/referral-address.server");
  const actor = (await getCurrentUser(db, user.id))!;
  const [, child, referral] = /\/child\/(\d+)\/referral\/(\d+)\//.exec(`${wizardPath}/`)!;
  const ids = { child: Number(child), referral: Number(referral), user: user.id };
  await setReferralAddress(db, actor, ids, {
    address: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: county },
    saveToBook: false,
  });
  await saveAnswers(db, actor, ids, {
    // A physician, with the family's approval, when the family's notice is wanted (R142); else a parent.
    ...(family ? { referrerRelationship: "5", familyApproval: "yes" as const } : { referrerRelationship: "1" }),
    referrerFirstName: "Rosa",
    referrerLastName: "Pérez",
    referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "0001" },
    gender: "2",
    races: ["2106-3"],
    isHispanicChild: "yes",
    primaryLanguage: "2",
    gestationalAgeInDays: 273,
    familyPrimaryLanguage: family?.language === "en" ? "1" : "2",
    familyNeedsInterpreter: "yes",
    childInFosterCare: "no",
    referralReasons: { RefReasons_ConcernsDevelopmental: ["1"], FailedScreenings: ["1"] },
    additionalDetails: "Camina tarde.",
    ...(consent ? { childParentConsent: consent } : {}),
  });
  await saveAdult(db, actor, ids, null, {
    firstName: "Rosa",
    lastName: "Pérez",
    childRelationship: "1",
    ...(family ? { email: family.email } : {}),
    homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
    workPhoneNumber: null,
    mobilePhoneNumber: null,
  });
  return ids;
}

/** Changes a Draft's consent answer as the wizard saves it (1 yes, 2 no, 3 not yet), as if from another tab. */
export async function setConsent(user: TestUser, wizardPath: string, consent: 1 | 2 | 3) {
  const db = await database();
  const { getCurrentUser } = await import("../app/models/user.server");
  const { saveAnswers } = await import("../app/models/referral-answers.server");
  const actor = (await getCurrentUser(db, user.id))!;
  const [, child, referral] = /\/child\/(\d+)\/referral\/(\d+)\//.exec(`${wizardPath}/`)!;
  await saveAnswers(
    db,
    actor,
    { child: Number(child), referral: Number(referral), user: user.id },
    { childParentConsent: consent },
  );
}

/** Fills a Draft and submits it through the JSON API, as another program would (the server mails the confirmation). */
export async function submitDirectly(user: TestUser, wizardPath: string, { county }: { county?: string } = {}) {
  const ids = await fillReferral(user, wizardPath, { consent: 2, county });
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Cookie: await sessionCookieOf(user) } });
  try {
    const response = await api.post(`/api/referrals/${ids.referral}/submit`);
    if (!response.ok())
      throw new Error(`submitting referral ${ids.referral} answered ${response.status()}: ${await response.text()}`);
  } finally {
    await api.dispose();
  }
}

/**
 * A local program (docs/product-rules.md R136) by its county's FIPS code, given an intake address, a phone and a staff
 * domain of its own: the same for every test, so tests running side by side agree on them.
 */
export async function setUpProgram(jurisdiction: string) {
  const db = await database();
  const values = {
    intake_email: `intake-${jurisdiction}@programs.example.org`,
    phone: "410-555-0199",
    approved_domains: `p${jurisdiction}.example.org`,
  };
  const row = await db
    .updateTable("local_programs")
    .set(values)
    .where("jurisdiction", "=", jurisdiction)
    .returning(["id", "name", "name_es"])
    .executeTakeFirstOrThrow();
  return { ...row, intakeEmail: values.intake_email, domain: values.approved_domains };
}

/**
 * Someone made staff of a program as a super administrator would (R138): a verified account on the program's domain.
 */
export async function createStaff(
  program: { id: number; domain: string },
  language: "en" | "sp" = "en",
): Promise<TestUser> {
  const user = await createUser({ domain: program.domain, language });
  const db = await database();
  await db.insertInto("user_roles").values({ user_id: user.id, role: "ROLE_LOCAL_PROGRAM" }).execute();
  await db.insertInto("user_local_programs").values({ user_id: user.id, local_program_id: program.id }).execute();
  return user;
}

/** A local program as the seed wrote it, by its county's FIPS code. */
export async function programIn(jurisdiction: string) {
  const db = await database();
  return db
    .selectFrom("local_programs")
    .select(["id", "name", "name_es"])
    .where("jurisdiction", "=", jurisdiction)
    .executeTakeFirstOrThrow();
}

/** The programs someone is staff of (R138). */
export async function programsOfStaff(userId: number): Promise<number[]> {
  const db = await database();
  return (
    await db.selectFrom("user_local_programs").select("local_program_id").where("user_id", "=", userId).execute()
  ).map((row) => row.local_program_id);
}

/** A referral's program, when it was first opened and its moves (R137, R139, R140). */
export async function programOfReferral(referralId: number) {
  const db = await database();
  const row = await db
    .selectFrom("referrals")
    .select(["local_program_id", "opened_at", "opened_by_id"])
    .where("id", "=", referralId)
    .executeTakeFirstOrThrow();
  const moves = await db
    .selectFrom("referral_transfers")
    .selectAll()
    .where("referral_id", "=", referralId)
    .orderBy("id")
    .execute();
  return { ...row, moves };
}

/** When a referral was sent (stored in UTC), or null for a Draft. */
export async function submissionDateOf(referralId: number): Promise<string | null> {
  const db = await database();
  const row = await db
    .selectFrom("referrals")
    .select("submission_date")
    .where("id", "=", referralId)
    .executeTakeFirstOrThrow();
  return row.submission_date;
}

/** What the program does later (no screen of this application does it): a new status with its details. */
export async function setStatus(
  wizardPath: string,
  status: AdminStatus,
  details: string,
  detailsEs: string,
  at: string,
) {
  const db = await database();
  await db
    .updateTable("referrals")
    .set({ status, status_details: details, status_details_es: detailsEs, status_updated_at: at })
    .where("id", "=", referralIdOf(wizardPath))
    .execute();
  const { keepReferralFigures } = await import("../app/models/insight.server");
  await keepReferralFigures(db, [referralIdOf(wizardPath)]);
}

/** The program's own notes on a referral, as an administrator's status form keeps them. */
export async function setProgramNotes(
  wizardPath: string,
  notes: { comments: string; serviceCoordinator: string; eligibilityDetermination: string },
) {
  const db = await database();
  await db
    .updateTable("referrals")
    .set({
      comments: notes.comments,
      service_coordinator: notes.serviceCoordinator,
      eligibility_determination: notes.eligibilityDetermination,
    })
    .where("id", "=", referralIdOf(wizardPath))
    .execute();
}

/** The record of access of a referral and of its child, oldest first, as stored: who, through which door, what. */
export async function accessRowsOf(referralId: number) {
  const db = await database();
  const { child_id: childId } = await db
    .selectFrom("referrals")
    .select("child_id")
    .where("id", "=", referralId)
    .executeTakeFirstOrThrow();
  return db
    .selectFrom("audit_events")
    .select([
      "action",
      "entity_type",
      "entity_id",
      "channel",
      "api_key_id",
      "actor_user_id",
      "actor_review_token_id",
      "referral_id",
      "child_id",
    ])
    .where((eb) => eb.or([eb("referral_id", "=", referralId), eb("child_id", "=", childId)]))
    .orderBy("id")
    .execute();
}

/** The security events about an account, oldest first, as stored. */
export async function securityEventsAbout(userId: number) {
  const db = await database();
  return db.selectFrom("security_events").selectAll().where("subject_user_id", "=", userId).orderBy("id").execute();
}

/** An API key's id and name, by the key itself. */
export async function apiKeyOf(key: string): Promise<{ id: number; name: string }> {
  const db = await database();
  const { hashToken } = await import("../app/auth/token.server");
  return db
    .selectFrom("api_keys")
    .select(["id", "name"])
    .where("key_hash", "=", hashToken(key))
    .executeTakeFirstOrThrow();
}

/** When the user last signed in, as if it had been then. */
export async function setLastLogin(userId: number, at: string) {
  const db = await database();
  await db.updateTable("users").set({ last_login: at }).where("id", "=", userId).execute();
}

/**
 * Every stored row that belongs to these users (their account, roles, children, referrals and all
 * the referrals hold, addresses, phones, links, keys, reports, reset tokens): compared before and
 * after a refused request to show that it changed nothing.
 */
export async function recordsOf(userIds: number[]) {
  const db = await database();
  const referralIds = (
    await db.selectFrom("referrals").select("id").where("created_by_id", "in", userIds).execute()
  ).map((row) => row.id);
  const ofReferrals = async (
    table:
      | "referral_races"
      | "referral_reasons"
      | "adults"
      | "referral_documents"
      | "review_tokens"
      | "referral_status_history",
  ) => (referralIds.length ? db.selectFrom(table).selectAll().where("referral_id", "in", referralIds).execute() : []);
  return {
    users: await db.selectFrom("users").selectAll().where("id", "in", userIds).orderBy("id").execute(),
    roles: await db.selectFrom("user_roles").selectAll().where("user_id", "in", userIds).execute(),
    children: await db.selectFrom("children").selectAll().where("created_by_id", "in", userIds).orderBy("id").execute(),
    referrals: await db
      .selectFrom("referrals")
      .selectAll()
      .where("created_by_id", "in", userIds)
      .orderBy("id")
      .execute(),
    addresses: await db
      .selectFrom("addresses")
      .selectAll()
      .where("created_by_id", "in", userIds)
      .orderBy("id")
      .execute(),
    phones: await db
      .selectFrom("phone_numbers")
      .selectAll()
      .where("created_by_id", "in", userIds)
      .orderBy("id")
      .execute(),
    apiKeys: await db.selectFrom("api_keys").select(["id", "revoked_at"]).where("user_id", "in", userIds).execute(),
    reports: await db.selectFrom("generated_reports").select("id").where("created_by_id", "in", userIds).execute(),
    resets: await db.selectFrom("password_reset_tokens").select("id").where("user_id", "in", userIds).execute(),
    races: await ofReferrals("referral_races"),
    reasons: await ofReferrals("referral_reasons"),
    adults: await ofReferrals("adults"),
    documents: await ofReferrals("referral_documents"),
    reviewLinks: await ofReferrals("review_tokens"),
    statusHistory: await ofReferrals("referral_status_history"),
  };
}

/**
 * A live password-reset link of the user's, as the forgotten-password mail carries it; `answered`: its security
 * questions already answered.
 */
export async function createResetLink(user: TestUser, { answered = false } = {}): Promise<string> {
  const db = await database();
  const { requestPasswordReset, answerSecurityQuestions } = await import("../app/models/account-token.server");
  const link = await requestPasswordReset(db, user.email);
  if (!link) throw new Error(`no reset link for ${user.email}: one was made less than two hours ago`);
  if (answered) await answerSecurityQuestions(db, link.token, "Rex", "Baltimore");
  return `/reset-password?token=${encodeURIComponent(link.token)}`;
}

/** A submitted referral as the program's figures count it, with its dates set in the past (issue 23). */
export interface PastReferral {
  /** When it was submitted (ISO, UTC). */
  submittedAt: string;
  status: AdminStatus | "Submitted";
  /** The county code of the child's address. */
  county: string;
  /** The referrer's relationship (References lookup code). */
  source: string;
  birthdate: string;
  reasons?: Array<{
    type: "RefReasons_ConcernsDevelopmental" | "FailedScreenings" | "IdentifiedConditions";
    code: string;
  }>;
  /** When an administrator first recorded a status (ISO), for a status past Submitted. */
  firstChangeAt?: string;
}

/**
 * Referrals of the user's, submitted long ago: made through the models as the wizard makes them, then their dates
 * and status history set as if the program had worked on them then. Returns their ids.
 */
export async function createPastReferrals(user: TestUser, referrals: PastReferral[]): Promise<number[]> {
  const db = await database();
  const ids: number[] = [];
  for (const [index, referral] of referrals.entries()) {
    const child = await createChild(user, {
      firstName: `Figura${index}`,
      lastName: `Pasada${randomUUID().slice(0, 8)}`,
      birthdate: yearsAgo(1),
    });
    const wizardPath = await startReferral(user, child.id);
    const id = referralIdOf(wizardPath);
    const address = await db
      .insertInto("addresses")
      .values({ line1: "1 Main St", city: "Annapolis", zip: "21401", county: referral.county, created_by_id: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("children").set({ birthdate: referral.birthdate }).where("id", "=", child.id).execute();
    await db
      .updateTable("referrals")
      .set({
        status: referral.status,
        submission_date: referral.submittedAt,
        status_updated_at: referral.firstChangeAt ?? referral.submittedAt,
        created_at: referral.submittedAt,
        updated_at: referral.submittedAt,
        referrer_relationship: referral.source,
        address_id: address.id,
      })
      .where("id", "=", id)
      .execute();
    if (referral.reasons?.length) {
      await db
        .insertInto("referral_reasons")
        .values(
          referral.reasons.map((reason) => ({ referral_id: id, reason_type: reason.type, reason_code: reason.code })),
        )
        .execute();
    }
    if (referral.firstChangeAt) {
      await db
        .insertInto("referral_status_history")
        .values({
          referral_id: id,
          from_status: "Submitted",
          to_status: referral.status,
          changed_by_id: null,
          changed_at: referral.firstChangeAt,
        })
        .execute();
    }
    ids.push(id);
  }
  // Their rows of the program's figures, as the submit and the status change would have made them.
  const { keepReferralFigures } = await import("../app/models/insight.server");
  await keepReferralFigures(db, ids);
  return ids;
}

/** Moves a submitted referral's submission (and its status date) some days back, as if it had waited that long. */
export async function backdateSubmission(referralId: number, days: number) {
  const db = await database();
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db
    .updateTable("referrals")
    .set({ submission_date: at, status_updated_at: at })
    .where("id", "=", referralId)
    .execute();
  // The figures insight counts from follow the referral, as the application keeps them (else insight's "still waiting"
  // and the list it links to disagree for every test running after this one).
  const { keepReferralFigures } = await import("../app/models/insight.server");
  await keepReferralFigures(db, [referralId]);
}
