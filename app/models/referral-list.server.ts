import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/schema";
import { containsText, countMatching, emptiesAsOnSqlite, type DB } from "~/db.server";
import { REFERRAL_STATUSES, type ReferralStatus } from "~/utils/statuses";
import { dateBounds, EXPORT_PAGE_SIZE, type ListQuery, type ListSpec } from "~/utils/list";
import { easternCalendarDate, easternDayStart, shiftDate } from "~/utils/dates";
import { DETERMINED_STATUSES, pastDaysOf } from "~/utils/timeline";
import { NotFoundError } from "./errors";
import { mayLearnOfSameChild } from "./policy";
import type { CurrentUser } from "./user.server";
import { recordAccess, viewerOf, type Seen } from "./access-record.server";
import { readableReferrals } from "./referral-scope.server";
import { traced } from "~/services/trace.server";

// The referral lists (R75): Submitted is everything not Draft (the not_equals[status]=Draft
// filter). The dashboard's counts are in dashboard.server.ts, the CSV's columns in referral-csv.server.ts.

/** "all" is the JSON API's list (GET /api/referrals), whose status filters are its own. */
export type ReferralListKind = "drafts" | "submitted" | "user" | "all";

/** Exact filters of the JSON API's list: a child's referrals, one creator's, every status but one. */
export interface ReferralExactFilters {
  childId?: number;
  createdById?: number;
  notStatus?: ReferralStatus;
}

export const REFERRAL_SORTS = [
  "childName",
  "birthdate",
  "status",
  "createdAt",
  "updatedAt",
  "submissionDate",
  "statusUpdatedAt",
  "completedBy",
] as const;
export type ReferralSort = (typeof REFERRAL_SORTS)[number];

/** Drafts newest-changed first; everything else by its latest status change (R77). */
export function referralListSpec(kind: ReferralListKind): ListSpec<ReferralSort> {
  return {
    sorts: REFERRAL_SORTS,
    defaultSort: kind === "drafts" ? "updatedAt" : "statusUpdatedAt",
    defaultOrder: "desc",
    textFilters: ["childName", "status", "county", "completedByName", "completedByEmail", "sameChild", "pastDays"],
    dateFilters: ["birthdate", "createdAt", "updatedAt", "submissionDate"],
    neverFilters: ["updatedAt"],
  };
}

const SORT_COLUMNS: Record<ReferralSort, readonly string[]> = {
  childName: ["c.last_name", "c.first_name"],
  birthdate: ["c.birthdate"],
  status: ["r.status"],
  createdAt: ["r.created_at"],
  updatedAt: ["r.updated_at"],
  submissionDate: ["r.submission_date"],
  statusUpdatedAt: ["r.status_updated_at"],
  completedBy: ["u.last_name", "u.first_name"],
};

/** The sort columns a referral may leave empty: a Draft has no submission date and no status date. */
const MAY_BE_EMPTY = new Set(["r.submission_date", "r.status_updated_at"]);

const sortOrder = (db: DB, column: string, direction: "asc" | "desc") =>
  MAY_BE_EMPTY.has(column) ? emptiesAsOnSqlite(db, direction) : direction;

export interface ReferralRow {
  id: number;
  childId: number;
  createdById: number;
  status: ReferralStatus;
  statusDetails: string | null;
  statusDetailsEs: string | null;
  childFirstName: string;
  childMiddleName: string | null;
  childLastName: string;
  birthdate: string;
  county: string | null;
  createdAt: string;
  updatedAt: string;
  submissionDate: string | null;
  statusUpdatedAt: string | null;
  completedByName: string;
  completedByEmail: string;
  localProgramId: number | null;
}

type Filtered = SelectQueryBuilder<Database & { r: Database["referrals"] }, "r", object>;

type ListSelection = [
  db: DB,
  actor: CurrentUser,
  kind: ReferralListKind,
  query: ListQuery<ReferralSort>,
  ownerId?: number,
  exact?: ReferralExactFilters,
];

/**
 * The referrals of one list the person may see. Filters are subqueries so counting needs no join. Another user's
 * list is NotFoundError, as a missing one.
 */
