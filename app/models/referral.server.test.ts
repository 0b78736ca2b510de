import { storedAreaCodes } from "~/test/people";
import { begunDraft, settingWithDraft } from "~/test/referrals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_VISITING } from "~/utils/lookup-codes";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { saveAddress } from "./address.server";
import { startReferral } from "./child.server";
import { ForbiddenError, InputError, InvalidChoiceError, NotFoundError } from "./errors";
import { getDraftForEdit, referrerPhone } from "./referral.server";
import { deleteAdult, getAdult, listAdults, readAdult, saveAdult } from "./referral-adults.server";
import { referralRaces, relationshipColumns, saveAnswers } from "./referral-answers.server";
import { progressFacts } from "./referral-progress.server";
import { createPhone, deletePhone, getPhone, listPhones, updatePhone } from "./phone.server";
import { getReferralAddress, setReferralAddress } from "./referral-address.server";
import type { CurrentUser } from "./user.server";

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
let ids: { child: number; referral: number; user: number };

beforeAll(async () => ({ test, owner, stranger, admin, ids } = await settingWithDraft(createTestDatabase)));
afterAll(() => test.close());

describe("who edits a referral in the wizard", () => {
  it("is its creator, while it is a Draft", async () => {
    expect((await getDraftForEdit(test.db, owner, ids)).status).toBe("Draft");
  });

  it("answers anyone else 404, and a path that mixes up child or user 404", async () => {
    await expect(getDraftForEdit(test.db, stranger, ids)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDraftForEdit(test.db, owner, { ...ids, child: ids.child + 1000 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(getDraftForEdit(test.db, stranger, { ...ids, user: stranger.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(saveAnswers(test.db, stranger, ids, { additionalDetails: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses administrators (403), and the creator once the referral is submitted", async () => {
    await expect(saveAnswers(test.db, admin, ids, { additionalDetails: "x" })).rejects.toBeInstanceOf(ForbiddenError);
    const other = await startReferral(test.db, owner, ids.child);
    await test.db.updateTable("referrals").set({ status: "Submitted" }).where("id", "=", other.id).execute();
    await expect(getDraftForEdit(test.db, owner, { ...ids, referral: other.id })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});

describe("saving answers", () => {
  const name = { referrerFirstName: "Rosa", referrerLastName: "Núñez" };
  it("replaces the races and the referrer's phone, and refuses a race not in the list", async () => {
    await saveAnswers(test.db, owner, ids, {
      races: ["2028-9", "2054-5"],
      isHispanicChild: "no",
      ...name,
      referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "1234" },
    });
    await saveAnswers(test.db, owner, ids, {
      races: ["2054-5"],
      ...name,
      referrerPhoneNumber: { areaCode: "301", prefix: "555", suffix: "0000" },
    });
    expect(await referralRaces(test.db, ids.referral)).toEqual(["2054-5"]);
    const referral = await getDraftForEdit(test.db, owner, ids);
    expect(await referrerPhone(test.db, referral)).toBe("301-555-0000");
    expect(await storedAreaCodes(test.db, owner)).toEqual(["301"]);
    await expect(saveAnswers(test.db, owner, ids, { races: ["9999-9"] })).rejects.toBeInstanceOf(InvalidChoiceError);
  });

  it("feeds the badges", async () => {
    await saveAnswers(test.db, owner, ids, { referrerRelationship: "1", ...name, additionalDetails: "Walks late" });
    const facts = await progressFacts(test.db, await getDraftForEdit(test.db, owner, ids));
    expect(facts).toMatchObject({
      referrerRelationship: "1",
      referrerFirstName: "Rosa",
      additionalDetails: "Walks late",
      adults: [],
      reasons: 0,
      documents: 0,
    });
  });
});

describe("parents and guardians", () => {
  const rosa = {
    firstName: "Rosa",
    lastName: "Pérez",
    childRelationship: "1",
    homePhoneNumber: { areaCode: "410", prefix: "555", suffix: "0001" },
    workPhoneNumber: null,
    mobilePhoneNumber: { areaCode: "443", prefix: "555", suffix: "0002" },
  };

  it("keeps each phone by its type, and replaces them on an edit", async () => {
    const { id } = await saveAdult(test.db, owner, ids, null, rosa);
    expect(await getAdult(test.db, owner, ids, id)).toMatchObject({
      homePhoneNumber: "410-555-0001",
      workPhoneNumber: "",
      mobilePhoneNumber: "443-555-0002",
    });
    await saveAdult(test.db, owner, ids, id, {
      ...rosa,
      homePhoneNumber: null,
      workPhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
    });
    expect(await getAdult(test.db, owner, ids, id)).toMatchObject({
      homePhoneNumber: "",
      workPhoneNumber: "301-555-0003",
      mobilePhoneNumber: "443-555-0002",
    });
    expect((await listAdults(test.db, owner, ids)).find((adult) => adult.id === id)?.phones).toEqual([
      "301-555-0003",
      "443-555-0002",
    ]);
    expect((await progressFacts(test.db, await getDraftForEdit(test.db, owner, ids))).adults.length).toBeGreaterThan(0);
    await deleteAdult(test.db, owner, ids, id);
    await expect(getAdult(test.db, owner, ids, id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("are no one else's to see or change, and a relationship must be in the list", async () => {
    const { id } = await saveAdult(test.db, owner, ids, null, rosa);
    await expect(getAdult(test.db, stranger, ids, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveAdult(test.db, stranger, ids, id, rosa)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteAdult(test.db, admin, ids, id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(saveAdult(test.db, owner, ids, null, { ...rosa, childRelationship: "99" })).rejects.toBeInstanceOf(
      InvalidChoiceError,
    );
  });

  it("need one phone at least, on an edit too, and the badges count those kept without one (R147)", async () => {
    const none = { ...rosa, homePhoneNumber: null, workPhoneNumber: null, mobilePhoneNumber: null };
    await expect(saveAdult(test.db, owner, ids, null, none)).rejects.toMatchObject({
      fieldErrors: { phones: ["validation.guardianPhone"] },
    });
    const { id } = await saveAdult(test.db, owner, ids, null, rosa);
    await expect(saveAdult(test.db, owner, ids, id, none)).rejects.toBeInstanceOf(InputError);
    expect(await getAdult(test.db, owner, ids, id)).toMatchObject({ homePhoneNumber: "410-555-0001" });
    // Kept before the rule: the family section is not complete while it lasts.
    await test.db
      .updateTable("adults")
      .set({ home_phone_id: null, work_phone_id: null, mobile_phone_id: null })
      .where("id", "=", id)
      .execute();
    expect(
      (await progressFacts(test.db, await getDraftForEdit(test.db, owner, ids))).adults.filter(
        (adult) => adult.phones === 0,
      ),
    ).toHaveLength(1);
    await deleteAdult(test.db, owner, ids, id);
  });
});

describe("the referrer relationship's columns", () => {
  it("stores home visiting as Other with the text Home Visitor, and shows it back as home visiting", () => {
    const columns = relationshipColumns({ referrerRelationship: HOME_VISITING, familyApproval: "yes" });
    expect(columns).toMatchObject({
      referrer_relationship: "9",
      referral_source_other: "Home Visitor",
      family_approval: 1,
    });
  });

  it("resets the family approval and the audiologist and hospital flags the new relationship does not ask", () => {
    const fromAudiologist = relationshipColumns({
      referrerRelationship: "1",
      familyApproval: "yes",
      isAudiologistScreening: "yes",
      isHospitalBirth: "no",
    });
    expect(fromAudiologist).toMatchObject({
      family_approval: null,
      is_audiologist_screening: null,
      is_hospital_birth: null,
      is_capta: null,
    });
    expect(
      relationshipColumns({
        referrerRelationship: "3",
        familyApproval: "no",
        isAudiologistScreening: "yes",
        isHospitalBirth: "yes",
      }),
    ).toMatchObject({
      family_approval: 0,
      is_audiologist_screening: null,
      is_hospital_birth: 1,
    });
  });
});

describe("reasons", () => {
  it("need at least one, of any type, on the second screen", async () => {
    const these = await begunDraft(test.db, owner, { firstName: "Ana", lastName: "Uno" });
    const none = { referralReasons: { FailedScreenings: [], IdentifiedConditions: [] } };
    await expect(saveAnswers(test.db, owner, these, none)).rejects.toMatchObject({
      fieldErrors: { "referralReasons.FailedScreenings": ["validation.oneReason"] },
    });
    await saveAnswers(test.db, owner, these, { referralReasons: { RefReasons_ConcernsDevelopmental: ["8"] } });
    await saveAnswers(test.db, owner, these, none);
    // Other medical condition needs its text, kept only while it is chosen.
    const other = { referralReasons: { FailedScreenings: ["1"], IdentifiedConditions: ["99"] } };
    await expect(saveAnswers(test.db, owner, these, other)).rejects.toMatchObject({
      fieldErrors: { otherMedicalCondition: ["validation.otherConditionText"] },
    });
    await saveAnswers(test.db, owner, these, { ...other, otherMedicalCondition: "Hip dysplasia" });
    const rows = await test.db
      .selectFrom("referral_reasons")
      .select(["reason_type", "reason_code"])
      .where("referral_id", "=", these.referral)
      .orderBy("reason_type")
      .execute();
    expect(rows).toEqual([
      { reason_type: "FailedScreenings", reason_code: "1" },
      { reason_type: "IdentifiedConditions", reason_code: "99" },
      { reason_type: "RefReasons_ConcernsDevelopmental", reason_code: "8" },
    ]);
  });
});

describe("the child's address", () => {
  const place = { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003" };

  it("takes one of the referrer's own book, or a typed one kept out of the book unless asked", async () => {
    const mine = await saveAddress(test.db, owner, owner.id, place, null);
    await setReferralAddress(test.db, owner, ids, { bookId: mine.id });
    expect((await getReferralAddress(test.db, owner, ids))?.id).toBe(mine.id);

    const typedId = await setReferralAddress(test.db, owner, ids, {
      address: { ...place, line1: "14 Main St" },
      saveToBook: false,
    });
    expect(await getReferralAddress(test.db, owner, ids)).toMatchObject({
      id: typedId,
      line1: "14 Main St",
      address_book: 0,
      state: "MD",
    });

    const theirs = await saveAddress(test.db, stranger, stranger.id, place, null);
    await expect(setReferralAddress(test.db, owner, ids, { bookId: theirs.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(setReferralAddress(test.db, stranger, ids, { bookId: theirs.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("answers of several steps at once (PUT /api/referrals/{id})", () => {
  it("checks each group named with what is stored, and saves them in one transaction", async () => {
    const change = {
      gender: "2",
      additionalDetails: "  Camina tarde. ",
      referralReasons: { RefReasons_ConcernsDevelopmental: ["8"] },
    };
    // A screening date after today is refused, and nothing of the change is kept.
    await expect(
      saveAnswers(test.db, owner, ids, { ...change, failedScreeningDate: "2026-12-01" }, "2026-11-21"),
    ).rejects.toMatchObject({
      fieldErrors: { failedScreeningDate: ["validation.screeningDateFuture"] },
    });
    expect((await getDraftForEdit(test.db, owner, ids)).gender).toBeNull();
    await saveAnswers(test.db, owner, ids, change, "2026-11-21");
    const saved = await getDraftForEdit(test.db, owner, ids);
    expect([saved.gender, saved.additional_details]).toEqual(["2", "Camina tarde."]);
    // A relationship that asks follow-ups needs them; a change drops those it no longer asks.
    await expect(saveAnswers(test.db, owner, ids, { referrerRelationship: "2" })).rejects.toMatchObject({
      fieldErrors: {
        familyApproval: ["validation.familyApproval"],
        isAudiologistScreening: ["validation.isAudiologistScreening"],
      },
    });
    await saveAnswers(test.db, owner, ids, {
      referrerRelationship: "2",
      familyApproval: "yes",
      isAudiologistScreening: "no",
    });
    await saveAnswers(test.db, owner, ids, { referrerRelationship: "1" });
    expect(await getDraftForEdit(test.db, owner, ids)).toMatchObject({
      referrer_relationship: "1",
      family_approval: null,
      is_audiologist_screening: null,
    });
  });
});

describe("parents and guardians read outside the wizard", () => {
  it("are read by the creator and administrators, whatever the status; 404 for anyone else", async () => {
    const { id } = await saveAdult(test.db, owner, ids, null, {
      firstName: "Rosa",
      lastName: "Pérez",
      childRelationship: "1",
      homePhoneNumber: { areaCode: "410", prefix: "555", suffix: "0100" },
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
    expect((await readAdult(test.db, admin, id)).phones.home).toMatchObject({ area_code: "410", suffix: "0100" });
    expect((await readAdult(test.db, owner, id)).row.first_name).toBe("Rosa");
    await expect(readAdult(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("phone numbers of the JSON API", () => {
  it("belong to their maker; a number a submitted referral holds is not changed or deleted", async () => {
    const id = await createPhone(test.db, owner, { areaCode: "410", prefix: "555", suffix: "0200" });
    expect((await listPhones(test.db, owner, { page: 1, count: 100 })).data.map((row) => row.id)).toContain(id);
    expect((await listPhones(test.db, stranger, { page: 1, count: 100 })).data.map((row) => row.id)).not.toContain(id);
    await expect(listPhones(test.db, stranger, { page: 1, count: 10, ownerId: owner.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(getPhone(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updatePhone(test.db, stranger, id, { areaCode: "301", prefix: "555", suffix: "0000" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updatePhone(test.db, admin, id, { areaCode: "301", prefix: "555", suffix: "0000" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await updatePhone(test.db, owner, id, { areaCode: "301", prefix: "555", suffix: "0200" });
    expect((await getPhone(test.db, admin, id)).areaCode).toBe("301");

    // The referrer's number of a referral once submitted stays as it was sent.
    const sent = await startReferral(test.db, owner, ids.child);
    const sentIds = { ...ids, referral: sent.id };
    await saveAnswers(test.db, owner, sentIds, {
      referrerFirstName: "Rosa",
      referrerLastName: "Núñez",
      referrerPhoneNumber: { areaCode: "443", prefix: "555", suffix: "0300" },
    });
    const held = (await getDraftForEdit(test.db, owner, sentIds)).referrer_phone_id!;
    await test.db.updateTable("referrals").set({ status: "Submitted" }).where("id", "=", sent.id).execute();
    await expect(
      updatePhone(test.db, owner, held, { areaCode: "301", prefix: "555", suffix: "0000" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deletePhone(test.db, owner, held)).rejects.toBeInstanceOf(ForbiddenError);
    await deletePhone(test.db, owner, id);
    await expect(getPhone(test.db, owner, id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
