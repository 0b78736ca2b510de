import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { verifyPassword } from "~/auth/password.server";
import { createSession } from "~/auth/session.server";
import { answerSecurityQuestions, requestPasswordReset } from "~/models/account-token.server";
import { addRegisteredPerson } from "~/test/people";

// A common password is refused, on its field, by the three forms that set one: registration,
// the profile and the password reset; a strong one goes through. Real actions, real SQLite.

const COMMON = "Password1234"; // on the list as "password1234": the case does not matter
const STRONG = "tres tristes 12";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
});
afterAll(() => test.close());

function post(url: string, fields: Record<string, string>, cookie?: string) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

let people = 0;
async function person() {
  people += 1;
  const email = `common.${people}@example.com`;
  const { id } = await addRegisteredPerson(test.db, email, { password: STRONG });
  return { id, email };
}

async function passwordIs(userId: number, password: string) {
  const row = await test.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return verifyPassword(row.password_hash, password);
}

describe("the list of common passwords", () => {
  it("is read whole, compared without regard to case, and leaves out the passwords the tests and seeds use", () => {
    expect(isCommonPassword("password1234")).toBe(true);
    expect(isCommonPassword("PASSWORD1234")).toBe(true);
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("qwerty123456")).toBe(true);
    for (const password of [STRONG, "correct horse 12", "abcdefghijk1"]) expect(isCommonPassword(password)).toBe(false);
    // The file's header is not a password.
    expect(
      isCommonPassword(
        "# Common passwords, refused as new passwords (app/auth/common-passwords.server.ts), compared lower-cased.",
      ),
    ).toBe(false);
  });
});

describe("a common password is refused on its field", () => {
  async function register(password: string, email: string) {
    const { action } = await import("./register");
    const fields = {
      firstName: "Rosa",
      lastName: "Núñez",
      reference: "1",
      email,
      password,
      securityQuestion1: "1",
      securityAnswer1: "Rex",
      securityQuestion2: "2",
      securityAnswer2: "Baltimore",
      primaryLanguage: "en",
    };
    return action({
      request: post("http://localhost/register", fields),
      context: { db: test.db, clientIp: "127.0.0.1" },
      params: {},
    });
  }

  it("at registration", async () => {
    const refused = await register(COMMON, "common-register@example.com");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({ password: ["validation.passwordCommon"] });
    expect(
      await test.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "common-register@example.com")
        .executeTakeFirst(),
    ).toBeUndefined();

    const accepted = await register(STRONG, "strong-register@example.com");
    expect(accepted.status).toBe(302);
  });

  it("in the profile, where the rest of the form is refused with it and nothing is saved", async () => {
    const { action } = await import("./app.profile.$id");
    const { id, email } = await person();
    const cookie = (await createSession(test.db, id)).split(";")[0];
    const form = {
      firstName: "Rosa",
      lastName: "Núñez",
      reference: "1",
      email,
      primaryLanguage: "en",
      securityQuestion1: "1",
      securityQuestion2: "2",
      currentPassword: STRONG,
    };
    const url = `http://localhost/app/profile/${id}`;

    const refused = await action({
      request: post(url, { ...form, firstName: "", newPassword: COMMON }, cookie),
      context: { db: test.db, clientIp: "192.0.2.1" },
      params: { id: String(id) },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({
      firstName: ["validation.yourFirstName"],
      newPassword: ["validation.passwordCommon"],
    });
    expect(await passwordIs(id, STRONG)).toBe(true);

    const accepted = await action({
      request: post(url, { ...form, newPassword: "a new strong one 34" }, cookie),
      context: { db: test.db, clientIp: "192.0.2.1" },
      params: { id: String(id) },
    });
    expect(accepted.status).toBe(302);
    expect(await passwordIs(id, "a new strong one 34")).toBe(true);
  });

  it("in the password reset, which keeps the link for a second try", async () => {
    const { action } = await import("./reset-password");
    const { id, email } = await person();
    const reset = await requestPasswordReset(test.db, email);
    const token = reset!.token;
    expect(await answerSecurityQuestions(test.db, token, "Rex", "Baltimore")).toEqual({ status: "ok" });
    const url = `http://localhost/reset-password?token=${token}`;

    const refused = await action({
      request: post(url, { token, plainPassword: COMMON }),
      context: { db: test.db, clientIp: "127.0.0.1" },
      params: {},
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({ plainPassword: ["validation.passwordCommon"] });
    expect(await passwordIs(id, STRONG)).toBe(true);

    const accepted = await action({
      request: post(url, { token, plainPassword: "a new strong one 56" }),
      context: { db: test.db, clientIp: "127.0.0.1" },
      params: {},
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/login");
    expect(await passwordIs(id, "a new strong one 56")).toBe(true);
  });
});
