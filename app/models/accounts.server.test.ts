import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { createSession, IDLE_LIMIT_MS, readSession } from "~/auth/session.server";
import { RegistrationSchema, type Registration } from "~/schemas/account.server";
import { workAfterAnswers } from "~/services/after-answer.server";
import { hitRateLimit, RATE_LIMITS } from "~/services/rate-limit.server";
import {
  answerSecurityQuestions,
  createEmailVerification,
  inspectResetToken,
  RESET_LINK_INTERVAL_MS,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from "./account-token.server";
import { forgotPassword } from "./account-flows.server";
import {
  checkCredentials,
  EmailTakenError,
  ensureSeedAdministrator,
  getCurrentUser,
  registerUser,
} from "./user.server";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
});
afterAll(async () => {
  await workAfterAnswers();
  await test.close();
});

let counter = 0;
function registration(overrides: Partial<Record<string, string>> = {}): Registration {
  counter += 1;
  const form = {
    firstName: "Rosa",
    lastName: "Núñez",
    reference: "1",
    email: `Rosa.${counter}@Example.com`,
    password: "tres tristes 12",
    securityQuestion1: "1",
    securityAnswer1: "Rex",
    securityQuestion2: "2",
    securityAnswer2: "Baltimore",
    primaryLanguage: "sp",
    homePhoneNumber: "(410) 555-1234",
    ...overrides,
  };
  const result = RegistrationSchema.safeParse(form);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

function issues(form: Record<string, string>) {
  const result = RegistrationSchema.safeParse(form);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the registration form's rules", () => {
  const valid = {
    firstName: "A",
    lastName: "B",
    reference: "1",
    email: "a@b.org",
    password: "abcdefghijk1",
    securityQuestion1: "1",
    securityAnswer1: "x",
    securityQuestion2: "2",
    securityAnswer2: "y",
    primaryLanguage: "en",
  };

  it("lower-cases the e-mail, which is also the username", () => {
    expect(registration({ email: "Someone@Example.COM" }).email).toBe("someone@example.com");
  });

  it("asks 12 characters with a number of a password", () => {
    expect(issues({ ...valid, password: "abcdefghij1" }).password).toBe("validation.passwordRule");
    expect(issues({ ...valid, password: "abcdefghijkl" }).password).toBe("validation.passwordRule");
    expect(issues({ ...valid, password: "abcdefghijk1" }).password).toBeUndefined();
  });

  it("asks two different security questions", () => {
    expect(issues({ ...valid, securityQuestion2: "1" }).securityQuestion2).toBe("validation.questionsDiffer");
  });

  it("takes phones of 10 digits, stored in three parts", () => {
    expect(issues({ ...valid, homePhoneNumber: "410-555-12a4" }).homePhoneNumber).toBe("validation.phoneDigits");
    expect(issues({ ...valid, homePhoneNumber: "410-555-123" }).homePhoneNumber).toBe("validation.phoneLength");
    expect(issues({ ...valid, homePhoneNumber: "410555123456" }).homePhoneNumber).toBe("validation.phoneLength");
    expect(registration({ homePhoneNumber: "410.555.1234" }).homePhoneNumber).toEqual({
      areaCode: "410",
      prefix: "555",
      suffix: "1234",
    });
  });

  it("says which fields are missing", () => {
    expect(issues({})).toMatchObject({
      firstName: "validation.yourFirstName",
      lastName: "validation.yourLastName",
      email: "validation.yourEmail",
      primaryLanguage: "validation.yourLanguage",
      securityQuestion1: "validation.securityQuestion1",
      securityAnswer2: "validation.securityAnswer2",
    });
  });
});

