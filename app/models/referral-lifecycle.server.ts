import type { Insertable } from "kysely";
import type { ReferralsTable } from "../../db/schema";
import { holdKey, holdRows, writeTransaction, type DB } from "~/db.server";
import { removeStoredFiles } from "~/services/uploads.server";
import { missingItems, type MissingItem } from "~/models/completeness";
import { progressFacts } from "./referral-progress.server";
import type { WizardIds } from "~/utils/wizard-paths";
import { easternCalendarDate } from "~/utils/dates";
import { refuseTooOld } from "./child.server";
import { storedFilesOf } from "./document.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { keepReferralFigures } from "./insight.server";
import { mailReferrer } from "./referral-mail.server";
import { NoProgramError, programForCounty } from "./local-program.server";
import { mailFamilyNotice, mailProgramIntake } from "./program-mail.server";
import { mayCopyReferral, mayDeleteReferral, maySubmitReferral, mayViewReferral, referralFacts } from "./policy";
import { noteSameChildOnSubmit } from "./same-child.server";
import type { CurrentUser } from "./user.server";
import { metrics } from "~/services/metrics.server";
import { traced } from "~/services/trace.server";

// A referral's life after the wizard (R68, R69, R71, R72): the review, the confirmed submit,
// copy and delete. Who may do what is app/models/policy.ts (R45, R87, R108).

export type Row = NonNullable<Awaited<ReturnType<typeof referralRow>>>;

