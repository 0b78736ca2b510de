import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { hashingNow, hashPassword, HASHES_AT_ONCE } from "~/auth/password.server";
import { createSession, readSession } from "~/auth/session.server";
import { workAfterAnswers } from "~/services/after-answer.server";
import { RATE_LIMITS } from "~/services/rate-limit.server";
import { readOutbox } from "~/test/outbox";
import { addRegisteredPerson, SECURITY_ANSWERS } from "~/test/people";
import { signInFrom } from "~/test/sign-in";
import { answerSecurityQuestions, inspectResetToken, requestPasswordReset } from "./account-token.server";
import { forgotPassword } from "./account-flows.server";
import { setUserActive } from "./admin-users.server";
import { callerOfApiKey, createApiKey, listApiKeys } from "./api-key.server";
import { InputError } from "./errors";
import { beginSecondFactorSetup, confirmSecondFactor } from "./second-factor.server";
import { SignInError, SignInLimitedError, sweepSpentSignIns } from "./sign-in.server";
import type { CurrentUser } from "./user.server";

// Sign-in as a state agency's security review asks (issue 31), on a real database: the limits by account and by
// address, the hashing kept to a few at once, API keys made only with the password and a code again, the reset
// link's answers counted before they are checked, "forgot password" answering before it looks, and the sweep of what
// sign-in leaves behind.

const PASSWORD = "correct horse 12";
let test: TestDatabase;
let people = 0;

beforeAll(async () => {
  test = await configuredTestDatabase();
});
afterAll(() => test.close());
afterEach(() => vi.useRealTimers());

const mailsTo = (email: string) => readOutbox(path.join(test.dir, "outbox"), email);

async function person({ admin = false } = {}): Promise<CurrentUser> {
  people += 1;
  return addRegisteredPerson(test.db, `someone${people}@${admin ? "maryland.gov" : "example.com"}`, {
    password: PASSWORD,
    admin,
  });
}

describe("the limits of signing in (R11)", () => {
  it("keep a stranger at one address from locking the owner out: past ten wrong passwords there, the owner still signs in from elsewhere", async () => {
    const owner = await person();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await expect(signInFrom(test.db, owner, "not the one 123", "203.0.113.5")).rejects.toBeInstanceOf(SignInError);
    }
    await expect(signInFrom(test.db, owner, PASSWORD, "203.0.113.5")).rejects.toBeInstanceOf(SignInLimitedError);
    expect((await signInFrom(test.db, owner, PASSWORD, "198.51.100.20")).userId).toBe(owner.id);
  });

  it("limit one address trying many accounts (password spraying), and each account from every address that failed at it", async () => {
    const sprayer = "203.0.113.77";
    await test.db
      .insertInto("rate_limits")
      .values({
        bucket: "signInAddress",
        key: sprayer,
        hits: RATE_LIMITS.signInAddress.limit,
        window_ends_at: new Date(Date.now() + 600_000).toISOString(),
      })
      .execute();
    const someone = await person();
    await expect(signInFrom(test.db, someone, PASSWORD, sprayer)).rejects.toBeInstanceOf(SignInLimitedError);
    await test.db
      .insertInto("rate_limits")
      .values({
        bucket: "signInAccount",
        key: someone.email,
        hits: RATE_LIMITS.signInAccount.limit,
        window_ends_at: new Date(Date.now() + 600_000).toISOString(),
      })
      .execute();
    // Past the account's limit, an address that failed at it is refused unheard (a new one is still heard: issue 50).
    await expect(signInFrom(test.db, someone, "not the one 123", "198.51.100.21")).rejects.toBeInstanceOf(SignInError);
    await expect(signInFrom(test.db, someone, PASSWORD, "198.51.100.21")).rejects.toBeInstanceOf(SignInLimitedError);
  });

  it("hash at most four passwords at once in a process; the others wait their turn", async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashingNow().running)), 1);
    const waited: number[] = [];
    const hashes = Array.from({ length: 10 }, () =>
      hashPassword("a password of twelve 1").then(() => {
        waited.push(hashingNow().waiting);
      }),
    );
    await Promise.all(hashes);
    clearInterval(watch);
    expect(HASHES_AT_ONCE).toBe(4);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4);
    expect(Math.max(...waited)).toBeGreaterThan(0);
    expect(hashingNow()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("API keys (R101)", () => {
  const IP = "192.0.2.44";
  /** An administrator with an authenticator app, and the code it shows at a time. */
  async function administrator() {
    const admin = await person({ admin: true });
    const session = (await readSession(
      test.db,
      new Request("http://x/", { headers: { Cookie: (await createSession(test.db, admin.id)).split(";")[0] } }),
    )) as {
      sessionIdHash: string;
    };
    const { secret } = await beginSecondFactorSetup(test.db, admin, session.sessionIdHash);
    const codeAt = async (at: number) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(at);
      return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
    };
    const t0 = Date.parse("2026-11-27T10:00:05Z");
    await confirmSecondFactor(test.db, admin, session.sessionIdHash, await codeAt(t0), IP);
    return { admin, codeAt, t0 };
  }

  it("are made only with the password and a current code given again, with a scope and an end date within 90 days; every administrator is told", async () => {
    const { admin, codeAt, t0 } = await administrator();
    const other = await person({ admin: true });
    const input = {
      name: "County warehouse",
      scope: "read" as const,
      days: 30,
      password: PASSWORD,
      proof: { code: await codeAt(t0 + 60_000) },
    };
    await expect(createApiKey(test.db, admin, { ...input, password: "not my password 1" }, IP)).rejects.toEqual(
      new InputError({ currentPassword: ["validation.currentPasswordWrong"] }),
    );
    await expect(createApiKey(test.db, admin, { ...input, proof: { code: "000000" } }, IP)).rejects.toBeInstanceOf(
      InputError,
    );
    await expect(createApiKey(test.db, admin, { ...input, days: 91 }, IP)).rejects.toEqual(
      new InputError({ days: ["validation.daysRange1to90"] }),
    );
    expect(await test.db.selectFrom("api_keys").select("id").where("user_id", "=", admin.id).execute()).toEqual([]);

    const { key } = await createApiKey(test.db, admin, input, IP);
    const caller = await callerOfApiKey(test.db, key);
    expect(caller).toMatchObject({ ok: true, scope: "read", user: { id: admin.id } });
    const [row] = (await listApiKeys(test.db, admin)).filter((each) => each.name === "County warehouse");
    expect(row).toMatchObject({ scope: "read", revokedAt: null });
    expect(Date.parse(row.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.parse(row.expiresAt!) - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    for (const administrator of [admin, other])
      expect(mailsTo(administrator.email).map((mail) => mail.subject)).toContain("A new API key: County warehouse");
    // The same code is not taken twice.
    await expect(createApiKey(test.db, admin, input, IP)).rejects.toEqual(
      new InputError({ code: ["validation.secondFactorUsed"] }),
    );
  });

  it("end when their maker is deactivated, and stay ended", async () => {
    const { admin, codeAt, t0 } = await administrator();
    const { key } = await createApiKey(
      test.db,
      admin,
      { name: "nightly", scope: "write", days: 90, password: PASSWORD, proof: { code: await codeAt(t0 + 90_000) } },
      IP,
    );
    vi.useRealTimers();
    const superAdmin = { ...(await person({ admin: true })), isSuperAdmin: true };
    await setUserActive(test.db, superAdmin, admin.id, false);
    await setUserActive(test.db, superAdmin, admin.id, true);
    expect(await callerOfApiKey(test.db, key)).toMatchObject({ ok: false, why: "deactivated" });
  });
});

describe("the reset link's security answers (R9)", () => {
  it("count each of many answers sent at once before checking them: never more than three, never below none", async () => {
    const owner = await person();
    const { token } = (await requestPasswordReset(test.db, owner.email))!;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => answerSecurityQuestions(test.db, token, "wrong", "wrong")),
    );
    expect(outcomes.filter((outcome) => outcome.status === "wrong")).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome.status === "invalid")).toHaveLength(7);
    expect(await inspectResetToken(test.db, token)).toMatchObject({ validToken: false, attemptsLeft: 0 });
    expect(
      await answerSecurityQuestions(test.db, token, SECURITY_ANSWERS.securityAnswer1, SECURITY_ANSWERS.securityAnswer2),
    ).toEqual({ status: "invalid" });
  });

  it("give a right pair its attempt back, so the last attempt leads on to the new password", async () => {
    const owner = await person();
    const { token } = (await requestPasswordReset(test.db, owner.email))!;
    await answerSecurityQuestions(test.db, token, "wrong", "wrong");
    await answerSecurityQuestions(test.db, token, "wrong", "wrong");
    expect(
      await answerSecurityQuestions(test.db, token, SECURITY_ANSWERS.securityAnswer1, SECURITY_ANSWERS.securityAnswer2),
    ).toEqual({ status: "ok" });
    expect(await inspectResetToken(test.db, token)).toMatchObject({
      validToken: true,
      attemptsLeft: 1,
      answersVerified: true,
    });
  });
});

