import type { Updateable } from "kysely";
import type { ReasonType, ReferralsTable } from "../../db/schema";
import { writeTransaction, type DB } from "~/db.server";
import type { PhoneParts } from "~/utils/phone";
import type { BadgeFacts } from "~/wizard/badges";
import type { WizardIds } from "~/wizard/steps";
import { ForbiddenError, InputError, InvalidChoiceError, NotFoundError } from "./errors";
import { unknownLookupCodes, type LookupType } from "./lookup.server";
import { insertPhone, phoneText } from "./phone.server";
import { mayEditReferral, mayViewReferral, referralFacts } from "./policy";
import type { CurrentUser } from "./user.server";

/**
 * The Draft referral the wizard edits, for the one person who may edit it: its creator, while it
 * is a Draft (docs/product-rules.md R45). The path's child and user must be the referral's own. Anyone else gets
 * NotFoundError; an administrator, or the creator of a referral already submitted, ForbiddenError.
 */
export async function getDraftForEdit(db: DB, actor: CurrentUser, ids: WizardIds) {
  const referral = await db.selectFrom("referrals").selectAll().where("id", "=", ids.referral).executeTakeFirst();
  if (!referral || referral.child_id !== ids.child || referral.created_by_id !== ids.user) throw new NotFoundError("referral");
  const facts = referralFacts(referral);
  if (!mayViewReferral(actor, facts)) throw new NotFoundError("referral");
  if (!mayEditReferral(actor, facts)) throw new ForbiddenError(actor.isAdmin ? "administrators do not edit referrals" : "only a Draft is edited");
  return referral;
}
export type DraftReferral = Awaited<ReturnType<typeof getDraftForEdit>>;

/** What the step badges need to know of a referral. */
export async function badgeFacts(db: DB, referral: DraftReferral): Promise<BadgeFacts> {
  const address = referral.address_id
    ? ((await db.selectFrom("addresses").select(["line1", "city", "zip", "county"]).where("id", "=", referral.address_id).executeTakeFirst()) ?? null)
    : null;
  const count = async (table: "adults" | "referral_reasons" | "referral_documents") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("referral_id", "=", referral.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    referrerRelationship: referral.referrer_relationship,
    referrerFirstName: referral.referrer_first_name,
    referrerMiddleName: referral.referrer_middle_name,
    referrerLastName: referral.referrer_last_name,
    gender: referral.gender,
    primaryLanguage: referral.primary_language,
    address,
    gestationalAgeInDays: referral.gestational_age_in_days,
    adults: await count("adults"),
    familyPrimaryLanguage: referral.family_primary_language,
    familyNeedsInterpreter: referral.family_needs_interpreter,
    childInFosterCare: referral.child_in_foster_care,
    reasons: await count("referral_reasons"),
    additionalDetails: referral.additional_details,
    documents: await count("referral_documents"),
    childParentConsent: referral.child_parent_consent,
  };
}

export async function referrerPhone(db: DB, referral: DraftReferral): Promise<string> {
  return phoneText(db, referral.referrer_phone_id);
}

export async function referralRaces(db: DB, referralId: number): Promise<string[]> {
  const rows = await db.selectFrom("referral_races").select("race_code").where("referral_id", "=", referralId).orderBy("race_code").execute();
  return rows.map((row) => row.race_code);
}

/** One step's changes to the Draft; lookups are checked, the referral must be the actor's Draft. */
export interface StepChange {
  columns?: Updateable<ReferralsTable>;
  /** Lookup codes to check, by form field. */
  choices?: Array<{ field: string; type: LookupType; code: string | null | undefined }>;
  races?: string[];
  referrerPhone?: PhoneParts | null;
  /** The reasons of the types given replace the stored ones of those types. */
  reasons?: Partial<Record<ReasonType, string[]>>;
  /** At least one reason must remain, of any type (docs/product-rules.md R58); else InputError on this field. */
  requireAnyReason?: string;
}

