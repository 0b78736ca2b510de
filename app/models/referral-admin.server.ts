import type { TFunction } from "i18next";
import type { ReviewLinkEndReason } from "../../db/schema";
import { createToken, hashToken } from "~/auth/token.server";
import type { DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { NotFoundError } from "./errors";
import { actsForProgram, mayMakeReviewLink, mayRecordStatus, referralFacts, type ReferralFacts } from "./policy";
import { statusHistory, submittedReferral } from "./referral-status.server";
import { possiblySameChildAs } from "./same-child.server";
import { getCurrentUser, type CurrentUser } from "./user.server";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import { accessRecordOf } from "./access-record.server";
import { readerOf, reads } from "./reads";
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS } from "~/schemas/admin";
import { traced } from "~/services/trace.server";

// A submitted referral's review links for outside reviewers, and the administrator's panel under its review (R93, R95).

export type { ReviewLinkEndReason };

/** Who will read a referral through a review link, and why: named in the record of access (R93, R95). */
export interface ReviewLinkInput {
  days?: number;
  reviewerName: string;
  purpose: string;
}

/** The token is returned once; only its hash is kept. */
export const createReviewLink = traced(
  "model.createReviewLink",
  async function createReviewLink(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    { days = REVIEW_LINK_DEFAULT_DAYS, reviewerName, purpose }: ReviewLinkInput,
    now = new Date(),
  ): Promise<{ id: number; token: string; expiresAt: string }> {
    const referral = await submittedReferral(db, actor, referralId, mayMakeReviewLink);
    const { token, hash } = createToken();
    const expiresAt = new Date(
      now.getTime() + Math.min(REVIEW_LINK_MAX_DAYS, Math.max(1, Math.round(days))) * 86_400_000,
    ).toISOString();
    const row = await db
      .insertInto("review_tokens")
      .values({
        referral_id: referral.id,
        token_hash: hash,
        created_by_id: actor.id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        reviewer_name: reviewerName.trim(),
        purpose: purpose.trim(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(
      db,
      { kind: "reviewLinkMade", ...doneBy(actor), subjectUserId: actor.id, details: { referral: referral.id } },
      now,
    );
    return { id: row.id, token, expiresAt };
  },
);

export const listReviewLinks = traced(
  "model.listReviewLinks",
  async function listReviewLinks(db: DB, actor: CurrentUser, referralId: number) {
    await submittedReferral(db, actor, referralId, mayMakeReviewLink);
    return db
      .selectFrom("review_tokens as t")
      .leftJoin("users as u", "u.id", "t.created_by_id")
      .select([
        "t.id",
        "t.created_at",
        "t.expires_at",
        "t.revoked_at",
        "t.ended_reason",
        "t.reviewer_name",
        "t.purpose",
        "u.first_name",
        "u.last_name",
      ])
      .where("t.referral_id", "=", referralId)
      .orderBy("t.created_at", "desc")
      .execute();
  },
);

export const revokeReviewLink = traced(
  "model.revokeReviewLink",
  async function revokeReviewLink(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    linkId: number,
    now = new Date(),
  ): Promise<void> {
    await submittedReferral(db, actor, referralId, mayMakeReviewLink);
    const result = await db
      .updateTable("review_tokens")
      .set({ revoked_at: now.toISOString() })
      .where("id", "=", linkId)
      .where("referral_id", "=", referralId)
      .where("revoked_at", "is", null)
      .returning("created_by_id")
      .executeTakeFirst();
    if (!result) throw new NotFoundError("review link");
    await recordSecurityEvent(
      db,
      {
        kind: "reviewLinkRevoked",
        ...doneBy(actor),
        subjectUserId: result.created_by_id,
        details: { referral: referralId },
      },
      now,
    );
  },
);

/** Why a link's maker may no longer make it, or null (R93). */
async function whyMakerMayNot(
  db: DB,
  makerId: number | null,
  referral: ReferralFacts,
): Promise<Exclude<ReviewLinkEndReason, "transferred"> | null> {
  const maker = makerId === null ? null : await getCurrentUser(db, makerId);
  if (!maker) return "deactivated";
  return mayMakeReviewLink(maker, referral) ? null : "roleLost";
}

/**
 * Ends live links that outlived their maker's authority (R93): all of a transferred referral's, or a maker's for
 * referrals they may no longer make one for.
 */
export const endReviewLinks = traced(
  "model.endReviewLinks",
  async function endReviewLinks(
    db: DB,
    which: { referralId: number } | { madeBy: number },
    now = new Date(),
  ): Promise<number> {
    let query = db
      .selectFrom("review_tokens as t")
      .innerJoin("referrals as r", "r.id", "t.referral_id")
      .select([
        "t.id",
        "t.created_by_id",
        "t.referral_id",
        "r.status",
        "r.created_by_id as referral_created_by_id",
        "r.local_program_id",
      ])
      .where("t.revoked_at", "is", null)
      .where("t.expires_at", ">", now.toISOString());
    query =
      "referralId" in which
        ? query.where("t.referral_id", "=", which.referralId)
        : query.where("t.created_by_id", "=", which.madeBy);
    let ended = 0;
    for (const link of await query.execute()) {
      const facts = referralFacts({
        created_by_id: link.referral_created_by_id,
        status: link.status,
        local_program_id: link.local_program_id,
      });
      const reason = "referralId" in which ? "transferred" : await whyMakerMayNot(db, link.created_by_id, facts);
      if (reason && (await endReviewLink(db, link, reason, now))) ended += 1;
    }
    return ended;
  },
);

async function endReviewLink(
  db: DB,
  link: { id: number; created_by_id: number | null; referral_id: number },
  reason: ReviewLinkEndReason,
  now: Date,
) {
  const result = await db
    .updateTable("review_tokens")
    .set({ revoked_at: now.toISOString(), ended_reason: reason })
    .where("id", "=", link.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await recordSecurityEvent(
    db,
    { kind: "reviewLinkEnded", subjectUserId: link.created_by_id, details: { referral: link.referral_id, reason } },
    now,
  );
  return true;
}

/** The referral a live link opens, or null. Also ends a link whose maker lost authority outside the application. */
export const referralForReviewToken = traced(
  "model.referralForReviewToken",
  async function referralForReviewToken(
    db: DB,
    token: string | null | undefined,
    now = new Date(),
  ): Promise<{ linkId: number; referralId: number; childId: number; createdById: number } | null> {
    if (!token || token.length > 200) return null;
    const row = await db
      .selectFrom("review_tokens as t")
      .innerJoin("referrals as r", "r.id", "t.referral_id")
      .select([
        "t.id",
        "t.referral_id",
        "t.expires_at",
        "t.revoked_at",
        "t.created_by_id as maker_id",
        "r.child_id",
        "r.created_by_id",
        "r.status",
        "r.local_program_id",
      ])
      .where("t.token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at <= now.toISOString() || row.status === "Draft") return null;
    const ended = await whyMakerMayNot(db, row.maker_id, referralFacts(row));
    if (ended) {
      await endReviewLink(db, { id: row.id, created_by_id: row.maker_id, referral_id: row.referral_id }, ended, now);
      return null;
    }
    return { linkId: row.id, referralId: row.referral_id, childId: row.child_id, createdById: row.created_by_id };
  },
);

/** The panel under a submitted referral's review; null for anyone who may not record its status, and for a Draft. */
export const adminReviewPanel = traced(
  "model.adminReviewPanel",
  async function adminReviewPanel(db: DB, actor: CurrentUser, referralId: number, language: Language, t: TFunction) {
    if (!actsForProgram(actor)) return null;
    const referral = await db
      .selectFrom("referrals")
      .select([
        "id",
        "status",
        "created_by_id",
        "local_program_id",
        "comments",
        "service_coordinator",
        "eligibility_determination",
      ])
      .where("id", "=", referralId)
      .executeTakeFirst();
    if (!referral) throw new NotFoundError("referral");
    // The panel records the program's notes, so only their readers see it (R131).
    if (!reads("referral", "comments", readerOf(actor, referral.created_by_id))) return null;
    if (!mayRecordStatus(actor, referralFacts(referral))) return null;
    return {
      referralId,
      history: await statusHistory(db, actor, referralId),
      links: await listReviewLinks(db, actor, referralId),
      access: await accessRecordOf(db, actor, referralId, language, t),
      sameChild: await possiblySameChildAs(db, actor, referralId),
      current: {
        status: referral.status,
        comments: referral.comments,
        serviceCoordinator: referral.service_coordinator,
        eligibilityDetermination: referral.eligibility_determination,
      },
      now: new Date().toISOString(),
    };
  },
);
