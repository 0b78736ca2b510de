import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { DB } from "~/db.server";
import { referralScope, type Actor } from "./policy";

/** policy.ts's referralScope (R137) as a query condition on `alias`, for every multi-referral read. */
export function readableReferrals(actor: Actor, alias: string): RawBuilder<SqlBool> {
  const scope = referralScope(actor);
  if (scope.kind === "all") return sql<SqlBool>`1 = 1`;
  if (scope.kind === "own") return sql<SqlBool>`${sql.ref(`${alias}.created_by_id`)} = ${scope.userId}`;
  if (!scope.programIds.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.ref(`${alias}.status`)} <> 'Draft' and ${sql.ref(`${alias}.local_program_id`)} in (${sql.join([...scope.programIds])}))`;
}

/**
 * Referrals sent (past Draft, with a submission date) as `r`, with their child `c` and their address `a` if any; each
 * with its id and submission date, and its child's birthdate and county, from which age and place are counted.
 */
export function submittedWithChild(db: DB) {
  return db
    .selectFrom("referrals as r")
    .innerJoin("children as c", "c.id", "r.child_id")
    .leftJoin("addresses as a", "a.id", "r.address_id")
    .select(["r.id", "r.submission_date", "c.birthdate", "a.county"])
    .where("r.status", "!=", "Draft")
    .where("r.submission_date", "is not", null);
}
