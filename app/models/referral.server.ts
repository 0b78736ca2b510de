import { holdRows, writeTransaction, type DB } from "~/db.server";
import { guardianPhoneIssue } from "~/schemas/referral";
import { GUARDIAN_RELATIONSHIP_OF_REFERRER } from "~/utils/lookup-codes";
import type { PhoneParts } from "~/utils/phone";
import type { WizardIds } from "~/utils/wizard-paths";
import { recordAccess, viewerOf } from "./access-record.server";
import { ForbiddenError, InputError, InvalidChoiceError, NotFoundError } from "./errors";
import { unknownLookupCodes } from "./lookup.server";
import { insertPhone, phoneText } from "./phone.server";
import { mayEditReferral, mayViewReferral, referralFacts } from "./policy";
import type { CurrentUser } from "./user.server";
import { nameColumns, nameOfRow } from "~/utils/person-name";
import { traced } from "~/services/trace.server";

/**
 * The Draft referral the wizard edits, for the one person who may edit it: its creator, while it
 * is a Draft (docs/product-rules.md R45). The path's child and user must be the referral's own. Anyone else gets
 * NotFoundError; an administrator, or the creator of a referral already submitted, ForbiddenError.
 */
export const getDraftForEdit = traced("model.getDraftForEdit", async function getDraftForEdit(db: DB, actor: CurrentUser, ids: WizardIds) {
  const referral = await db.selectFrom("referrals").selectAll().where("id", "=", ids.referral).executeTakeFirst();
  if (!referral || referral.child_id !== ids.child || referral.created_by_id !== ids.user) throw new NotFoundError("referral");
  const facts = referralFacts(referral);
  if (!mayViewReferral(actor, facts)) throw new NotFoundError("referral");
  if (!mayEditReferral(actor, facts)) throw new ForbiddenError(actor.isAdmin ? "administrators do not edit referrals" : "only a Draft is edited");
  return referral;
});
export type DraftReferral = Awaited<ReturnType<typeof getDraftForEdit>>;

export const referrerPhone = traced("model.referrerPhone", async function referrerPhone(db: DB, referral: DraftReferral): Promise<string> {
  return phoneText(db, referral.referrer_phone_id);
});

/** The referrer step's answers, as its form shows them: each part of the name an empty box when not given, the phone 3-3-4. */
export interface ReferrerStepValues {
  referrerPrefix: string;
  referrerFirstName: string;
  referrerMiddleName: string;
  referrerLastName: string;
  referrerSuffix: string;
  referrerPhoneNumber: string;
}

