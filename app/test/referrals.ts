import type { TestDatabase } from "../../db/testing";
import type { DB } from "~/db.server";
import { createChild, startReferral } from "~/models/child.server";
import { saveAdult } from "~/models/referral-adults.server";
import { saveAnswers } from "~/models/referral-answers.server";
import { setReferralAddress } from "~/models/referral-address.server";
import { submitReferral } from "~/models/referral-lifecycle.server";
import type { CurrentUser } from "~/models/user.server";
import { CONSENT } from "~/schemas/referral";
import { ownerStrangerAdmin } from "./people";

/**
 * A Draft of the child's with every answer the review asks for, made through the wizard's model functions: an address
 * in the county given (Anne Arundel unless told), the referrer's relationship given (1 unless told), and reasons.
 */
export async function completeDraft(
  db: DB,
  owner: CurrentUser,
  childId: number,
  { county = "24003", relationship = "1" } = {},
) {
  const { id } = await startReferral(db, owner, childId);
  const ids = { child: childId, referral: id, user: owner.id };
  await setReferralAddress(db, owner, ids, {
    address: { line1: "12 Main St", city: "Annapolis", zip: "21401", county },
    saveToBook: false,
  });
  await saveAnswers(db, owner, ids, {
    referrerRelationship: relationship,
    referrerFirstName: "Rosa",
    referrerLastName: "Pérez",
    referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "0001" },
    gender: "2",
    races: ["2028-9"],
    isHispanicChild: "yes",
    primaryLanguage: "2",
    gestationalAgeInDays: 270,
    familyPrimaryLanguage: "2",
    familyNeedsInterpreter: "yes",
    childInFosterCare: "no",
    referralReasons: { RefReasons_ConcernsDevelopmental: ["1"], FailedScreenings: ["1"] },
    childParentConsent: CONSENT.no,
  });
  await saveAdult(db, owner, ids, null, {
    firstName: "Rosa",
    lastName: "Pérez",
    childRelationship: "1",
    homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
    workPhoneNumber: null,
    mobilePhoneNumber: null,
  });
  return ids;
}

/**
 * A child of `by`'s, born 2025-06-01 in Maryland, kept as the pre-verification and the name screens keep it (on
 * 2026-11-21).
 */
export async function addChild(db: DB, by: CurrentUser, { firstName = "Lucía", lastName = "Pérez" } = {}) {
  return createChild(
    db,
    by,
    { id: null, firstName, lastName, birthdate: "2025-06-01", stateOfResidence: "21" },
    "2026-11-21",
  );
}

/**
 * A Draft just begun by `by` for a new child of theirs (named as addChild names it unless told), by the ids of the
 * wizard's paths.
 */
export async function begunDraft(db: DB, by: CurrentUser, name: { firstName?: string; lastName?: string } = {}) {
  const child = await addChild(db, by, name);
  const { id } = await startReferral(db, by, child.id);
  return { child: child.id, referral: id, user: by.id };
}

/**
 * A fresh database (`open`'s) with the people of ownerStrangerAdmin and a Draft the owner began: the wizard's model
 * tests' setting.
 */
export async function settingWithDraft(open: () => Promise<TestDatabase>) {
  const test = await open();
  const people = await ownerStrangerAdmin(test.db);
  return { test, ...people, ids: await begunDraft(test.db, people.owner) };
}

/**
 * A referral submitted in a county, of a child with a last name of its own. Made by someone other than the family
 * (`relationship` not 1: a physician), it has the family's approval (R142), in the family's language as given; a
 * family e-mail is given to a second parent or guardian.
 */
export async function submittedIn(
  db: DB,
  referrer: CurrentUser,
  county: string,
  options: { relationship?: string; familyEmail?: string; language?: "1" | "2" } = {},
): Promise<{ child: number; referral: number; user: number; lastName: string }> {
  const lastName = `Zúñiga${Math.random().toString(36).slice(2, 7)}`;
  const child = await addChild(db, referrer, { lastName });
  const ids = await completeDraft(db, referrer, child.id, { county });
  if (options.relationship && options.relationship !== "1") {
    await db
      .updateTable("referrals")
      .set({
        referrer_relationship: options.relationship,
        family_approval: 1,
        family_primary_language: options.language ?? "2",
      })
      .where("id", "=", ids.referral)
      .execute();
  }
  if (options.familyEmail) {
    await saveAdult(db, referrer, ids, null, {
      firstName: "Marta",
      lastName: "Zúñiga",
      childRelationship: "1",
      email: options.familyEmail,
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0009" },
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
  }
  const { submitted } = await submitReferral(db, referrer, ids.referral);
  if (!submitted) throw new Error(`referral ${ids.referral} was not submitted`);
  return { ...ids, lastName };
}