describe("forgot password (R8)", () => {
  it("answers before it looks the address up, so its time tells nothing; the link is mailed after", async () => {
    const owner = await person();
    expect(await forgotPassword(test.db, { email: owner.email }, "192.0.2.60")).toEqual({ status: "done" });
    // Nothing is looked up nor written before the answer goes out.
    expect(
      await test.db.selectFrom("password_reset_tokens").select("id").where("user_id", "=", owner.id).execute(),
    ).toEqual([]);
    expect(mailsTo(owner.email)).toEqual([]);
    await workAfterAnswers();
    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual(["Reset your password"]);
    expect(await forgotPassword(test.db, { email: "nobody-at-all@example.com" }, "192.0.2.60")).toEqual({
      status: "done",
    });
    await workAfterAnswers();
  });
});

describe("the sweep of what sign-in leaves (R124)", () => {
  it("deletes sessions past their end or idle past the limit, and attempt counts whose window is over, and keeps the rest", async () => {
    const owner = await person();
    const now = new Date();
    const live = await createSession(test.db, owner.id, now);
    await createSession(test.db, owner.id, new Date(now.getTime() - 20 * 60_000));
    await createSession(test.db, owner.id, new Date(now.getTime() - 6 * 60_000), "code");
    await test.db
      .insertInto("rate_limits")
      .values([
        { bucket: "signIn", key: "spent", hits: 3, window_ends_at: new Date(now.getTime() - 1000).toISOString() },
        { bucket: "signIn", key: "running", hits: 3, window_ends_at: new Date(now.getTime() + 60_000).toISOString() },
      ])
      .execute();
    const rowsOf = async () =>
      (await test.db.selectFrom("sessions").select("id_hash").where("user_id", "=", owner.id).execute()).length;
    expect(await rowsOf()).toBe(3);
    const swept = await sweepSpentSignIns(test.db, now);
    expect(swept!.sessions).toBeGreaterThanOrEqual(2);
    expect(await rowsOf()).toBe(1);
    expect(
      (await readSession(test.db, new Request("http://x/", { headers: { Cookie: live.split(";")[0] } }))).status,
    ).toBe("active");
    const keys = (
      await test.db.selectFrom("rate_limits").select("key").where("key", "in", ["spent", "running"]).execute()
    ).map((row) => row.key);
    expect(keys).toEqual(["running"]);
  });
});
