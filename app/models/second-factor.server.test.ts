import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { createSession, readSession } from "~/auth/session.server";
import { readOutbox } from "~/test/outbox";
import { RATE_LIMITS } from "~/services/rate-limit.server";
import { insertApiKey } from "~/test/api-keys";
import { addPerson, addRegisteredPerson } from "~/test/people";
import { promoteUser } from "./admin-users.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import {
  beginSecondFactorSetup,
  confirmSecondFactor,
  removeSecondFactor,
  resetSecondFactor,
  secondFactorHistory,
  secondFactorOf,
} from "./second-factor.server";
import {
  confirmSecondFactorAtSignIn,
  passMailCode,
  passSecondFactor,
  resendMailCode,
} from "./second-factor-sign-in.server";
import { SignInError, SignInLimitedError, signIn } from "./sign-in.server";
import type { CurrentUser } from "./user.server";

// The second factor (docs/product-rules.md R129) on a real database: the sign-in's two steps, the set-up, the codes
// taken once with a step of drift, the recovery codes, the limits, the removal, a super administrator's reset, the
// record and the e-mails. The clock is set by the test (the codes are of a time), the codes made as an app makes them.

const PASSWORD = "correct horse 12";
const T0 = Date.parse("2026-11-25T15:00:10.000Z");
const STEP = 30_000;

let test: TestDatabase;
let superAdmin: CurrentUser;

beforeAll(async () => {
  test = await configuredTestDatabase();
  superAdmin = await addPerson(test.db, "super@maryland.gov", { admin: true });
  await test.db.insertInto("user_roles").values({ user_id: superAdmin.id, role: "ROLE_SUPER_ADMIN" }).execute();
  superAdmin = { ...superAdmin, isSuperAdmin: true };
});
afterAll(() => test.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The clock at `at` (the codes, the sessions and the limits read it). */
function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

/** The code an app with this key shows at `at`. */
async function codeAt(secret: string, at: number) {
  clockAt(at);
  const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  return otp;
}

/** The session a cookie names, as the server reads it at the time set. */
const sessionOf = (cookie: string) =>
  readSession(test.db, new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0] } }));
const hashOf = async (cookie: string) => {
  const session = await sessionOf(cookie);
  if (session.status !== "active") throw new Error("no session");
  return session.sessionIdHash;
};

let people = 0;
/** A person who can sign in, and their key once their app is set up. */
async function person({ admin = false, language = "en" as "en" | "sp" } = {}) {
  people += 1;
  const email = `person${people}@${admin ? "maryland.gov" : "example.com"}`;
  const user = await addRegisteredPerson(test.db, email, { password: PASSWORD, admin, primaryLanguage: language });
  return { user, email };
}

const IP = "192.0.2.10";

/** A person with an app set up at T0, from their profile in a session of theirs; its key and recovery codes. */
async function withApp(options: { admin?: boolean; language?: "en" | "sp" } = {}) {
  const { user, email } = await person(options);
  clockAt(T0);
  const profileSession = await hashOf(await createSession(test.db, user.id));
  const { secret } = await beginSecondFactorSetup(test.db, user, profileSession);
  const { recoveryCodes } = await confirmSecondFactor(test.db, user, profileSession, await codeAt(secret, T0), IP);
  return { user, email, secret, recoveryCodes };
}

const mailsTo = (email: string) => readOutbox(path.join(test.dir, "outbox"), email);

/** The mails of codes sent before an app is bound, in either language. */
const codeMailsTo = (email: string) =>
  mailsTo(email).filter((mail) => /code to set up|código para configurar/.test(mail.subject));
/** The code in the newest of them. */
const mailedCode = (email: string) => /\b(\d{6})\b/.exec(codeMailsTo(email).at(-1)?.text ?? "")?.[1] ?? "";

/** A sign-in past the password and the mailed code, at the set-up of its app: its session's hash. */
async function atSetup(email: string) {
  // The mails of one instant are in no order in the outbox: this sign-in's is the one not there before it.
  const before = new Set(codeMailsTo(email).map((mail) => mail.text));
  const hash = await hashOf((await signIn(test.db, { email, password: PASSWORD }, IP)).cookie);
  const mail = codeMailsTo(email).find((sent) => !before.has(sent.text));
  await passMailCode(test.db, hash, /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "", IP);
  return hash;
}

