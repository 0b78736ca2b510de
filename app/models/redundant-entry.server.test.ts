import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { begunDraft } from "~/test/referrals";
import { addRegisteredPerson, ownerStrangerAdmin } from "~/test/people";
import { NotFoundError } from "./errors";
import { insertPhone } from "./phone.server";
import { referrerAsGuardian, referrerStepValues } from "./referral.server";
import { saveAdult } from "./referral-adults.server";
import { saveAnswers } from "./referral-answers.server";
import type { CurrentUser } from "./user.server";

// What a person gave once is offered again within the referral, not asked twice (docs/product-rules.md R169, R170;
// WCAG 2.2 3.3.7).

let test: TestDatabase;
let parent: CurrentUser;
let stranger: CurrentUser;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ stranger } = await ownerStrangerAdmin(test.db));
  parent = await addRegisteredPerson(test.db, "ana.rivera@example.com", {
    password: "correct horse 12",
    firstName: "Ana",
    lastName: "Rivera",
  });
  await test.db
    .updateTable("users")
    .set({
      prefix: "2",
      middle_name: "Luz",
      work_phone_id: await insertPhone(test.db, { areaCode: "410", prefix: "555", suffix: "0102" }, parent.id),
    })
    .where("id", "=", parent.id)
    .execute();
});
afterAll(() => test.close());

/** The referrer step's fields, empty but for those given. */
const referrerStep = (given: Record<string, string>) => ({
  referrerPrefix: "",
  referrerFirstName: "",
  referrerMiddleName: "",
  referrerLastName: "",
  referrerSuffix: "",
  referrerPhoneNumber: "",
  ...given,
});

/** A new Draft whose referrer step names Ana Rivera, of this relationship, with this phone. */
async function draftAnaRefers(
  referrerRelationship: string,
  referrerPhoneNumber: { areaCode: string; prefix: string; suffix: string },
) {
  const ids = await begunDraft(test.db, parent);
  await saveAnswers(test.db, parent, ids, {
    referrerRelationship,
    referrerFirstName: "Ana",
    referrerLastName: "Rivera",
    referrerPhoneNumber,
  });
  return ids;
}

describe("the referrer step of a new referral", () => {
  it("starts with the creator's profile: the name and the first phone it holds", async () => {
    const ids = await begunDraft(test.db, parent);
    const profile = {
      referrerPrefix: "2",
      referrerFirstName: "Ana",
      referrerMiddleName: "Luz",
      referrerLastName: "Rivera",
      referrerPhoneNumber: "410-555-0102",
    };
    expect(await referrerStepValues(test.db, parent, ids)).toEqual(referrerStep(profile));
  });

  it("shows the referral's own answers once any is given, the profile's no more", async () => {
    const ids = await begunDraft(test.db, parent);
    await saveAnswers(test.db, parent, ids, { referrerFirstName: "Marta", referrerLastName: "Solís" });
    expect(await referrerStepValues(test.db, parent, ids)).toEqual(
      referrerStep({ referrerFirstName: "Marta", referrerLastName: "Solís" }),
    );
  });

  it("is the creator's only", async () => {
    const ids = await begunDraft(test.db, parent);
    await expect(referrerStepValues(test.db, stranger, ids)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the referrer offered as a parent or guardian", () => {
  it("is offered when of the family, with the referrer step's name and phone, the account's e-mail and the same relationship", async () => {
    const ids = await draftAnaRefers("7", { areaCode: "443", prefix: "555", suffix: "0199" });
    expect(await referrerAsGuardian(test.db, parent, ids)).toEqual({
      prefix: "",
      firstName: "Ana",
      middleName: "",
      lastName: "Rivera",
      suffix: "",
      childRelationship: "7",
      preferredMethodOfContact: "",
      bestTimeToContact: "",
      email: "ana.rivera@example.com",
      // The profile's work phone where it is, the referral's own in the first free place.
      mobilePhoneNumber: "443-555-0199",
      homePhoneNumber: "",
      workPhoneNumber: "410-555-0102",
    });
  });

  it("keeps a phone the profile already holds in its place, not twice", async () => {
    const ids = await draftAnaRefers("1", { areaCode: "410", prefix: "555", suffix: "0102" });
    const offered = await referrerAsGuardian(test.db, parent, ids);
    expect(offered).toMatchObject({
      childRelationship: "1",
      mobilePhoneNumber: "",
      homePhoneNumber: "",
      workPhoneNumber: "410-555-0102",
    });
  });

  it("is not offered to a referrer outside the family, nor before a name, nor once a parent has the referrer's name", async () => {
    const ids = await begunDraft(test.db, parent);
    await saveAnswers(test.db, parent, ids, {
      referrerRelationship: "5",
      familyApproval: "yes",
      referrerFirstName: "Ana",
      referrerLastName: "Rivera",
    });
    expect(await referrerAsGuardian(test.db, parent, ids)).toBeNull();
    const unnamed = await begunDraft(test.db, parent);
    await saveAnswers(test.db, parent, unnamed, { referrerRelationship: "1" });
    expect(await referrerAsGuardian(test.db, parent, unnamed)).toBeNull();
    await saveAnswers(test.db, parent, ids, { referrerRelationship: "1" });
    expect(await referrerAsGuardian(test.db, parent, ids)).not.toBeNull();
    await saveAdult(test.db, parent, ids, null, {
      firstName: " ana ",
      lastName: "RIVERA",
      childRelationship: "1",
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
    expect(await referrerAsGuardian(test.db, parent, ids)).toBeNull();
  });

  it("is the creator's only", async () => {
    const ids = await begunDraft(test.db, parent);
    await expect(referrerAsGuardian(test.db, stranger, ids)).rejects.toBeInstanceOf(NotFoundError);
  });
});
