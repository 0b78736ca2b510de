import type { ReferralStatus } from "../../db/schema";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { AdminStatus } from "~/utils/statuses";
import { ForbiddenError, NotFoundError } from "./errors";
import { keepReferralFigures } from "./insight.server";
import { mayRecordStatus, mayViewReferral, referralFacts, type ReferralFacts } from "./policy";
import { mailReferrer } from "./referral-mail.server";
import type { CurrentUser } from "./user.server";
import { metrics } from "~/services/metrics.server";
import { traced } from "~/services/trace.server";

// A submitted referral's status changes and their history (R84, R85, R156).

/** A submitted referral the asker `may` act on (R137); else NotFoundError, or ForbiddenError if they may read it. */
export async function submittedReferral(
  db: DB,
  actor: CurrentUser,
  referralId: number,
  may: (actor: CurrentUser, referral: ReferralFacts) => boolean,
) {
  const referral = await db
    .selectFrom("referrals")
    .select(["id", "status", "created_by_id", "child_id", "local_program_id"])
    .where("id", "=", referralId)
    .executeTakeFirst();
  if (!referral || !mayViewReferral(actor, referralFacts(referral))) throw new NotFoundError("referral");
  if (!may(actor, referralFacts(referral)))
    throw new ForbiddenError("administrators and its program only, once submitted");
  return referral;
}

export interface StatusChange {
  status: AdminStatus;
  details?: string;
  detailsEs?: string;
  comments?: string;
  serviceCoordinator?: string;
  eligibilityDetermination?: string;
}

/** Records a new status, its details and the program's notes, kept in the history. The answers are untouched. */
export const recordStatusChange = traced(
  "model.recordStatusChange",
  async function recordStatusChange(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    change: StatusChange,
  ): Promise<{ from: ReferralStatus; to: AdminStatus; at: string }> {
    const outcome = await writeTransaction(db, async (trx) => {
      // R135: concurrent changes take turns, so the history's "from" is the status replaced.
      await holdRows(trx, "referrals", "id", [referralId]);
      const referral = await submittedReferral(trx, actor, referralId, mayRecordStatus);
      const at = new Date().toISOString();
      await trx
        .insertInto("referral_status_history")
        .values({
          referral_id: referral.id,
          from_status: referral.status,
          to_status: change.status,
          changed_by_id: actor.id,
          changed_at: at,
          status_details: change.details || null,
          status_details_es: change.detailsEs || null,
          comments: change.comments || null,
        })
        .execute();
      await trx
        .updateTable("referrals")
        .set({
          status: change.status,
          status_updated_at: at,
          status_details: change.details || null,
          status_details_es: change.detailsEs || null,
          comments: change.comments || null,
          service_coordinator: change.serviceCoordinator || null,
          eligibility_determination: change.eligibilityDetermination || null,
        })
        .where("id", "=", referral.id)
        .execute();
      await keepReferralFigures(trx, [referral.id]);
      return { from: referral.status, to: change.status, at };
    });
    metrics.statusChanges.inc({ status: outcome.to });
    // Only once committed.
    await mailReferrer(db, referralId, "status");
    return outcome;
  },
);

export interface StatusHistoryEntry {
  id: number;
  from_status: ReferralStatus | null;
  to_status: ReferralStatus;
  changed_at: string;
  status_details: string | null;
  comments: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The status history, oldest first (R156), starting with the submission read from the referral (id 0). Records no
 * access: the review showing it records its own.
 */
export const statusHistory = traced(
  "model.statusHistory",
  async function statusHistory(db: DB, actor: CurrentUser, referralId: number): Promise<StatusHistoryEntry[]> {
    await submittedReferral(db, actor, referralId, mayRecordStatus);
    const submission = await db
      .selectFrom("referrals as r")
      .innerJoin("users as u", "u.id", "r.created_by_id")
      .select(["r.submission_date", "u.first_name", "u.last_name"])
      .where("r.id", "=", referralId)
      .executeTakeFirstOrThrow();
    const changes = await db
      .selectFrom("referral_status_history as h")
      .leftJoin("users as u", "u.id", "h.changed_by_id")
      .select([
        "h.id",
        "h.from_status",
        "h.to_status",
        "h.changed_at",
        "h.status_details",
        "h.comments",
        "u.first_name",
        "u.last_name",
      ])
      .where("h.referral_id", "=", referralId)
      .orderBy("h.changed_at", "asc")
      .orderBy("h.id", "asc")
      .execute();
    const submitted: StatusHistoryEntry[] = submission.submission_date
      ? [
          {
            id: 0,
            from_status: "Draft",
            to_status: "Submitted",
            changed_at: submission.submission_date,
            status_details: null,
            comments: null,
            first_name: submission.first_name,
            last_name: submission.last_name,
          },
        ]
      : [];
    return [...submitted, ...(changes as StatusHistoryEntry[])];
  },
);