describe("signing in", () => {
  it("signs a referrer without a second factor in at once, and sends an administrator without one to set one up", async () => {
    const referrer = await person();
    const outcome = await signIn(test.db, { email: referrer.email, password: PASSWORD }, IP);
    expect(outcome).toMatchObject({ userId: referrer.user.id, awaiting: null });
    expect(await sessionOf(outcome.cookie)).toMatchObject({ status: "active", awaiting: null });

    const admin = await person({ admin: true });
    const pending = await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    expect(pending.awaiting).toBe("mailCode");
    expect(await sessionOf(pending.cookie)).toMatchObject({ status: "active", awaiting: "mailCode" });
    await expect(signIn(test.db, { email: admin.email, password: "not it 12345" }, IP)).rejects.toEqual(
      new SignInError("invalid"),
    );
  });

  it("leads the administrator through the set-up to a signed-in session, and shows the recovery codes once", async () => {
    const admin = await person({ admin: true, language: "sp" });
    clockAt(T0);
    const pending = await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    const hash = await hashOf(pending.cookie);
    await passMailCode(test.db, hash, mailedCode(admin.email), IP);
    const first = await beginSecondFactorSetup(test.db, admin.user, hash);
    // Shown again to the same session, the set-up keeps its key: the app may have read it already.
    expect(await beginSecondFactorSetup(test.db, admin.user, hash)).toEqual(first);
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=Maryland/);
    // 20 bytes: 32 letters of base32.
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(confirmSecondFactorAtSignIn(test.db, hash, "000000", IP)).rejects.toBeInstanceOf(InputError);

    const done = await confirmSecondFactorAtSignIn(test.db, hash, await codeAt(first.secret, T0), IP);
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const code of done.recoveryCodes) expect(code).toMatch(/^(?:[a-z2-9]{6}-){3}[a-z2-9]{6}$/);
    // Signed in under a new session; the one that waited is gone.
    expect(await sessionOf(done.cookie)).toMatchObject({ status: "active", awaiting: null, userId: admin.user.id });
    expect(await sessionOf(pending.cookie)).toEqual({ status: "expired" });
    // Only the hashes are kept.
    const kept = await test.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", admin.user.id)
      .execute();
    expect(kept.map((row) => row.code_hash).join()).not.toContain(done.recoveryCodes[0].replace("-", ""));
    await expect(beginSecondFactorSetup(test.db, admin.user, await hashOf(done.cookie))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // Told in their language (the two mails of one instant, in no order).
    expect(
      mailsTo(admin.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      "Se agregó un segundo paso al inicio de sesión",
      "Su código para configurar el segundo paso para iniciar sesión",
    ]);
    expect(await secondFactorOf(test.db, admin.user, admin.user.id)).toMatchObject({
      required: true,
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it("asks for a code of the app, takes one of this step or the one either side, and never the same step twice", async () => {
    const { email, secret, user } = await withApp();
    const later = T0 + 4 * STEP;
    const attempt = async (code: string) => {
      clockAt(later);
      const pending = await signIn(test.db, { email, password: PASSWORD }, IP);
      expect(pending.awaiting).toBe("code");
      return passSecondFactor(test.db, await hashOf(pending.cookie), { code }, IP);
    };
    // Two steps away: refused.
    await expect(attempt(await codeAt(secret, later - 2 * STEP))).rejects.toEqual(
      new InputError({ code: ["validation.secondFactorWrong"] }),
    );
    await expect(attempt(await codeAt(secret, later + 2 * STEP))).rejects.toBeInstanceOf(InputError);
    // A step late, typed with a space, as an app shows it.
    const late = await codeAt(secret, later - STEP);
    const signedIn = await attempt(`${late.slice(0, 3)} ${late.slice(3)}`);
    clockAt(later);
    expect(await sessionOf(signedIn.cookie)).toMatchObject({ status: "active", awaiting: null, userId: user.id });
    // The same code again, and this step's (the last one taken was the step before): once each.
    await expect(attempt(late)).rejects.toEqual(new InputError({ code: ["validation.secondFactorUsed"] }));
    await attempt(await codeAt(secret, later));
    await expect(attempt(await codeAt(secret, later))).rejects.toEqual(
      new InputError({ code: ["validation.secondFactorUsed"] }),
    );
    // A step early (a fast clock) is still taken.
    await attempt(await codeAt(secret, later + STEP));
  });

  it("takes each recovery code once, in place of the app's, and records it", async () => {
    const { email, user, recoveryCodes } = await withApp();
    const withRecovery = async (recoveryCode: string) => {
      clockAt(T0 + 10 * STEP);
      const pending = await signIn(test.db, { email, password: PASSWORD }, IP);
      return passSecondFactor(test.db, await hashOf(pending.cookie), { recoveryCode }, IP);
    };
    await withRecovery(recoveryCodes[3].toUpperCase().replace("-", " "));
    await expect(withRecovery(recoveryCodes[3])).rejects.toEqual(
      new InputError({ recoveryCode: ["validation.recoveryCodeWrong"] }),
    );
    await expect(withRecovery("abcde-fghjk")).rejects.toBeInstanceOf(InputError);
    expect((await secondFactorOf(test.db, user, user.id)).recoveryCodesLeft).toBe(9);
    const history = await secondFactorHistory(test.db, superAdmin, user.id);
    expect(history.map((event) => [event.action, event.email])).toEqual([
      ["recoveryCodeUsed", email],
      ["secondFactorAdded", email],
    ]);
  });

  it("counts wrong codes apart from passwords: from the fifth in a row the second step locks, longer each time, and the owner is told once (R129)", async () => {
    const { email, secret, user } = await withApp({ language: "sp" });
    const at = T0 + 20 * STEP;
    clockAt(at);
    const pending = await signIn(test.db, { email, password: PASSWORD }, IP);
    const hash = await hashOf(pending.cookie);
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await expect(passSecondFactor(test.db, hash, { code: "000000" }, IP)).rejects.toBeInstanceOf(InputError);
    // Locked for a minute: even the right code waits, and is not even looked at.
    await expect(passSecondFactor(test.db, hash, { code: await codeAt(secret, at) }, IP)).rejects.toMatchObject({
      name: "CodeLockedError",
      retryAfterSeconds: 60,
    });
    expect(mailsTo(email).map((mail) => mail.subject)).toContain(
      "El segundo paso de su inicio de sesión está bloqueado por un tiempo",
    );
    // A minute on, one more wrong code locks it for two; the owner was told when the lock began, not again.
    clockAt(at + 61_000);
    await expect(passSecondFactor(test.db, hash, { code: "000000" }, IP)).rejects.toBeInstanceOf(InputError);
    await expect(
      passSecondFactor(test.db, hash, { code: await codeAt(secret, at + 61_000) }, IP),
    ).rejects.toMatchObject({
      name: "CodeLockedError",
      retryAfterSeconds: 120,
    });
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith("El segundo paso")).length).toBe(1);
    // Past the lock, the right code passes and the count starts again.
    clockAt(at + 61_000 + 121_000);
    const { cookie } = await passSecondFactor(test.db, hash, { code: await codeAt(secret, at + 182_000) }, IP);
    expect(await sessionOf(cookie)).toMatchObject({ status: "active", userId: user.id });
    expect(
      await test.db
        .selectFrom("code_guards")
        .select(["failures", "locked_until"])
        .where("user_id", "=", user.id)
        .executeTakeFirst(),
    ).toEqual({
      failures: 0,
      locked_until: null,
    });
  });

  it("counts codes sent at once each, before any is checked: no more get through than the lock allows", async () => {
    const { email, user } = await withApp();
    clockAt(T0 + 40 * STEP);
    const hash = await hashOf((await signIn(test.db, { email, password: PASSWORD }, IP)).cookie);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => passSecondFactor(test.db, hash, { code: "000000" }, IP)),
    );
    const reasons = outcomes.map((outcome) =>
      outcome.status === "rejected" ? (outcome.reason as Error).name : "passed",
    );
    expect(reasons.filter((name) => name === "InputError")).toHaveLength(5);
    expect(reasons.filter((name) => name === "CodeLockedError")).toHaveLength(7);
    expect(
      (
        await test.db
          .selectFrom("code_guards")
          .select("failures")
          .where("user_id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).failures,
    ).toBe(5);
  });

  it("locks the second step past 100 wrong codes in 30 days, right codes between them or not (NIST SP 800-63B)", async () => {
    const { email, secret, user } = await withApp();
    const at = T0 + 60 * STEP;
    clockAt(at);
    await test.db
      .insertInto("rate_limits")
      .values({
        bucket: "wrongCodes",
        key: String(user.id),
        hits: 99,
        window_ends_at: new Date(at + 86_400_000).toISOString(),
      })
      .execute();
    const hash = await hashOf((await signIn(test.db, { email, password: PASSWORD }, IP)).cookie);
    await expect(passSecondFactor(test.db, hash, { code: "000000" }, IP)).rejects.toBeInstanceOf(InputError);
    await expect(passSecondFactor(test.db, hash, { code: await codeAt(secret, at) }, IP)).rejects.toMatchObject({
      name: "CodeLockedError",
      retryAfterSeconds: 86_400,
    });
    expect(mailsTo(email).at(-1)?.subject).toBe("The second step of your sign-in is locked for a while");
  });

  it("limits the codes one address may try, whichever accounts they are for", async () => {
    const { email } = await withApp();
    clockAt(T0 + 80 * STEP);
    const hash = await hashOf((await signIn(test.db, { email, password: PASSWORD }, "198.51.100.7")).cookie);
    await test.db
      .insertInto("rate_limits")
      .values({
        bucket: "secondFactorAddress",
        key: "198.51.100.7",
        hits: RATE_LIMITS.secondFactorAddress.limit,
        window_ends_at: new Date(T0 + 80 * STEP + 600_000).toISOString(),
      })
      .execute();
    await expect(passSecondFactor(test.db, hash, { code: "000000" }, "198.51.100.7")).rejects.toBeInstanceOf(
      SignInLimitedError,
    );
    await expect(passSecondFactor(test.db, hash, { code: "000000" }, "198.51.100.8")).rejects.toBeInstanceOf(
      InputError,
    );
  });

  it("answers a session that waits for no code, or another person's, with a refusal", async () => {
    const { user } = await person();
    clockAt(T0);
    const signedIn = await createSession(test.db, user.id);
    await expect(passSecondFactor(test.db, await hashOf(signedIn), { code: "123456" }, IP)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const setup = await createSession(test.db, user.id, new Date(), "setup");
    await expect(passSecondFactor(test.db, await hashOf(setup), { code: "123456" }, IP)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(confirmSecondFactorAtSignIn(test.db, await hashOf(signedIn), "123456", IP)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});

describe("the code mailed before an app is bound at sign-in (issue 50)", () => {
  const HOUR = 60 * 60 * 1000;

  it("binds nothing on the password alone: the session's own code, mailed in the person's language, comes first and works once", async () => {
    const admin = await person({ admin: true, language: "sp" });
    clockAt(T0);
    const pending = await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    const hash = await hashOf(pending.cookie);
    const [mail] = codeMailsTo(admin.email);
    expect(mail).toMatchObject({
      subject: "Su código para configurar el segundo paso para iniciar sesión",
      language: "es",
    });
    const code = mailedCode(admin.email);
    expect(code).toMatch(/^\d{6}$/);
    // Not past the mailbox yet: no set-up opens, none is confirmed.
    await expect(confirmSecondFactorAtSignIn(test.db, hash, "123456", IP)).rejects.toBeInstanceOf(ForbiddenError);

    // Another sign-in with the same password waits for a code of its own: this one's does not open it.
    clockAt(T0 + 1000);
    const other = await hashOf((await signIn(test.db, { email: admin.email, password: PASSWORD }, IP)).cookie);
    expect(codeMailsTo(admin.email)).toHaveLength(2);
    const notOthers = mailedCode(admin.email) === code ? String((Number(code) + 1) % 1_000_000).padStart(6, "0") : code;
    await expect(passMailCode(test.db, other, notOthers, IP)).rejects.toEqual(
      new InputError({ code: ["validation.mailCodeWrong"] }),
    );
    const events = await test.db
      .selectFrom("security_events")
      .select("kind")
      .where("subject_user_id", "=", admin.user.id)
      .execute();
    expect(events.map((event) => event.kind)).toContain("codeWrong");

    await passMailCode(test.db, hash, ` ${code.slice(0, 3)} ${code.slice(3)} `, IP);
    const session = await test.db
      .selectFrom("sessions")
      .select(["awaiting", "mail_code_hash", "expires_at"])
      .where("id_hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      awaiting: "setup",
      mail_code_hash: null,
      expires_at: new Date(T0 + 1000 + 5 * 60 * 1000).toISOString(),
    });
    // Once taken, the code opens nothing again.
    await expect(passMailCode(test.db, hash, code, IP)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("locks after five wrong codes in a row, as the app's codes do", async () => {
    const admin = await person({ admin: true });
    clockAt(T0);
    const hash = await hashOf((await signIn(test.db, { email: admin.email, password: PASSWORD }, IP)).cookie);
    const wrong = mailedCode(admin.email) === "000000" ? "000001" : "000000";
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await expect(passMailCode(test.db, hash, wrong, IP)).rejects.toBeInstanceOf(InputError);
    await expect(passMailCode(test.db, hash, mailedCode(admin.email), IP)).rejects.toBeInstanceOf(SignInLimitedError);
  });

  it("sends a new code in place of the one before, five an hour to an account at most", async () => {
    const admin = await person({ admin: true });
    clockAt(T0);
    const first = await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    const hash = await hashOf(first.cookie);
    const before = mailedCode(admin.email);
    // A second apart each, so that the outbox holds them in order.
    for (let resent = 1; resent <= 4; resent += 1) {
      clockAt(T0 + resent * 1000);
      expect(await resendMailCode(test.db, hash)).toEqual({ sent: true });
    }
    expect(codeMailsTo(admin.email)).toHaveLength(5);
    const latest = mailedCode(admin.email);
    if (latest !== before) await expect(passMailCode(test.db, hash, before, IP)).rejects.toBeInstanceOf(InputError);

    // The sixth in the hour is not sent, nor is one at a new sign-in: the wait is said.
    expect(await resendMailCode(test.db, hash)).toEqual({ sent: false, retryAfterSeconds: 3600 - 4 });
    await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    expect(codeMailsTo(admin.email)).toHaveLength(5);
    await passMailCode(test.db, hash, latest, IP);

    clockAt(T0 + HOUR);
    const next = await signIn(test.db, { email: admin.email, password: PASSWORD }, IP);
    expect(codeMailsTo(admin.email)).toHaveLength(6);
    // Past its code, a sign-in is sent none again.
    await expect(resendMailCode(test.db, hash)).rejects.toBeInstanceOf(ForbiddenError);
    expect(next.awaiting).toBe("mailCode");
  });
});

describe("the sessions and keys of the second step (issue 31)", () => {
  it("signs in under a new session id once the code passes: a copy of the waiting cookie opens nothing (R110)", async () => {
    const { email, secret, user } = await withApp();
    const at = T0 + 100 * STEP;
    clockAt(at);
    const waiting = await signIn(test.db, { email, password: PASSWORD }, IP);
    const { cookie } = await passSecondFactor(
      test.db,
      await hashOf(waiting.cookie),
      { code: await codeAt(secret, at) },
      IP,
    );
    expect(cookie).not.toBe(waiting.cookie);
    expect(await sessionOf(waiting.cookie)).toEqual({ status: "expired" });
    expect(await sessionOf(cookie)).toMatchObject({ status: "active", awaiting: null, userId: user.id });
    expect(
      await test.db
        .selectFrom("sessions")
        .select("awaiting")
        .where("user_id", "=", user.id)
        .where("awaiting", "is not", null)
        .execute(),
    ).toEqual([]);
  });

  it("ends a session past the password alone after five minutes, and a signed-in one only after its own limits", async () => {
    const { email } = await withApp();
    clockAt(T0 + 120 * STEP);
    const waiting = await signIn(test.db, { email, password: PASSWORD }, IP);
    clockAt(T0 + 120 * STEP + 4 * 60_000);
    expect(await sessionOf(waiting.cookie)).toMatchObject({ status: "active", awaiting: "code" });
    clockAt(T0 + 120 * STEP + 5 * 60_000 + 1000);
    expect(await sessionOf(waiting.cookie)).toEqual({ status: "expired" });
  });

  it("shows each set-up session its own key, and only the key shown to a session confirms there (R129)", async () => {
    const admin = await person({ admin: true });
    clockAt(T0);
    const first = await atSetup(admin.email);
    const shownFirst = await beginSecondFactorSetup(test.db, admin.user, first);
    // Someone who had the password and the mailbox, later: another session, another key; the first key is gone.
    const second = await atSetup(admin.email);
    const shownSecond = await beginSecondFactorSetup(test.db, admin.user, second);
    expect(shownSecond.secret).not.toBe(shownFirst.secret);
    await expect(
      confirmSecondFactorAtSignIn(test.db, first, await codeAt(shownFirst.secret, T0), IP),
    ).rejects.toBeInstanceOf(InputError);
    await expect(
      confirmSecondFactorAtSignIn(test.db, second, await codeAt(shownFirst.secret, T0), IP),
    ).rejects.toBeInstanceOf(InputError);
    await expect(
      confirmSecondFactorAtSignIn(test.db, first, await codeAt(shownSecond.secret, T0), IP),
    ).rejects.toBeInstanceOf(InputError);
    const { cookie } = await confirmSecondFactorAtSignIn(test.db, second, await codeAt(shownSecond.secret, T0), IP);
    expect(await sessionOf(cookie)).toMatchObject({ status: "active", userId: admin.user.id });
  });

  it("keeps the app's key sealed with SECRETS_KEY, bound to its person: the database alone gives no code (R109)", async () => {
    const { user, secret } = await withApp();
    const { secret: kept } = await test.db
      .selectFrom("second_factors")
      .select("secret")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(kept).not.toContain(secret);
    const { openSecret, SealedSecretError } = await import("~/services/secret-box.server");
    expect(openSecret(kept, `totp:${user.id}`)).toBe(secret);
    // Copied onto another person's row, it does not open there.
    expect(() => openSecret(kept, `totp:${user.id + 1}`)).toThrow(SealedSecretError);
    const otherKeys = { current: Buffer.alloc(32, 7), all: [Buffer.alloc(32, 7)], fromFile: false };
    expect(() => openSecret(kept, `totp:${user.id}`, otherKeys)).toThrow(SealedSecretError);
  });
});

describe("turning it off and resetting it", () => {
  it("lets a referrer turn theirs off with a code, and tells them", async () => {
    const { user, email, secret } = await withApp({ language: "en" });
    await expect(removeSecondFactor(test.db, user, { code: "000000" }, IP)).rejects.toBeInstanceOf(InputError);
    await removeSecondFactor(test.db, user, { code: await codeAt(secret, T0 + 2 * STEP) }, IP);
    expect(await secondFactorOf(test.db, user, user.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      "A second step was added to your sign-in",
      "The second step of your sign-in was removed",
    ]);
    expect((await signIn(test.db, { email, password: PASSWORD }, IP)).awaiting).toBeNull();
  });

  it("keeps an administrator's on", async () => {
    const { user, secret } = await withApp({ admin: true });
    await expect(
      removeSecondFactor(test.db, user, { code: await codeAt(secret, T0 + 2 * STEP) }, IP),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("lets a super administrator reset someone else's: their sessions and API keys end and the next sign-in sets one up again", async () => {
    const { user, email } = await withApp({ admin: true });
    clockAt(T0 + STEP);
    const session = await createSession(test.db, user.id);
    const key = await insertApiKey(test.db, user.id);
    const admin = await addPerson(test.db, `plain${people}@maryland.gov`, { admin: true });
    const referrer = await addPerson(test.db, `referrer${people}@example.com`);
    await expect(resetSecondFactor(test.db, admin, user.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resetSecondFactor(test.db, referrer, user.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(resetSecondFactor(test.db, superAdmin, superAdmin.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resetSecondFactor(test.db, superAdmin, 999_999)).rejects.toBeInstanceOf(NotFoundError);

    expect(await resetSecondFactor(test.db, superAdmin, user.id)).toEqual({ reset: true });
    expect((await sessionOf(session)).status).toBe("expired");
    expect(
      await test.db.selectFrom("api_keys").select("ended_reason").where("id", "=", key.id).executeTakeFirstOrThrow(),
    ).toEqual({
      ended_reason: "secondFactorReset",
    });
    expect(await resetSecondFactor(test.db, superAdmin, user.id)).toEqual({ reset: false });
    expect((await signIn(test.db, { email, password: PASSWORD }, IP)).awaiting).toBe("mailCode");
    const history = await secondFactorHistory(test.db, superAdmin, user.id);
    expect(history[0]).toMatchObject({ action: "secondFactorReset", email: superAdmin.email });
    expect(mailsTo(email).map((mail) => mail.subject)).toContain("The second step of your sign-in was removed");
    await expect(secondFactorHistory(test.db, referrer, user.id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("signs a person made administrator out everywhere, so their next sign-in asks for a second factor", async () => {
    const { user, email } = await person();
    await test.db
      .updateTable("users")
      .set({ last_login: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    const session = await createSession(test.db, user.id);
    await promoteUser(test.db, superAdmin, user.id, ["example.com"]);
    expect((await sessionOf(session)).status).toBe("expired");
    expect((await signIn(test.db, { email, password: PASSWORD }, IP)).awaiting).toBe("mailCode");
  });
});