describe("accounts", () => {
  it("are created unverified, with hashed secrets and their phone, and refuse a second use of an e-mail", async () => {
    const input = registration();
    const { id } = await registerUser(test.db, input);
    const row = await test.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: input.email,
      username: input.email,
      enabled: 0,
      locked: 0,
      primary_language: "sp",
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.security_answer1_hash).not.toContain("rex");
    const phone = await test.db
      .selectFrom("phone_numbers")
      .selectAll()
      .where("id", "=", row.home_phone_id!)
      .executeTakeFirstOrThrow();
    expect(phone).toMatchObject({ area_code: "410", prefix: "555", suffix: "1234" });
    await expect(registerUser(test.db, { ...registration(), email: input.email })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
  });

  it("sign in only when verified and active, with the right password", async () => {
    const input = registration();
    const { id } = await registerUser(test.db, input);
    expect(await checkCredentials(test.db, input.email, "wrong password 1")).toEqual({
      status: "invalid",
      userId: expect.any(Number),
    });
    expect(await checkCredentials(test.db, "nobody@example.com", input.password)).toEqual({ status: "invalid" });
    expect(await checkCredentials(test.db, input.email, input.password)).toEqual({ status: "unverified", userId: id });

    const token = await createEmailVerification(test.db, id);
    expect(await verifyEmail(test.db, token)).toBe("verified");
    expect(await verifyEmail(test.db, token)).toBe("invalid");
    expect(await checkCredentials(test.db, input.email.toUpperCase(), input.password)).toEqual({
      status: "ok",
      userId: id,
    });

    await test.db.updateTable("users").set({ locked: 1 }).where("id", "=", id).execute();
    expect(await checkCredentials(test.db, input.email, input.password)).toEqual({
      status: "locked",
      userId: expect.any(Number),
    });
    expect(await getCurrentUser(test.db, id)).toBeNull();
  });

  it("refuse an expired verification link", async () => {
    const { id } = await registerUser(test.db, registration());
    const token = await createEmailVerification(test.db, id, { now: new Date("2020-01-01T00:00:00Z") });
    expect(await verifyEmail(test.db, token)).toBe("invalid");
  });

  it("the seeded administrator is a super administrator, made once", async () => {
    expect(await ensureSeedAdministrator(test.db, "boss@maryland.gov", "a long password 1")).toBe("created");
    expect(await ensureSeedAdministrator(test.db, "boss@maryland.gov", "another password 2")).toBe("exists");
    const check = await checkCredentials(test.db, "boss@maryland.gov", "a long password 1");
    expect(check.status).toBe("ok");
    const admin = await getCurrentUser(test.db, (check as { userId: number }).userId);
    expect(admin).toMatchObject({ isAdmin: true, isSuperAdmin: true });
  });
});

describe("password reset", () => {
  async function verifiedUser() {
    const input = registration();
    const { id } = await registerUser(test.db, input);
    await verifyEmail(test.db, await createEmailVerification(test.db, id));
    return { id, ...input };
  }

  it("sends at most one link every two hours", async () => {
    const user = await verifiedUser();
    const t0 = new Date("2030-01-01T12:00:00Z");
    expect(await requestPasswordReset(test.db, user.email, { now: t0 })).not.toBeNull();
    expect(
      await requestPasswordReset(test.db, user.email, { now: new Date(t0.getTime() + RESET_LINK_INTERVAL_MS - 1000) }),
    ).toBeNull();
    expect(
      await requestPasswordReset(test.db, user.email, { now: new Date(t0.getTime() + RESET_LINK_INTERVAL_MS + 1000) }),
    ).not.toBeNull();
    expect(await requestPasswordReset(test.db, "nobody@example.com")).toBeNull();
  });

  it("does nothing for a filled robot trap, through the page or the API alike", async () => {
    const user = await verifiedUser();
    expect(await forgotPassword(test.db, { email: user.email, website: "https://spam.example" }, "192.0.2.9")).toEqual({
      status: "done",
    });
    const resetLinks = () =>
      test.db.selectFrom("password_reset_tokens").select("user_id").where("user_id", "=", user.id).execute();
    expect(await resetLinks()).toEqual([]);
    await forgotPassword(test.db, { email: user.email }, "192.0.2.9");
    await workAfterAnswers();
    expect(await resetLinks()).toHaveLength(1);
  });

  it("asks the questions first, counts wrong answers down and spends the link at 0", async () => {
    const user = await verifiedUser();
    const { token } = (await requestPasswordReset(test.db, user.email))!;
    expect(await inspectResetToken(test.db, token)).toMatchObject({
      validToken: true,
      attemptsLeft: 3,
      securityQuestion1: "1",
      securityQuestion2: "2",
      answersVerified: false,
    });
    expect(await resetPassword(test.db, token, "new password 123")).toEqual({ status: "unanswered" });
    expect(await answerSecurityQuestions(test.db, token, "rex", "wrong")).toEqual({ status: "wrong", attemptsLeft: 2 });
    expect(await answerSecurityQuestions(test.db, token, "cat", "baltimore")).toEqual({
      status: "wrong",
      attemptsLeft: 1,
    });
    expect(await answerSecurityQuestions(test.db, token, "no", "no")).toEqual({ status: "wrong", attemptsLeft: 0 });
    expect(await inspectResetToken(test.db, token)).toMatchObject({ validToken: false, attemptsLeft: 0 });
    expect(await answerSecurityQuestions(test.db, token, "Rex", "Baltimore")).toEqual({ status: "invalid" });
  });

  it("compares answers without regard to case and spaces, then takes the new password once", async () => {
    const user = await verifiedUser();
    const session = await createSession(test.db, user.id);
    const { token } = (await requestPasswordReset(test.db, user.email))!;
    expect(await answerSecurityQuestions(test.db, token, "  REX ", "baltimore")).toEqual({ status: "ok" });
    expect(await resetPassword(test.db, token, "new password 123")).toMatchObject({ status: "reset" });
    expect(await resetPassword(test.db, token, "another password 4")).toEqual({ status: "invalid" });
    expect(await inspectResetToken(test.db, token)).toMatchObject({ validToken: false });
    expect(await checkCredentials(test.db, user.email, "new password 123")).toMatchObject({ status: "ok" });
    // Every session of the account ended with the change.
    const request = new Request("http://x/", { headers: { Cookie: session.split(";")[0] } });
    expect((await readSession(test.db, request)).status).toBe("expired");
  });
});