function filtered(...[db, actor, kind, query, ownerId, exact = {}]: ListSelection): Filtered {
  if (kind === "user" && (!actor.isAdmin || ownerId === undefined)) throw new NotFoundError("referrals");
  let rows = db.selectFrom("referrals as r") as unknown as Filtered;
  if (kind === "user") rows = rows.where("r.created_by_id", "=", ownerId!);
  else rows = rows.where(readableReferrals(actor, "r"));
  if (kind === "drafts") rows = rows.where("r.status", "=", "Draft");
  if (kind === "submitted") rows = rows.where("r.status", "<>", "Draft");
  // With the rule above, a referrer asking for another creator's or child's referrals finds none.
  if (exact.childId !== undefined) rows = rows.where("r.child_id", "=", exact.childId);
  if (exact.createdById !== undefined) rows = rows.where("r.created_by_id", "=", exact.createdById);
  if (exact.notStatus !== undefined) rows = rows.where("r.status", "<>", exact.notStatus);

  const { childName, status, county, completedByName, completedByEmail } = query.text;
  if (status && (REFERRAL_STATUSES as readonly string[]).includes(status))
    rows = rows.where("r.status", "=", status as ReferralStatus);
  if (county)
    rows = rows.where("r.address_id", "in", db.selectFrom("addresses").select("id").where("county", "=", county));
  // Past a number of days of the 45-day timeline without Eligible or Not Eligible (R141): submitted
  // before the start of that many days ago, Maryland time.
  const pastDays = pastDaysOf(query.text.pastDays);
  if (pastDays !== null) {
    rows = rows
      .where("r.status", "not in", ["Draft", ...DETERMINED_STATUSES])
      .where("r.submission_date", "<", easternDayStart(shiftDate(easternCalendarDate(), -pastDays)));
  }
  // Possibly of a child referred twice (R126): administrators only; anyone else's list is not
  // narrowed.
  if (query.text.sameChild === "yes" && mayLearnOfSameChild(actor)) {
    rows = rows.where(
      "r.id",
      "in",
      db.selectFrom("same_child_pairs").select("referral_id").where("not_same_at", "is", null),
    );
  }
  const childQuery = () => db.selectFrom("children").select("id");
  let children: ReturnType<typeof childQuery> | null = null;
  if (childName) {
    children = (children ?? childQuery()).where((eb) =>
      eb.or((["first_name", "middle_name", "last_name"] as const).map((column) => containsText(db, column, childName))),
    );
  }
  const birthdate = query.dates.birthdate;
  if (birthdate && birthdate.type !== "never") {
    const bounds = dateBounds(birthdate, "date");
    children ??= childQuery();
    if (bounds.from) children = children.where("birthdate", ">=", bounds.from);
    if (bounds.until) children = children.where("birthdate", "<", bounds.until);
  }
  if (children) rows = rows.where("r.child_id", "in", children);
  if (completedByName || completedByEmail) {
    let creators = db.selectFrom("users").select("id");
    if (completedByName) {
      creators = creators.where((eb) =>
        eb.or((["first_name", "last_name"] as const).map((column) => containsText(db, column, completedByName))),
      );
    }
    if (completedByEmail) creators = creators.where(containsText(db, "email", completedByEmail));
    rows = rows.where("r.created_by_id", "in", creators);
  }
  for (const [field, column] of [
    ["createdAt", "r.created_at"],
    ["updatedAt", "r.updated_at"],
    ["submissionDate", "r.submission_date"],
  ] as const) {
    const filter = query.dates[field];
    if (!filter) continue;
    if (filter.type === "never") {
      rows = rows.where(sql`r.updated_at`, "=", sql.ref("r.created_at"));
      continue;
    }
    const bounds = dateBounds(filter, "moment");
    if (bounds.from) rows = rows.where(sql.ref(column), ">=", bounds.from);
    if (bounds.until) rows = rows.where(sql.ref(column), "<", bounds.until);
  }
  return rows;
}

