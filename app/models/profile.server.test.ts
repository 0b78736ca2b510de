import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { verifyAnswer, verifyPassword } from "~/auth/password.server";
import { createSession, readSession } from "~/auth/session.server";
import type { ProfileUpdate } from "~/schemas/account.server";
import { insertApiKey } from "~/test/api-keys";
import { readOutbox } from "~/test/outbox";
import { addRegisteredPerson, storedAreaCodes, unchangedProfile } from "~/test/people";
import { InputError, InvalidChoiceError, NotFoundError } from "./errors";
import { verifyEmail } from "./account-token.server";
import { createAddress, getAddressById, listAddressBook } from "./address.server";
import { getPhone, listPhones } from "./phone.server";
import { getProfile, updateProfile } from "./profile.server";
import { EmailTakenError, type CurrentUser } from "./user.server";

let test: TestDatabase;
const PASSWORD = "correct horse 12";
const mailsTo = (email: string) => readOutbox(path.join(test.dir, "outbox"), email);

function person(email: string, admin = false): Promise<CurrentUser> {
  return addRegisteredPerson(test.db, email, {
    password: PASSWORD,
    admin,
    homePhoneNumber: { areaCode: "410", prefix: "555", suffix: "1234" },
  });
}

/** One's own profile, as its owner reads it. */
const ownProfile = (me: CurrentUser) => getProfile(test.db, me, me.id);

/** These columns of a person's stored row. */
const storedUser = <C extends keyof Database["users"] & string>(id: number, ...columns: C[]) =>
  test.db.selectFrom("users").select(columns).where("id", "=", id).executeTakeFirstOrThrow();

/** The form as the owner would send it back unchanged. */
const unchanged = (actor: CurrentUser): Promise<ProfileUpdate> =>
  unchangedProfile(test.db, actor, { areaCode: "410", prefix: "555", suffix: "1234" });

async function refusal(work: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).fieldErrors;
}

let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;

beforeAll(async () => {
  test = await createTestDatabase();
  // The mails of a new password or e-mail go to this test's outbox.
  Object.assign(process.env, test.env);
  (await import("~/config.server")).getConfig();
  owner = await person("owner@example.com");
  stranger = await person("stranger@example.com");
  admin = await person("admin@maryland.gov", true);
});
afterAll(() => test.close());

