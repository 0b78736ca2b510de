import type { DB } from "~/db.server";
import { possiblySameChild, type ChildFacts } from "~/utils/child-match";
import { easternCalendarDate } from "~/utils/dates";
import { mayLearnOfSameChild, type Actor } from "./policy";

// Children referred twice (docs/product-rules.md R126): which submitted referrals are possibly of the same child as
// a given one. The rule itself is app/utils/child-match.ts; here, who may learn of it and the reads it needs.

/** A submitted referral possibly of the same child. */
export interface SameChildReferral {
  id: number;
}

/** The facts the rule compares, for submitted referrals (a Draft has no submission date). */
function submittedFacts(db: DB) {
  return db
    .selectFrom("referrals")
    .innerJoin("children", "children.id", "referrals.child_id")
    .leftJoin("addresses", "addresses.id", "referrals.address_id")
    .select(["referrals.id", "referrals.submission_date", "children.first_name", "children.last_name", "children.birthdate", "addresses.county"])
    .where("referrals.status", "!=", "Draft")
    .where("referrals.submission_date", "is not", null);
}

type FactsRow = { id: number; submission_date: string | null; first_name: string; last_name: string; birthdate: string; county: string | null };

const factsOf = (row: FactsRow): ChildFacts => ({
  firstName: row.first_name,
  lastName: row.last_name,
  birthdate: row.birthdate,
  county: row.county,
  submittedOn: easternCalendarDate(new Date(row.submission_date!)),
});

/** The same instant moved by whole days (the candidates' window is widened by a day each side, then the rule decides). */
const shifted = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

/**
 * The other submitted referrals possibly of the same child as referral `referralId`, oldest id first; an empty list
 * for anyone who may not learn of them (R126), for a Draft, and for a referral that does not exist.
 */
export async function possiblySameChildAs(db: DB, actor: Actor, referralId: number): Promise<SameChildReferral[]> {
  if (!mayLearnOfSameChild(actor)) return [];
  const row = await submittedFacts(db).where("referrals.id", "=", referralId).executeTakeFirst();
  if (!row || !row.county) return [];
  const facts = factsOf(row);
  const candidates = await submittedFacts(db)
    .where("referrals.id", "!=", referralId)
    .where("children.birthdate", "=", row.birthdate)
    .where("referrals.submission_date", ">=", shifted(row.submission_date!, -367))
    .where("referrals.submission_date", "<=", shifted(row.submission_date!, 367))
    .orderBy("referrals.id")
    .execute();
  return candidates.filter((candidate) => possiblySameChild(facts, factsOf(candidate))).map(({ id }) => ({ id }));
}