/** Several steps' changes as one, saved in one transaction (a PUT of the JSON API naming answers of several steps). */
export function mergeStepChanges(changes: StepChange[]): StepChange {
  const merged: StepChange = {};
  for (const change of changes) {
    if (change.columns) merged.columns = { ...merged.columns, ...change.columns };
    if (change.choices) merged.choices = [...(merged.choices ?? []), ...change.choices];
    if (change.races) merged.races = change.races;
    if (change.referrerPhone !== undefined) merged.referrerPhone = change.referrerPhone;
    if (change.reasons) merged.reasons = { ...merged.reasons, ...change.reasons };
    if (change.requireAnyReason) merged.requireAnyReason = change.requireAnyReason;
  }
  return merged;
}

export async function saveStep(db: DB, actor: CurrentUser, ids: WizardIds, change: StepChange): Promise<void> {
  const choices = [
    ...(change.choices ?? []),
    ...(change.races ?? []).map((code) => ({ field: "races", type: "Races" as const, code })),
    ...Object.entries(change.reasons ?? {}).flatMap(([type, codes]) => codes.map((code) => ({ field: type, type: type as ReasonType, code }))),
  ];
  const errors = await unknownLookupCodes(db, choices);
  if (Object.keys(errors).length) throw new InvalidChoiceError(errors);
  await writeTransaction(db, async (trx) => {
    const referral = await getDraftForEdit(trx, actor, ids);
    const columns: Updateable<ReferralsTable> = { ...change.columns, updated_at: new Date().toISOString() };
    if (change.referrerPhone !== undefined) columns.referrer_phone_id = await insertPhone(trx, change.referrerPhone, actor.id);
    await trx.updateTable("referrals").set(columns).where("id", "=", referral.id).execute();
    // The old number goes once nothing points at it.
    if (change.referrerPhone !== undefined && referral.referrer_phone_id) {
      await trx.deleteFrom("phone_numbers").where("id", "=", referral.referrer_phone_id).execute();
    }
    for (const [type, codes] of Object.entries(change.reasons ?? {}) as Array<[ReasonType, string[]]>) {
      await trx.deleteFrom("referral_reasons").where("referral_id", "=", referral.id).where("reason_type", "=", type).execute();
      if (codes.length) {
        await trx
          .insertInto("referral_reasons")
          .values([...new Set(codes)].map((reason_code) => ({ referral_id: referral.id, reason_type: type, reason_code })))
          .execute();
      }
    }
    if (change.requireAnyReason) {
      const any = await trx.selectFrom("referral_reasons").select("referral_id").where("referral_id", "=", referral.id).executeTakeFirst();
      if (!any) throw new InputError({ [change.requireAnyReason]: ["validation.oneReason"] });
    }
    if (change.races) {
      await trx.deleteFrom("referral_races").where("referral_id", "=", referral.id).execute();
      if (change.races.length) {
        await trx
          .insertInto("referral_races")
          .values([...new Set(change.races)].map((race_code) => ({ referral_id: referral.id, race_code })))
          .execute();
      }
    }
  });
}

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

export async function listAdults(db: DB, actor: CurrentUser, ids: WizardIds) {
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
}

export async function getAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number) {
  const referral = await getDraftForEdit(db, actor, ids);
  const row = await db.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
  if (!row) throw new NotFoundError("adult");
  return {
    id: row.id,
    prefix: row.prefix ?? "",
    firstName: row.first_name,
    middleName: row.middle_name ?? "",
    lastName: row.last_name,
    suffix: row.suffix ?? "",
    childRelationship: row.child_relationship ?? "",
    preferredMethodOfContact: row.preferred_method_of_contact ?? "",
    bestTimeToContact: row.best_time_to_contact ?? "",
    email: row.email ?? "",
    homePhoneNumber: await phoneText(db, row.home_phone_id),
    workPhoneNumber: await phoneText(db, row.work_phone_id),
    mobilePhoneNumber: await phoneText(db, row.mobile_phone_id),
  };
}