/** The phones of a person's profile, 3-3-4, in the order a referral offers them: mobile, home, work. */
async function profilePhones(db: DB, userId: number) {
  const row = await db.selectFrom("users").select(["mobile_phone_id", "home_phone_id", "work_phone_id"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return {
    mobilePhoneNumber: await phoneText(db, row.mobile_phone_id),
    homePhoneNumber: await phoneText(db, row.home_phone_id),
    workPhoneNumber: await phoneText(db, row.work_phone_id),
  };
}

/** The referrer's name as the referral holds it, each part an empty box when not given. */
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

/** The referrer as a person's profile gives them: their name, and the first of their phones (mobile, home or work). */
async function profileReferrer(db: DB, userId: number) {
  const person = await db
    .selectFrom("users")
    .select(["prefix", "first_name", "middle_name", "last_name", "suffix"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const phones = await profilePhones(db, userId);
  return { name: nameOfRow(person), phone: phones.mobilePhoneNumber || phones.homePhoneNumber || phones.workPhoneNumber };
}

/**
 * What the referrer step shows for a Draft its creator edits: its answers; or, while nothing of the referrer is given
 * (no name, no phone), what the creator's profile already holds, as most people refer as themselves: their name and
 * the first of their phones, mobile, home or work (docs/product-rules.md R52, R169). Nothing is saved until the step is.
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

/** A parent or guardian as their form shows them, before they are saved. */
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

const sameName = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toLocaleLowerCase() === (b ?? "").trim().toLocaleLowerCase();

/**
 * The referrer as a parent or guardian of the child, offered on the family's list so that a parent who refers their own
 * child does not type themselves twice (docs/product-rules.md R170): when the referrer's relationship is one of the
 * family (parent, foster parent, other family member) and no parent or guardian of the referral has the referrer's first
 * and last name yet. It holds the name given on the referrer step, the same relationship, the e-mail of the creator's
 * account and the phones of their profile, with the referrer step's phone where the profile does not already hold it
 * (in the first free of mobile, home, work). Null when there is nothing to offer. Nothing is saved: the form is.
 */
export const referrerAsGuardian = traced(
  "model.referrerAsGuardian",
  async function referrerAsGuardian(db: DB, actor: CurrentUser, ids: WizardIds): Promise<AdultFormValues | null> {
    const referral = await getDraftForEdit(db, actor, ids);
    const relationship = referral.referrer_relationship ? GUARDIAN_RELATIONSHIP_OF_REFERRER[referral.referrer_relationship] : undefined;
    if (!relationship || !referral.referrer_first_name || !referral.referrer_last_name) return null;
    const adults = await db.selectFrom("adults").select(["first_name", "last_name"]).where("referral_id", "=", referral.id).execute();
    if (adults.some((adult) => sameName(adult.first_name, referral.referrer_first_name) && sameName(adult.last_name, referral.referrer_last_name))) return null;
    const creator = await db.selectFrom("users").select("email").where("id", "=", referral.created_by_id).executeTakeFirstOrThrow();
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

// Parents and guardians of the referral (docs/product-rules.md R56), through the same Draft rule.

export interface AdultInput {
  prefix?: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  suffix?: string;
  childRelationship: string;
  preferredMethodOfContact?: string;
  bestTimeToContact?: string;
  email?: string;
  homePhoneNumber: PhoneParts | null;
  workPhoneNumber: PhoneParts | null;
  mobilePhoneNumber: PhoneParts | null;
}

const ADULT_PHONES = { homePhoneNumber: "home_phone_id", workPhoneNumber: "work_phone_id", mobilePhoneNumber: "mobile_phone_id" } as const;

export const listAdults = traced("model.listAdults", async function listAdults(db: DB, actor: CurrentUser, ids: WizardIds) {
  const referral = await getDraftForEdit(db, actor, ids);
  const rows = await db.selectFrom("adults").selectAll().where("referral_id", "=", referral.id).orderBy("id").execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(" "),
      childRelationship: row.child_relationship,
      phones: (await Promise.all([row.home_phone_id, row.work_phone_id, row.mobile_phone_id].map((id) => phoneText(db, id)))).filter(Boolean),
    })),
  );
});

export const getAdult = traced("model.getAdult", async function getAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number) {
  const referral = await getDraftForEdit(db, actor, ids);
  const row = await db.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
  if (!row) throw new NotFoundError("adult");
  return {
    id: row.id,
    ...nameOfRow(row),
    childRelationship: row.child_relationship ?? "",
    preferredMethodOfContact: row.preferred_method_of_contact ?? "",
    bestTimeToContact: row.best_time_to_contact ?? "",
    email: row.email ?? "",
    homePhoneNumber: await phoneText(db, row.home_phone_id),
    workPhoneNumber: await phoneText(db, row.work_phone_id),
    mobilePhoneNumber: await phoneText(db, row.mobile_phone_id),
  };
});

/** A parent or guardian, for whoever may read the referral (its creator, or an administrator), whatever its status; on the record of access when not its creator (R95). */
export const readAdult = traced("model.readAdult", async function readAdult(db: DB, actor: CurrentUser, adultId: number) {
  const row = await db
    .selectFrom("adults as a")
    .innerJoin("referrals as r", "r.id", "a.referral_id")
    .selectAll("a")
    .select(["r.created_by_id", "r.status", "r.local_program_id"])
    .where("a.id", "=", adultId)
    .executeTakeFirst();
  if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("adult");
  await recordAccess(db, viewerOf(actor), [{ referralId: row.referral_id, createdById: row.created_by_id }], {
    action: "view",
    entityType: "adult",
    entityId: row.id,
  });
  const phone = (id: number | null) =>
    id ? db.selectFrom("phone_numbers").select(["id", "area_code", "prefix", "suffix"]).where("id", "=", id).executeTakeFirst() : Promise.resolve(undefined);
  return { row, phones: { home: await phone(row.home_phone_id), work: await phone(row.work_phone_id), mobile: await phone(row.mobile_phone_id) } };
});

/** Adds (adultId null) or updates a parent or guardian; each phone type is its own number, and one at least is given (R147). */
export const saveAdult = traced(
  "model.saveAdult",
  async function saveAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number | null, input: AdultInput): Promise<{ id: number }> {
    const errors = await unknownLookupCodes(db, [
      { field: "prefix", type: "Prefixes", code: input.prefix },
      { field: "suffix", type: "Suffixes", code: input.suffix },
      { field: "childRelationship", type: "FamilyRelationships", code: input.childRelationship },
      { field: "preferredMethodOfContact", type: "ContactMethods", code: input.preferredMethodOfContact },
    ]);
    if (Object.keys(errors).length) throw new InvalidChoiceError(errors);
    return writeTransaction(db, async (trx) => {
      // R135: the referral's row, held until the commit, so writes of the same referral take turns.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      const existing =
        adultId === null
          ? null
          : await trx.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
      if (adultId !== null && !existing) throw new NotFoundError("adult");
      // At least one phone (R147), once it is known that this person may write this referral's parents: whoever may
      // not is told so, not what the rule asks.
      const noPhone = guardianPhoneIssue(input);
      if (noPhone) throw new InputError({ [noPhone.path]: [noPhone.message] });
      const now = new Date().toISOString();
      const phones: Partial<Record<(typeof ADULT_PHONES)[keyof typeof ADULT_PHONES], number | null>> = {};
      const oldPhones: number[] = [];
      for (const [field, column] of Object.entries(ADULT_PHONES) as Array<[keyof typeof ADULT_PHONES, (typeof ADULT_PHONES)[keyof typeof ADULT_PHONES]]>) {
        phones[column] = await insertPhone(trx, input[field], actor.id);
        if (existing?.[column]) oldPhones.push(existing[column]!);
      }
      const columns = {
        ...nameColumns(input),
        child_relationship: input.childRelationship,
        preferred_method_of_contact: input.preferredMethodOfContact || null,
        best_time_to_contact: input.bestTimeToContact?.trim() || null,
        email: input.email || null,
        ...phones,
        updated_at: now,
      };
      let id: number;
      if (existing) {
        await trx.updateTable("adults").set(columns).where("id", "=", existing.id).execute();
        id = existing.id;
      } else {
        id = (
          await trx
            .insertInto("adults")
            .values({ ...columns, referral_id: referral.id, created_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }
      if (oldPhones.length) await trx.deleteFrom("phone_numbers").where("id", "in", oldPhones).execute();
      await trx.updateTable("referrals").set({ updated_at: now }).where("id", "=", referral.id).execute();
      return { id };
    });
  },
);

export const deleteAdult = traced("model.deleteAdult", async function deleteAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    // R135: the referral's row, held until the commit, so writes of the same referral take turns.
    await holdRows(trx, "referrals", "id", [ids.referral]);
    const referral = await getDraftForEdit(trx, actor, ids);
    const row = await trx.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
    if (!row) throw new NotFoundError("adult");
    await trx.deleteFrom("adults").where("id", "=", row.id).execute();
    const phones = [row.home_phone_id, row.work_phone_id, row.mobile_phone_id].filter((id): id is number => id !== null);
    if (phones.length) await trx.deleteFrom("phone_numbers").where("id", "in", phones).execute();
    await trx.updateTable("referrals").set({ updated_at: new Date().toISOString() }).where("id", "=", referral.id).execute();
  });
});
