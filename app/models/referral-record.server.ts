import type { DB } from "~/db.server";
import { missingItems } from "~/models/completeness";
import type { WizardIds } from "~/utils/wizard-paths";
import { NotFoundError } from "./errors";
import { mayViewReferral, referralFacts } from "./policy";
import { liveDocuments } from "./document.server";
import { viewedReferral } from "./referral-review.server";
import { storedAnswers } from "./referral-answers.server";
import { progressFacts } from "./referral-progress.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// A whole referral as stored, for the JSON API. Read as the review: creator or administrator (recorded).

/** The wizard's ids of a referral the actor may read; NotFoundError for anyone else. */
export const wizardIdsOf = traced(
  "model.wizardIdsOf",
  async function wizardIdsOf(db: DB, actor: CurrentUser, referralId: number): Promise<WizardIds> {
    const row = await db
      .selectFrom("referrals")
      .select(["id", "child_id", "created_by_id", "status", "local_program_id"])
      .where("id", "=", referralId)
      .executeTakeFirst();
    if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("referral");
    return { child: row.child_id, referral: row.id, user: row.created_by_id };
  },
);

/** The ids of the referral a document, or a parent or guardian, belongs to, for someone who may read it. */
export const wizardIdsOfPart = traced(
  "model.wizardIdsOfPart",
  async function wizardIdsOfPart(
    db: DB,
    actor: CurrentUser,
    table: "referral_documents" | "adults",
    partId: number,
  ): Promise<WizardIds> {
    const row = await db.selectFrom(table).select("referral_id").where("id", "=", partId).executeTakeFirst();
    if (!row) throw new NotFoundError(table);
    return wizardIdsOf(db, actor, row.referral_id);
  },
);

export const getReferralRecord = traced(
  "model.getReferralRecord",
  async function getReferralRecord(db: DB, actor: CurrentUser, referralId: number) {
    const ids = await wizardIdsOf(db, actor, referralId);
    const referral = await viewedReferral(db, actor, ids);
    const adults = await db
      .selectFrom("adults")
      .select("id")
      .where("referral_id", "=", referral.id)
      .orderBy("id")
      .execute();
    const documents = await liveDocuments(db, referral.id).select(["id", "is_consent"]).orderBy("id").execute();
    const address = referral.address_id
      ? ((await db
          .selectFrom("addresses")
          .select(["id", "line1", "line2", "city", "zip", "county", "state", "address_book"])
          .where("id", "=", referral.address_id)
          .executeTakeFirst()) ?? null)
      : null;
    const creator = await db
      .selectFrom("users")
      .select(["email", "first_name", "last_name"])
      .where("id", "=", referral.created_by_id)
      .executeTakeFirstOrThrow();
    return {
      referral,
      answers: await storedAnswers(db, referral),
      adultIds: adults.map((row) => row.id),
      documentIds: documents.filter((row) => !row.is_consent).map((row) => row.id),
      consentDocumentIds: documents.filter((row) => row.is_consent).map((row) => row.id),
      address,
      creator: { email: creator.email, name: `${creator.first_name} ${creator.last_name}` },
      missing: referral.status === "Draft" ? missingItems(await progressFacts(db, referral)) : [],
    };
  },
);
export type ReferralRecord = Awaited<ReturnType<typeof getReferralRecord>>;