/** A parent or guardian, for whoever may read the referral (its creator, or an administrator), whatever its status. */
export async function readAdult(db: DB, actor: CurrentUser, adultId: number) {
  const row = await db
    .selectFrom("adults as a")
    .innerJoin("referrals as r", "r.id", "a.referral_id")
    .selectAll("a")
    .select("r.created_by_id")
    .where("a.id", "=", adultId)
    .executeTakeFirst();
  if (!row || !mayViewReferral(actor, { createdById: row.created_by_id })) throw new NotFoundError("adult");
  const phone = (id: number | null) =>
    id ? db.selectFrom("phone_numbers").select(["id", "area_code", "prefix", "suffix"]).where("id", "=", id).executeTakeFirst() : Promise.resolve(undefined);
  return { row, phones: { home: await phone(row.home_phone_id), work: await phone(row.work_phone_id), mobile: await phone(row.mobile_phone_id) } };
}

/** Adds (adultId null) or updates a parent or guardian; each phone type is its own number. */
export async function saveAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number | null, input: AdultInput): Promise<{ id: number }> {
  const errors = await unknownLookupCodes(db, [
    { field: "prefix", type: "Prefixes", code: input.prefix },
    { field: "suffix", type: "Suffixes", code: input.suffix },
    { field: "childRelationship", type: "FamilyRelationships", code: input.childRelationship },
    { field: "preferredMethodOfContact", type: "ContactMethods", code: input.preferredMethodOfContact },
  ]);
  if (Object.keys(errors).length) throw new InvalidChoiceError(errors);
  return writeTransaction(db, async (trx) => {
    const referral = await getDraftForEdit(trx, actor, ids);
    const existing = adultId === null ? null : await trx.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
    if (adultId !== null && !existing) throw new NotFoundError("adult");
    const now = new Date().toISOString();
    const phones: Partial<Record<(typeof ADULT_PHONES)[keyof typeof ADULT_PHONES], number | null>> = {};
    const oldPhones: number[] = [];
    for (const [field, column] of Object.entries(ADULT_PHONES) as Array<[keyof typeof ADULT_PHONES, (typeof ADULT_PHONES)[keyof typeof ADULT_PHONES]]>) {
      phones[column] = await insertPhone(trx, input[field], actor.id);
      if (existing?.[column]) oldPhones.push(existing[column]!);
    }
    const columns = {
      prefix: input.prefix || null,
      first_name: input.firstName,
      middle_name: input.middleName || null,
      last_name: input.lastName,
      suffix: input.suffix || null,
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
      id = (await trx.insertInto("adults").values({ ...columns, referral_id: referral.id, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
    }
    if (oldPhones.length) await trx.deleteFrom("phone_numbers").where("id", "in", oldPhones).execute();
    await trx.updateTable("referrals").set({ updated_at: now }).where("id", "=", referral.id).execute();
    return { id };
  });
}

export async function deleteAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const referral = await getDraftForEdit(trx, actor, ids);
    const row = await trx.selectFrom("adults").selectAll().where("id", "=", adultId).where("referral_id", "=", referral.id).executeTakeFirst();
    if (!row) throw new NotFoundError("adult");
    await trx.deleteFrom("adults").where("id", "=", row.id).execute();
    const phones = [row.home_phone_id, row.work_phone_id, row.mobile_phone_id].filter((id): id is number => id !== null);
    if (phones.length) await trx.deleteFrom("phone_numbers").where("id", "in", phones).execute();
    await trx.updateTable("referrals").set({ updated_at: new Date().toISOString() }).where("id", "=", referral.id).execute();
  });
}

/** The referral's reasons of one type. */
export async function referralReasons(db: DB, referralId: number, type: ReasonType): Promise<string[]> {
  const rows = await db
    .selectFrom("referral_reasons")
    .select("reason_code")
    .where("referral_id", "=", referralId)
    .where("reason_type", "=", type)
    .orderBy("reason_code")
    .execute();
  return rows.map((row) => row.reason_code);
}
