import type { Updateable } from "kysely";
import type { ReferralsTable } from "../../db/schema";
import { writeTransaction, type DB } from "~/db.server";
import { formatPhone, type PhoneParts } from "~/utils/phone";
import type { BadgeFacts } from "~/wizard/badges";
import type { WizardIds } from "~/wizard/steps";
import { ForbiddenError, InvalidChoiceError, NotFoundError } from "./errors";
import { unknownLookupCodes, type LookupType } from "./lookup.server";
import { insertPhone } from "./phone.server";
import type { CurrentUser } from "./user.server";

/**
 * The Draft referral the wizard edits, for the one person who may edit it: its creator, while it
 * is a Draft (SPEC §6). The path's child and user must be the referral's own. Anyone else gets
 * NotFoundError; an administrator, or the creator of a referral already submitted, ForbiddenError.
 */
export async function getDraftForEdit(db: DB, actor: CurrentUser, ids: WizardIds) {
  const referral = await db.selectFrom("referrals").selectAll().where("id", "=", ids.referral).executeTakeFirst();
  if (!referral || referral.child_id !== ids.child || referral.created_by_id !== ids.user) throw new NotFoundError("referral");
  if (actor.isAdmin) throw new ForbiddenError("administrators do not edit referrals");
  if (referral.created_by_id !== actor.id) throw new NotFoundError("referral");
  if (referral.status !== "Draft") throw new ForbiddenError("only a Draft is edited");
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
  };
}

export async function referrerPhone(db: DB, referral: DraftReferral): Promise<string> {
  if (!referral.referrer_phone_id) return "";
  const row = await db.selectFrom("phone_numbers").select(["area_code", "prefix", "suffix"]).where("id", "=", referral.referrer_phone_id).executeTakeFirst();
  return row ? formatPhone({ areaCode: row.area_code, prefix: row.prefix, suffix: row.suffix }) : "";
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
}

export async function saveStep(db: DB, actor: CurrentUser, ids: WizardIds, change: StepChange): Promise<void> {
  const choices = [...(change.choices ?? []), ...(change.races ?? []).map((code) => ({ field: "races", type: "Races" as const, code }))];
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