describe("sessions", () => {
  it("end on the server after 10 minutes and 30 seconds without a request", async () => {
    const { id } = await registerUser(test.db, registration());
    const t0 = new Date("2030-06-01T12:00:00Z");
    const cookie = (await createSession(test.db, id, t0)).split(";")[0];
    const request = () => new Request("http://x/app/dashboard", { headers: { Cookie: cookie } });

    const nineMinutes = new Date(t0.getTime() + 9 * 60 * 1000);
    expect(await readSession(test.db, request(), nineMinutes)).toMatchObject({ status: "active", userId: id });
    // That request counted as activity: the idle time starts again from it.
    expect((await readSession(test.db, request(), new Date(nineMinutes.getTime() + IDLE_LIMIT_MS - 1000))).status).toBe(
      "active",
    );
    const later = new Date(nineMinutes.getTime() + IDLE_LIMIT_MS - 1000 + IDLE_LIMIT_MS + 1000);
    expect((await readSession(test.db, request(), later)).status).toBe("expired");
    expect((await readSession(test.db, request(), later)).status).toBe("expired");
    expect(await test.db.selectFrom("sessions").select("user_id").where("user_id", "=", id).execute()).toEqual([]);
  });

  it("ignore a cookie that was not signed by this server", async () => {
    const request = new Request("http://x/", { headers: { Cookie: "__session=eyJ4Ijp0cnVlfQ%3D%3D.bad" } });
    expect((await readSession(test.db, request)).status).toBe("none");
  });
});

describe("rate limits", () => {
  it("refuse the 11th sign-in in 15 minutes and say when to retry, then open again", async () => {
    const t0 = new Date("2030-03-01T08:00:00Z");
    for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
      expect((await hitRateLimit(test.db, "signIn", "someone@example.com", t0)).allowed).toBe(true);
    }
    const refused = await hitRateLimit(test.db, "signIn", "someone@example.com", new Date(t0.getTime() + 60_000));
    expect(refused).toEqual({ allowed: false, hits: 11, retryAfterSeconds: 14 * 60 });
    expect((await hitRateLimit(test.db, "signIn", "other@example.com", t0)).allowed).toBe(true);
    const afterWindow = new Date(t0.getTime() + RATE_LIMITS.signIn.windowMs + 1);
    expect((await hitRateLimit(test.db, "signIn", "someone@example.com", afterWindow)).allowed).toBe(true);
  });
});