export function referralRow(db: DB, id: number) {
  return db.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The referral the creator or an administrator may read; the path's child and user must be its own. */
export const readableReferral = traced(
  "model.readableReferral",
  async function readableReferral(db: DB, actor: CurrentUser, ids: WizardIds): Promise<Row> {
    const referral = await referralRow(db, ids.referral);
    if (!referral || referral.child_id !== ids.child || referral.created_by_id !== ids.user)
      throw new NotFoundError("referral");
    if (!mayViewReferral(actor, referralFacts(referral))) throw new NotFoundError("referral");
    return referral;
  },
);

/** The creator's referral (else ForbiddenError). Copy asks least (R71); submit and delete add their own rule. */
export const ownReferral = traced(
  "model.ownReferral",
  async function ownReferral(db: DB, actor: CurrentUser, referralId: number): Promise<Row> {
    const referral = await referralRow(db, referralId);
    if (!referral || !mayViewReferral(actor, referralFacts(referral))) throw new NotFoundError("referral");
    if (!mayCopyReferral(actor, referralFacts(referral)))
      throw new ForbiddenError("administrators do not change referrals");
    return referral;
  },
);

/** The referral still lacks these (R68, R69): it is not submitted. */
export class IncompleteReferralError extends Error {
  name = "IncompleteReferralError";
  constructor(readonly missing: MissingItem[]) {
    super(`incomplete: ${missing.map((item) => item.section).join(", ")}`);
  }
}

/** A submit's outcome: `submitted` false when another request submitted it first; `status` as it now stands. */
export interface SubmitOutcome {
  submitted: boolean;
  status: string;
}

/**
 * Submits a complete Draft. The row is held first (R135) so concurrent submits submit once; the loser gets
 * `submitted: false`.
 */
export const submitReferral = traced(
  "model.submitReferral",
  async function submitReferral(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    today = easternCalendarDate(),
  ): Promise<SubmitOutcome> {
    const outcome = await writeTransaction(db, async (trx) => {
      await holdRows(trx, "referrals", "id", [referralId]);
      const referral = await ownReferral(trx, actor, referralId);
      // Its creator's, so only a status past Draft stops it: already submitted, by another request.
      if (!maySubmitReferral(actor, referralFacts(referral))) return { submitted: false, status: referral.status };
      // Hold the address as checked, and serialize same-child checks among children born that day (R126).
      await holdRows(trx, "addresses", "id", [referral.address_id], "share");
      const child = await trx
        .selectFrom("children")
        .select("birthdate")
        .where("id", "=", referral.child_id)
        .executeTakeFirstOrThrow();
      await holdKey(trx, "same-child", child.birthdate);
      // A Draft begun before the child turned three is not sent after (R37).
      await refuseTooOld(trx, referral.child_id, today);
      const facts = await progressFacts(trx, referral);
      const missing = missingItems(facts);
      if (missing.length) throw new IncompleteReferralError(missing);
      // It goes to the local program of its address's county, and to no other (R137).
      const programId = await programForCounty(trx, facts.address?.county ?? null);
      if (programId === null) throw new NoProgramError("no local program serves the county");
      const now = new Date().toISOString();
      await trx
        .updateTable("referrals")
        .set({
          status: "Submitted",
          submission_date: now,
          status_updated_at: now,
          updated_at: now,
          local_program_id: programId,
        })
        .where("id", "=", referral.id)
        .where("status", "=", "Draft")
        .execute();
      // Another submitted referral possibly of the same child is kept for administrators (R126).
      await noteSameChildOnSubmit(trx, referral.id);
      // Counted in the program's figures from now on (R127).
      await keepReferralFigures(trx, [referral.id]);
      return { submitted: true, status: "Submitted" };
    });
    // Mails go after the commit, and only for a first submit.
    if (outcome.submitted) {
      metrics.referralsSubmitted.inc();
      await mailReferrer(db, referralId, "submitted");
      await mailProgramIntake(db, referralId, "submitted");
      await mailFamilyNotice(db, referralId);
    }
    return outcome;
  },
);

/** The Draft a copy makes, and its child's id. */
export interface ReferralCopy {
  id: number;
  childId: number;
}

/**
 * A new Draft with every answer of the referral, for a child under 36 months; marked hasBeenCopied. Documents stay
 * behind: consent is signed for one referral.
 */
export const copyReferral = traced(
  "model.copyReferral",
  async function copyReferral(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    today = easternCalendarDate(),
  ): Promise<ReferralCopy> {
    return writeTransaction(db, async (trx) => {
      // R135: the source stays as read while it is copied (a save of it waits; other copies share it).
      await holdRows(trx, "referrals", "id", [referralId], "share");
      const source = await ownReferral(trx, actor, referralId);
      await refuseTooOld(trx, source.child_id, today);
      const now = new Date().toISOString();
      const copyPhone = async (id: number | null) => {
        if (!id) return null;
        const phone = await trx
          .selectFrom("phone_numbers")
          .select(["area_code", "prefix", "suffix"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!phone) return null;
        return (
          await trx
            .insertInto("phone_numbers")
            .values({ ...phone, created_by_id: actor.id })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      };
      const { id: _id, ...fields } = source;
      void _id;
      const values: Insertable<ReferralsTable> = {
        ...fields,
        status: "Draft",
        created_at: now,
        updated_at: now,
        submission_date: null,
        status_updated_at: null,
        status_details: null,
        status_details_es: null,
        comments: null,
        service_coordinator: null,
        eligibility_determination: null,
        local_program_id: null,
        opened_at: null,
        opened_by_id: null,
        has_been_copied: 1,
        referrer_phone_id: await copyPhone(source.referrer_phone_id),
      };
      const copy = await trx.insertInto("referrals").values(values).returning("id").executeTakeFirstOrThrow();
      const races = await trx
        .selectFrom("referral_races")
        .select("race_code")
        .where("referral_id", "=", source.id)
        .execute();
      if (races.length)
        await trx
          .insertInto("referral_races")
          .values(races.map((row) => ({ referral_id: copy.id, race_code: row.race_code })))
          .execute();
      const reasons = await trx
        .selectFrom("referral_reasons")
        .select(["reason_type", "reason_code"])
        .where("referral_id", "=", source.id)
        .execute();
      if (reasons.length)
        await trx
          .insertInto("referral_reasons")
          .values(reasons.map((row) => ({ ...row, referral_id: copy.id })))
          .execute();
      for (const adult of await trx
        .selectFrom("adults")
        .selectAll()
        .where("referral_id", "=", source.id)
        .orderBy("id")
        .execute()) {
        const { id: _adultId, ...adultFields } = adult;
        void _adultId;
        await trx
          .insertInto("adults")
          .values({
            ...adultFields,
            referral_id: copy.id,
            home_phone_id: await copyPhone(adult.home_phone_id),
            work_phone_id: await copyPhone(adult.work_phone_id),
            mobile_phone_id: await copyPhone(adult.mobile_phone_id),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      return { id: copy.id, childId: source.child_id };
    });
  },
);

/** Deletes a Draft of the person's own, with its parents, phones, reasons and documents (files too). */
export const deleteReferral = traced(
  "model.deleteReferral",
  async function deleteReferral(db: DB, actor: CurrentUser, referralId: number): Promise<void> {
    const files = await writeTransaction(db, async (trx) => {
      await holdRows(trx, "referrals", "id", [referralId], "delete");
      const referral = await ownReferral(trx, actor, referralId);
      if (!mayDeleteReferral(actor, referralFacts(referral))) throw new ForbiddenError("only a Draft is deleted");
      const files = await storedFilesOf(trx, [referral.id]);
      const adults = await trx
        .selectFrom("adults")
        .select(["home_phone_id", "work_phone_id", "mobile_phone_id"])
        .where("referral_id", "=", referral.id)
        .execute();
      const phones = [
        referral.referrer_phone_id,
        ...adults.flatMap((adult) => [adult.home_phone_id, adult.work_phone_id, adult.mobile_phone_id]),
      ].filter((id): id is number => id !== null);
      await trx.deleteFrom("referrals").where("id", "=", referral.id).execute();
      if (phones.length) await trx.deleteFrom("phone_numbers").where("id", "in", phones).execute();
      return files;
    });
    await removeStoredFiles(files);
  },
);
