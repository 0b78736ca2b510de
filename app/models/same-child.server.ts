import type { DB } from "~/db.server";
import { possiblySameChild, type ChildFacts } from "~/utils/child-match";
import { easternCalendarDate } from "~/utils/dates";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayLearnOfSameChild, type Actor } from "./policy";
import { submittedWithChild } from "./referral-scope.server";
import { traced } from "~/services/trace.server";

// Children referred twice (R126; the rule is app/utils/child-match.ts): pairs found once at submit, kept both ways.

export interface SameChildReferral {
  id: number;
  childId: number;
  createdById: number;
}

/** The facts the rule compares, for submitted referrals (a Draft has no submission date). */
function submittedFacts(db: DB) {
  return submittedWithChild(db).select(["c.first_name", "c.last_name"]);
}

type FactsRow = {
  id: number;
  submission_date: string | null;
  first_name: string;
  last_name: string;
  birthdate: string;
  county: string | null;
};

const factsOf = (row: FactsRow): ChildFacts => ({
  firstName: row.first_name,
  lastName: row.last_name,
  birthdate: row.birthdate,
  county: row.county,
  submittedOn: easternCalendarDate(new Date(row.submission_date!)),
});

/** Shifted by whole days (the candidate window is widened a day each side; then the rule decides). */
const shifted = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

/** At submit, in its transaction: keeps each possible same-child pair, both ways; existing pairs stay as they are. */
export const noteSameChildOnSubmit = traced(
  "model.noteSameChildOnSubmit",
  async function noteSameChildOnSubmit(trx: DB, referralId: number): Promise<void> {
    const row = await submittedFacts(trx).where("r.id", "=", referralId).executeTakeFirst();
    if (!row || !row.county) return;
    const facts = factsOf(row);
    const candidates = await submittedFacts(trx)
      .where("r.id", "!=", referralId)
      .where("c.birthdate", "=", row.birthdate)
      .where("r.submission_date", ">=", shifted(row.submission_date!, -367))
      .where("r.submission_date", "<=", shifted(row.submission_date!, 367))
      .execute();
    const others = candidates.filter((candidate) => possiblySameChild(facts, factsOf(candidate))).map(({ id }) => id);
    if (!others.length) return;
    const now = new Date().toISOString();
    await trx
      .insertInto("same_child_pairs")
      .values(
        others.flatMap((other) => [
          { referral_id: referralId, other_referral_id: other, found_at: now },
          { referral_id: other, other_referral_id: referralId, found_at: now },
        ]),
      )
      .onConflict((conflict) => conflict.columns(["referral_id", "other_referral_id"]).doNothing())
      .execute();
  },
);

/** Possible same-child referrals, oldest first, less those decided not; empty for who may not learn of them (R126). */
export const possiblySameChildAs = traced(
  "model.possiblySameChildAs",
  async function possiblySameChildAs(db: DB, actor: Actor, referralId: number): Promise<SameChildReferral[]> {
    if (!mayLearnOfSameChild(actor)) return [];
    return db
      .selectFrom("same_child_pairs")
      .innerJoin("referrals", "referrals.id", "same_child_pairs.other_referral_id")
      .select(["referrals.id", "referrals.child_id as childId", "referrals.created_by_id as createdById"])
      .where("same_child_pairs.referral_id", "=", referralId)
      .where("same_child_pairs.not_same_at", "is", null)
      .orderBy("referrals.id")
      .execute();
  },
);

/**
 * An administrator decides two referrals are not the same child; the pair is then silent everywhere. Others:
 * ForbiddenError; unknown pair: NotFoundError. Idempotent.
 */
export const decideNotSameChild = traced(
  "model.decideNotSameChild",
  async function decideNotSameChild(db: DB, actor: Actor, referralId: number, otherId: number): Promise<void> {
    if (!mayLearnOfSameChild(actor)) throw new ForbiddenError("administrators only");
    const pair = await db
      .selectFrom("same_child_pairs")
      .select("not_same_at")
      .where("referral_id", "=", referralId)
      .where("other_referral_id", "=", otherId)
      .executeTakeFirst();
    if (!pair) throw new NotFoundError("same-child pair");
    if (pair.not_same_at) return;
    await db
      .updateTable("same_child_pairs")
      .set({ not_same_by_id: actor.id, not_same_at: new Date().toISOString() })
      .where((eb) =>
        eb.or([
          eb.and([eb("referral_id", "=", referralId), eb("other_referral_id", "=", otherId)]),
          eb.and([eb("referral_id", "=", otherId), eb("other_referral_id", "=", referralId)]),
        ]),
      )
      .execute();
  },
);