describe("who sees and changes a profile", () => {
  it("shows the owner their profile, phones as 3-3-4, never a password or an answer", async () => {
    const profile = await ownProfile(owner);
    expect(profile).toMatchObject({
      email: "owner@example.com",
      firstName: "Rosa",
      homePhoneNumber: "410-555-1234",
      workPhoneNumber: "",
    });
    expect(JSON.stringify(profile)).not.toMatch(/argon2|Rex/);
  });

  it("shows an administrator another user's profile", async () => {
    expect((await getProfile(test.db, admin, owner.id)).email).toBe("owner@example.com");
  });

  it("shows a super administrator's profile, address book and phones to super administrators only (R12, R92)", async () => {
    const top = await person("top@maryland.gov", true);
    await test.db.insertInto("user_roles").values({ user_id: top.id, role: "ROLE_SUPER_ADMIN" }).execute();
    await createAddress(
      test.db,
      { ...top, isSuperAdmin: true },
      { line1: "200 W Baltimore St", city: "Baltimore", zip: "21201", county: "24510" },
      true,
    );
    const [bookAddress] = await listAddressBook(test.db, { ...top, isSuperAdmin: true }, top.id);
    const topPhone = (await getProfile(test.db, { ...top, isSuperAdmin: true }, top.id)).homePhoneNumber;
    expect(topPhone).toBe("410-555-1234");
    const phoneId = (await storedUser(top.id, "home_phone_id")).home_phone_id!;

    await expect(getProfile(test.db, admin, top.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listAddressBook(test.db, admin, top.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getAddressById(test.db, admin, bookAddress.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPhone(test.db, admin, phoneId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listPhones(test.db, admin, { page: 1, count: 50 })).data.map((phone) => phone.id)).not.toContain(
      phoneId,
    );

    const otherTop = { ...(await person("other-top@maryland.gov", true)), isSuperAdmin: true };
    expect((await getProfile(test.db, otherTop, top.id)).email).toBe("top@maryland.gov");
    expect(await listAddressBook(test.db, otherTop, top.id)).toHaveLength(1);
    expect((await getPhone(test.db, otherTop, phoneId)).id).toBe(phoneId);
  });

  it("answers another ordinary user as if the profile did not exist", async () => {
    await expect(getProfile(test.db, stranger, owner.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getProfile(test.db, owner, 999999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lets nobody but the owner change it, administrators included", async () => {
    const form = { ...(await unchanged(owner)), firstName: "Mallory" };
    await expect(updateProfile(test.db, stranger, owner.id, form)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateProfile(test.db, admin, owner.id, form)).rejects.toBeInstanceOf(NotFoundError);
    expect((await ownProfile(owner)).firstName).toBe("Rosa");
  });
});

describe("updating one's profile", () => {
  it("saves names, phones (added, changed, removed) and says when the language changed", async () => {
    const me = await person("phones@example.com");
    const change = await updateProfile(test.db, me, me.id, {
      ...(await unchanged(me)),
      middleName: "Ana",
      primaryLanguage: "sp",
      homePhoneNumber: null,
      mobilePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0000" },
    });
    expect(change).toEqual({ languageChanged: true, passwordChanged: false, emailPending: null, session: null });
    expect(await ownProfile(me)).toMatchObject({
      middleName: "Ana",
      primaryLanguage: "sp",
      homePhoneNumber: "",
      mobilePhoneNumber: "301-555-0000",
    });
    expect(await storedAreaCodes(test.db, me)).toEqual(["301"]);
    expect((await storedUser(me.id, "updated_by_id")).updated_by_id).toBe(me.id);
  });

  it("needs the right current password for a new password, and then keeps only the new one", async () => {
    const me = await person("password@example.com");
    const form = { ...(await unchanged(me)), newPassword: "a new password 42" };
    expect(await refusal(updateProfile(test.db, me, me.id, form))).toEqual({
      currentPassword: ["validation.currentPasswordNeeded"],
    });
    expect(await refusal(updateProfile(test.db, me, me.id, { ...form, currentPassword: "wrong password 1" }))).toEqual({
      currentPassword: ["validation.currentPasswordWrong"],
    });
    const key = await insertApiKey(test.db, me.id);
    expect(await updateProfile(test.db, me, me.id, { ...form, currentPassword: PASSWORD })).toEqual({
      languageChanged: false,
      passwordChanged: true,
      emailPending: null,
      session: expect.stringMatching(/^__session=/),
    });
    const row = await storedUser(me.id, "password_hash");
    expect(await verifyPassword(row.password_hash, "a new password 42")).toBe(true);
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(false);
    // The keys the person made end with the old password, and the person is told (R14, R101).
    expect(
      await test.db.selectFrom("api_keys").select("ended_reason").where("id", "=", key.id).executeTakeFirstOrThrow(),
    ).toEqual({
      ended_reason: "passwordChanged",
    });
    expect(mailsTo("password@example.com").map((mail) => mail.subject)).toEqual(["Your password was changed"]);
  });

  it("ends every sign-in of the account on a new password, and gives the one who changed it a fresh one", async () => {
    const me = await person("sessions@example.com");
    const sessionsOf = async () =>
      (await test.db.selectFrom("sessions").select("id_hash").where("user_id", "=", me.id).execute()).map(
        (row) => row.id_hash,
      );
    await createSession(test.db, me.id);
    await createSession(test.db, me.id);
    const before = await sessionsOf();
    expect(before).toHaveLength(2);

    // Another change keeps them.
    expect(
      (await updateProfile(test.db, me, me.id, { ...(await unchanged(me)), middleName: "Luz" })).session,
    ).toBeNull();
    expect(await sessionsOf()).toEqual(before);

    const change = await updateProfile(test.db, me, me.id, {
      ...(await unchanged(me)),
      newPassword: "a new password 43",
      currentPassword: PASSWORD,
    });
    const after = await sessionsOf();
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
    const fresh = new Request("http://localhost/", { headers: { Cookie: change.session!.split(";")[0] } });
    expect(await readSession(test.db, fresh)).toMatchObject({ status: "active", userId: me.id });

    // Through an API key there is no sign-in to keep: every session ends.
    await updateProfile(
      test.db,
      me,
      me.id,
      { ...(await unchanged(me)), newPassword: "a new password 44", currentPassword: "a new password 43" },
      { signedIn: false },
    );
    expect(await sessionsOf()).toEqual([]);
  });

  it("needs the current password for a new e-mail, refuses one that is taken, and moves the account only once the new address confirms (R13)", async () => {
    const me = await person("moving@example.com");
    const form = { ...(await unchanged(me)), email: "moved@maryland.gov" };
    expect(await refusal(updateProfile(test.db, me, me.id, form))).toHaveProperty("currentPassword");
    await expect(
      updateProfile(test.db, me, me.id, { ...form, email: "owner@example.com", currentPassword: PASSWORD }),
    ).rejects.toBeInstanceOf(EmailTakenError);
    expect((await updateProfile(test.db, me, me.id, { ...form, currentPassword: PASSWORD })).emailPending).toBe(
      "moved@maryland.gov",
    );
    const emailOf = () => storedUser(me.id, "email", "username");
    // Until the link is opened, the account keeps the address it had, and says which one waits.
    expect(await emailOf()).toEqual({ email: "moving@example.com", username: "moving@example.com" });
    expect((await ownProfile(me)).pendingEmail).toBe("moved@maryland.gov");
    // The address it has is told; the new one is sent the link.
    expect(mailsTo("moving@example.com").map((mail) => mail.subject)).toEqual([
      "A new e-mail address was asked for your account",
    ]);
    const [link] = mailsTo("moved@maryland.gov");
    expect(link.subject).toBe("Confirm your new e-mail address");
    const token = new URL(/https?:\/\/\S+/.exec(link.text)![0]).searchParams.get("token")!;
    expect(await verifyEmail(test.db, token)).toBe("emailChanged");
    expect(await emailOf()).toEqual({ email: "moved@maryland.gov", username: "moved@maryland.gov" });
    expect((await ownProfile(me)).pendingEmail).toBeNull();
    expect(await verifyEmail(test.db, token)).toBe("invalid");
  });

  it("does not move an account to an address another account took meanwhile", async () => {
    const me = await person("first@example.com");
    await updateProfile(test.db, me, me.id, {
      ...(await unchanged(me)),
      email: "wanted@example.com",
      currentPassword: PASSWORD,
    });
    const token = new URL(/https?:\/\/\S+/.exec(mailsTo("wanted@example.com")[0].text)![0]).searchParams.get("token")!;
    await person("wanted@example.com");
    expect(await verifyEmail(test.db, token)).toBe("taken");
    expect((await storedUser(me.id, "email")).email).toBe("first@example.com");
  });

  it("asks a new answer for a changed question, keeps a blank answer of an unchanged one", async () => {
    const me = await person("questions@example.com");
    const base = await unchanged(me);
    expect(await refusal(updateProfile(test.db, me, me.id, { ...base, securityQuestion1: "3" }))).toEqual({
      securityAnswer1: ["validation.answerNewQuestion"],
    });
    await updateProfile(test.db, me, me.id, {
      ...base,
      securityQuestion1: "3",
      securityAnswer1: "Pimlico",
      currentPassword: PASSWORD,
    });
    const row = await storedUser(me.id, "security_question1", "security_answer1_hash", "security_answer2_hash");
    expect(row.security_question1).toBe("3");
    expect(await verifyAnswer(row.security_answer1_hash, "pimlico")).toBe(true);
    expect(await verifyAnswer(row.security_answer2_hash, "Baltimore")).toBe(true);
  });

  it("refuses a choice that is not in its list", async () => {
    const me = await person("choices@example.com");
    await expect(
      updateProfile(test.db, me, me.id, { ...(await unchanged(me)), reference: "nope" }),
    ).rejects.toBeInstanceOf(InvalidChoiceError);
  });

  it("stops trying current passwords after ten in a quarter hour", async () => {
    const me = await person("guesser@example.com");
    const form = { ...(await unchanged(me)), newPassword: "a new password 42", currentPassword: "guess number 1" };
    for (let attempt = 0; attempt < 10; attempt += 1) await refusal(updateProfile(test.db, me, me.id, form));
    expect(await refusal(updateProfile(test.db, me, me.id, { ...form, currentPassword: PASSWORD }))).toEqual({
      currentPassword: ["validation.tooManyTries"],
    });
  });
});
