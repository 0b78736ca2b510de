import type { DB } from "~/db.server";
import { GUARDIAN_RELATIONSHIP_OF_REFERRER } from "~/utils/lookup-codes";
import type { WizardIds } from "~/utils/wizard-paths";
import { ForbiddenError, NotFoundError } from "./errors";
import { phoneText } from "./phone.server";
import { mayEditReferral, mayViewReferral, referralFacts } from "./policy";
import type { CurrentUser } from "./user.server";
import { nameOfRow } from "~/utils/person-name";
import { traced } from "~/services/trace.server";

// The Draft the wizard edits (every change reads getDraftForEdit first) and its referrer.

/**
 * The Draft, for its creator only (R45), the path's child and user being its own. Else NotFoundError, or ForbiddenError
 * for an administrator or a submitted referral's creator.
 */
export const getDraftForEdit = traced(
  "model.getDraftForEdit",
  async function getDraftForEdit(db: DB, actor: CurrentUser, ids: WizardIds) {
    const referral = await db.selectFrom("referrals").selectAll().where("id", "=", ids.referral).executeTakeFirst();
    if (!referral || referral.child_id !== ids.child || referral.created_by_id !== ids.user)
      throw new NotFoundError("referral");
    const facts = referralFacts(referral);
    if (!mayViewReferral(actor, facts)) throw new NotFoundError("referral");
    if (!mayEditReferral(actor, facts))
      throw new ForbiddenError(actor.isAdmin ? "administrators do not edit referrals" : "only a Draft is edited");
    return referral;
  },
);
export type DraftReferral = Awaited<ReturnType<typeof getDraftForEdit>>;

export const referrerPhone = traced(
  "model.referrerPhone",
  async function referrerPhone(db: DB, referral: DraftReferral): Promise<string> {
    return phoneText(db, referral.referrer_phone_id);
  },
);

/** The referrer step's answers as its form shows them: empty strings when not given, the phone 3-3-4. */
export interface ReferrerStepValues {
  referrerPrefix: string;
  referrerFirstName: string;
  referrerMiddleName: string;
  referrerLastName: string;
  referrerSuffix: string;
  referrerPhoneNumber: string;
}

/** A profile's phones, 3-3-4, in the order a referral offers them. */
async function profilePhones(db: DB, userId: number) {
  const row = await db
    .selectFrom("users")
    .select(["mobile_phone_id", "home_phone_id", "work_phone_id"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    mobilePhoneNumber: await phoneText(db, row.mobile_phone_id),
    homePhoneNumber: await phoneText(db, row.home_phone_id),
    workPhoneNumber: await phoneText(db, row.work_phone_id),
  };
}

function referrerNameOf(referral: {
  referrer_prefix: string | null;
  referrer_first_name: string | null;
  referrer_middle_name: string | null;
  referrer_last_name: string | null;
  referrer_suffix: string | null;
}) {
  return nameOfRow({
    prefix: referral.referrer_prefix,
    first_name: referral.referrer_first_name ?? "",
    middle_name: referral.referrer_middle_name,
    last_name: referral.referrer_last_name ?? "",
    suffix: referral.referrer_suffix,
  });
}

/** The profile's name and its first phone. */
async function profileReferrer(db: DB, userId: number) {
  const person = await db
    .selectFrom("users")
    .select(["prefix", "first_name", "middle_name", "last_name", "suffix"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const phones = await profilePhones(db, userId);
  return {
    name: nameOfRow(person),
    phone: phones.mobilePhoneNumber || phones.homePhoneNumber || phones.workPhoneNumber,
  };
}

/**
 * The referrer step's answers or, while none are given, the creator's profile, as most people refer as themselves
 * (R52, R169). Nothing is saved until the step is.
 */
export const referrerStepValues = traced(
  "model.referrerStepValues",
  async function referrerStepValues(db: DB, actor: CurrentUser, ids: WizardIds): Promise<ReferrerStepValues> {
    const referral = await getDraftForEdit(db, actor, ids);
    const untouched = !referral.referrer_first_name && !referral.referrer_last_name && !referral.referrer_phone_id;
    const { name, phone } = untouched
      ? await profileReferrer(db, referral.created_by_id)
      : { name: referrerNameOf(referral), phone: await referrerPhone(db, referral) };
    return {
      referrerPrefix: name.prefix,
      referrerFirstName: name.firstName,
      referrerMiddleName: name.middleName,
      referrerLastName: name.lastName,
      referrerSuffix: name.suffix,
      referrerPhoneNumber: phone,
    };
  },
);

export interface AdultFormValues {
  prefix: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  childRelationship: string;
  preferredMethodOfContact: string;
  bestTimeToContact: string;
  email: string;
  homePhoneNumber: string;
  workPhoneNumber: string;
  mobilePhoneNumber: string;
}

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().toLocaleLowerCase() === (b ?? "").trim().toLocaleLowerCase();

/**
 * The referrer offered as a parent, so a parent referring their own child does not type themselves twice (R170): for a
 * family relationship, unless an adult has their name already. Null when there is nothing to offer; nothing is saved.
 */
export const referrerAsGuardian = traced(
  "model.referrerAsGuardian",
  async function referrerAsGuardian(db: DB, actor: CurrentUser, ids: WizardIds): Promise<AdultFormValues | null> {
    const referral = await getDraftForEdit(db, actor, ids);
    const relationship = referral.referrer_relationship
      ? GUARDIAN_RELATIONSHIP_OF_REFERRER[referral.referrer_relationship]
      : undefined;
    if (!relationship || !referral.referrer_first_name || !referral.referrer_last_name) return null;
    const adults = await db
      .selectFrom("adults")
      .select(["first_name", "last_name"])
      .where("referral_id", "=", referral.id)
      .execute();
    if (
      adults.some(
        (adult) =>
          sameName(adult.first_name, referral.referrer_first_name) &&
          sameName(adult.last_name, referral.referrer_last_name),
      )
    )
      return null;
    const creator = await db
      .selectFrom("users")
      .select("email")
      .where("id", "=", referral.created_by_id)
      .executeTakeFirstOrThrow();
    const phones = await profilePhones(db, referral.created_by_id);
    const given = await referrerPhone(db, referral);
    if (given && !Object.values(phones).includes(given)) {
      const free = (["mobilePhoneNumber", "homePhoneNumber", "workPhoneNumber"] as const).find((slot) => !phones[slot]);
      if (free) phones[free] = given;
    }
    return {
      ...referrerNameOf(referral),
      childRelationship: relationship,
      preferredMethodOfContact: "",
      bestTimeToContact: "",
      email: creator.email,
      ...phones,
    };
  },
);
