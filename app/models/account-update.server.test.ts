import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { addRegisteredPerson, ownerStrangerAdmin, unchangedProfile } from "~/test/people";
import { updateAccount, type AccountUpdate } from "./account-update.server";
import { FieldsForbiddenError, InputError, NotFoundError } from "./errors";
import { getProfile } from "./profile.server";
import type { CurrentUser } from "./user.server";

// PUT /api/users/{id} in one model call: the account's state and its profile, with every rule of the two together.

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
const OPTIONS = { signedIn: false, approvedDomains: ["maryland.gov"] };
const unread = (): never => {
  throw new Error("the profile was read before the asker was known to may change it");
};
const stateOnly = (state: AccountUpdate["state"]): AccountUpdate => ({ state, profile: { changed: [], read: unread } });
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  test = await configuredTestDatabase();
  ({ owner, stranger, admin } = await ownerStrangerAdmin(test.db));
});
afterAll(() => test.close());

describe("an account changed whole (PUT /api/users)", () => {
  it("refuses taking a role away or a verified e-mail back, on their fields, and changes nothing else asked with them", async () => {
    const error = await refusal(
      updateAccount(test.db, admin, owner.id, stateOnly({ roles: [], enabled: false, locked: true }), OPTIONS),
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).fieldErrors).toEqual({
      enabled: ["api:fields.enabledStays"],
      roles: ["api:fields.rolesOneWay"],
    });
    expect((await getProfile(test.db, admin, owner.id)).locked).toBe(false);
  });

  it("tells an administrator which of someone else's profile fields are not theirs, before any state change is written", async () => {
    const error = await refusal(
      updateAccount(
        test.db,
        admin,
        owner.id,
        { state: { locked: true }, profile: { changed: ["firstName", "email"], read: unread } },
        OPTIONS,
      ),
    );
    expect(error).toBeInstanceOf(FieldsForbiddenError);
    expect((error as FieldsForbiddenError).fieldErrors).toEqual({
      firstName: ["api:fields.notYours"],
      email: ["api:fields.notYours"],
    });
    expect((await getProfile(test.db, admin, owner.id)).locked).toBe(false);
  });

  it("answers a referrer asking about someone else's account as if it did not exist", async () => {
    expect(
      await refusal(updateAccount(test.db, stranger, owner.id, stateOnly({ locked: true }), OPTIONS)),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await refusal(
        updateAccount(
          test.db,
          stranger,
          owner.id,
          { state: {}, profile: { changed: ["firstName"], read: unread } },
          OPTIONS,
        ),
      ),
    ).toBeInstanceOf(NotFoundError);
  });

  it("lets an administrator lock and unlock an account, and its owner change the profile", async () => {
    await updateAccount(test.db, admin, owner.id, stateOnly({ locked: true }), OPTIONS);
    expect((await getProfile(test.db, admin, owner.id)).locked).toBe(true);
    await updateAccount(test.db, admin, owner.id, stateOnly({ locked: false }), OPTIONS);
    expect((await getProfile(test.db, admin, owner.id)).locked).toBe(false);

    // Someone registered through the form, with security questions and answers.
    const rosa = await addRegisteredPerson(test.db, "rosa@example.com", { password: "correct horse 12" });
    const profile = { ...(await unchangedProfile(test.db, rosa)), firstName: "Rosita" };
    await updateAccount(
      test.db,
      rosa,
      rosa.id,
      { state: {}, profile: { changed: ["firstName"], read: () => profile } },
      OPTIONS,
    );
    expect((await getProfile(test.db, rosa, rosa.id)).firstName).toBe("Rosita");
  });
});