/** A referral's ids and status, as its lists and the referrer's status updates (dashboard.server.ts) show them. */
export const REFERRAL_STATUS_COLUMNS = [
  "r.id as id",
  "r.child_id as childId",
  "r.created_by_id as createdById",
  "r.status as status",
  "r.status_details as statusDetails",
  "r.status_details_es as statusDetailsEs",
] as const;

const ROW_COLUMNS = [
  ...REFERRAL_STATUS_COLUMNS,
  "c.first_name as childFirstName",
  "c.middle_name as childMiddleName",
  "c.last_name as childLastName",
  "c.birthdate as birthdate",
  "a.county as county",
  "r.created_at as createdAt",
  "r.updated_at as updatedAt",
  "r.submission_date as submissionDate",
  "r.status_updated_at as statusUpdatedAt",
  "u.email as completedByEmail",
  "r.local_program_id as localProgramId",
] as const;

function withColumns(rows: Filtered) {
  return rows
    .innerJoin("children as c", "c.id", "r.child_id")
    .innerJoin("users as u", "u.id", "r.created_by_id")
    .leftJoin("addresses as a", "a.id", "r.address_id")
    .select([...ROW_COLUMNS, sql<string>`u.first_name || ' ' || u.last_name`.as("completedByName")]);
}

function sortedPage(selection: ListSelection, limit: number, offset: number) {
  const [db, , , query] = selection;
  let rows = withColumns(filtered(...selection));
  for (const column of SORT_COLUMNS[query.sort])
    rows = rows.orderBy(sql.ref(column), sortOrder(db, column, query.order));
  return rows.orderBy("r.id", query.order).limit(limit).offset(offset);
}

export const countReferrals = traced(
  "model.countReferrals",
  async function countReferrals(...selection: ListSelection): Promise<number> {
    return countMatching(filtered(...selection));
  },
);

/** The record of access's entry for what a list or an export showed of other people's referrals (R95). */
export function seenReferrals(rows: readonly ReferralRow[]): Seen[] {
  return rows.map((row) => ({ referralId: row.id, childId: row.childId, createdById: row.createdById }));
}

/** One page and its count; others' children shown go on the record of access in one write (R95). */
export const listReferrals = traced(
  "model.listReferrals",
  async function listReferrals(...selection: ListSelection): Promise<{
    data: ReferralRow[];
    total: number;
  }> {
    const [db, actor, , query] = selection;
    const total = await countReferrals(...selection);
    const data = (await sortedPage(selection, query.count, (query.page - 1) * query.count).execute()) as ReferralRow[];
    await recordAccess(db, viewerOf(actor), seenReferrals(data), { action: "list", entityType: "referral" });
    return { data, total };
  },
);

/** Every row, 100 at a time (the CSV): ids first, then pages by id, so no OFFSET slowdown and one page in memory. */
export async function* allReferrals(...selection: ListSelection): AsyncGenerator<ReferralRow[]> {
  const [db, , , query] = selection;
  let ordered = filtered(...selection)
    .innerJoin("children as c", "c.id", "r.child_id")
    .innerJoin("users as u", "u.id", "r.created_by_id")
    .select("r.id");
  for (const column of SORT_COLUMNS[query.sort])
    ordered = ordered.orderBy(sql.ref(column), sortOrder(db, column, query.order));
  const ids = (await ordered.orderBy("r.id", query.order).execute()).map((row) => row.id);
  for (let start = 0; start < ids.length; start += EXPORT_PAGE_SIZE) {
    const page = await referralRowsById(db, ids.slice(start, start + EXPORT_PAGE_SIZE));
    if (page.length) yield page;
  }
}

/** List rows by id, in the ids' order, skipping deleted ones. The caller has already checked who may see them. */
export const referralRowsById = traced(
  "model.referralRowsById",
  async function referralRowsById(db: DB, ids: number[]): Promise<ReferralRow[]> {
    if (!ids.length) return [];
    const rows = (await withColumns(db.selectFrom("referrals as r") as unknown as Filtered)
      .where("r.id", "in", ids)
      .execute()) as ReferralRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is ReferralRow => row !== undefined);
  },
);
