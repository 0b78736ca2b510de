import type { TFunction } from "i18next";
import { sql } from "kysely";
import { containsText, countMatching, emptiesAsOnSqlite, pagesOf, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cellPages, type CsvPages } from "~/utils/csv-response.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { accountStatus, type AccountStatus } from "~/utils/statuses";
import { dateBounds, EXPORT_PAGE_SIZE, type ListQuery, type ListSpec } from "~/utils/list";
import { promotionProblem, requireAdministrator, type PromotionProblem } from "./admin-users.server";
import { lookupLabels } from "./lookup.server";
import { userHoldsRole, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// The administrators' users list, its dashboard count and CSV export (R88). Super administrators are never listed.

export type UserSort = "name" | "email" | "reference" | "lastLogin" | "status";

export const USER_LIST: ListSpec<UserSort> = {
  sorts: ["name", "email", "reference", "lastLogin", "status"],
  defaultSort: "name",
  defaultOrder: "asc",
  textFilters: ["name", "email", "reference", "status"],
  dateFilters: ["lastLogin"],
};

const SORT_COLUMNS: Record<UserSort, readonly string[]> = {
  name: ["u.last_name", "u.first_name"],
  email: ["u.email"],
  reference: ["u.reference"],
  lastLogin: ["u.last_login"],
  status: ["u.locked", "u.enabled"],
};

/** Sort columns that may be empty (a never-signed-in user has no last sign-in). */
const MAY_BE_EMPTY = new Set(["u.reference", "u.last_login"]);

/** Everyone but the super administrators (R88). */
export function listedUsers(db: DB) {
  return db.selectFrom("users as u").where((eb) => eb.not(userHoldsRole("ROLE_SUPER_ADMIN")));
}

/** The unfiltered list's count, which the dashboard shows (R33). */
export const countListedUsers = traced(
  "model.countListedUsers",
  async function countListedUsers(db: DB, actor: CurrentUser): Promise<number> {
    requireAdministrator(actor);
    return countMatching(listedUsers(db));
  },
);

function filtered(db: DB, actor: CurrentUser, query: ListQuery<UserSort>) {
  requireAdministrator(actor);
  let rows = listedUsers(db);
  const { name, email, reference, status } = query.text;
  if (name)
    rows = rows.where((eb) =>
      eb.or(
        (["u.first_name", "u.middle_name", "u.last_name"] as const).map((column) => containsText(db, column, name)),
      ),
    );
  if (email) rows = rows.where(containsText(db, "u.email", email));
  if (reference) rows = rows.where("u.reference", "=", reference);
  // R90: Inactive is locked; Not verified is unlocked but not enabled.
  if (status === "active") rows = rows.where("u.locked", "=", 0).where("u.enabled", "=", 1);
  if (status === "inactive") rows = rows.where("u.locked", "=", 1);
  if (status === "unverified") rows = rows.where("u.locked", "=", 0).where("u.enabled", "=", 0);
  // The JSON API's `locked=false`: every account not locked, verified or not.
  if (status === "unlocked") rows = rows.where("u.locked", "=", 0);
  const lastLogin = query.dates.lastLogin;
  if (lastLogin && lastLogin.type !== "never") {
    const bounds = dateBounds(lastLogin, "moment");
    if (bounds.from) rows = rows.where("u.last_login", ">=", bounds.from);
    if (bounds.until) rows = rows.where("u.last_login", "<", bounds.until);
  }
  return rows;
}

export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  reference: string | null;
  locked: boolean;
  enabled: boolean;
  status: AccountStatus;
  lastLogin: string | null;
  isAdmin: boolean;
  hasReferrals: boolean;
  promotionProblem: PromotionProblem | null;
}

function sorted(db: DB, actor: CurrentUser, query: ListQuery<UserSort>) {
  let rows = filtered(db, actor, query).select([
    "u.id",
    "u.first_name",
    "u.last_name",
    "u.email",
    "u.reference",
    "u.locked",
    "u.enabled",
    "u.last_login",
    userHoldsRole("ROLE_ADMIN").as("is_admin"),
    (eb) =>
      eb
        .exists(eb.selectFrom("referrals as f").select("f.id").whereRef("f.created_by_id", "=", "u.id"))
        .as("has_referrals"),
  ]);
  for (const column of SORT_COLUMNS[query.sort])
    rows = rows.orderBy(sql.ref(column), MAY_BE_EMPTY.has(column) ? emptiesAsOnSqlite(db, query.order) : query.order);
  return rows.orderBy("u.id", query.order);
}

type SortedUser = Awaited<ReturnType<ReturnType<typeof sorted>["executeTakeFirstOrThrow"]>>;

function userRow(row: SortedUser, approvedDomains: readonly string[]): UserRow {
  const user = {
    isAdmin: Boolean(row.is_admin),
    hasReferrals: Boolean(row.has_referrals),
    lastLogin: row.last_login,
    email: row.email,
  };
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    reference: row.reference,
    locked: row.locked === 1,
    enabled: row.enabled === 1,
    status: accountStatus({ locked: row.locked === 1, enabled: row.enabled === 1 }),
    lastLogin: row.last_login,
    isAdmin: user.isAdmin,
    hasReferrals: user.hasReferrals,
    promotionProblem: promotionProblem(user, approvedDomains),
  };
}

export const listUsers = traced(
  "model.listUsers",
  async function listUsers(
    db: DB,
    actor: CurrentUser,
    query: ListQuery<UserSort>,
    approvedDomains: readonly string[],
  ): Promise<{ data: UserRow[]; total: number }> {
    const total = await countMatching(filtered(db, actor, query));
    const rows = await sorted(db, actor, query)
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute();
    return { data: rows.map((row) => userRow(row, approvedDomains)), total };
  },
);

/** Every row of the filtered list, 100 at a time (the CSV export). */
async function* allUsers(
  db: DB,
  actor: CurrentUser,
  query: ListQuery<UserSort>,
  approvedDomains: readonly string[],
): AsyncGenerator<UserRow[]> {
  for await (const rows of pagesOf(db, sorted(db, actor, query), EXPORT_PAGE_SIZE))
    yield rows.map((row) => userRow(row, approvedDomains));
}

const USER_CSV_COLUMNS = ["name", "email", "reference", "status", "lastLogin", "role"] as const;

/** The list as CSV (R81, R88), in the reader's language, last sign-in in US Eastern time (R29). */
export const usersCsv = traced(
  "model.usersCsv",
  async function usersCsv(
    db: DB,
    actor: CurrentUser,
    query: ListQuery<UserSort>,
    approvedDomains: readonly string[],
    language: Language,
    t: TFunction,
  ): Promise<CsvPages> {
    const { total } = await listUsers(db, actor, { ...query, count: 10, page: 1 }, approvedDomains);
    const references = await lookupLabels(db, "References", language);
    return {
      header: USER_CSV_COLUMNS.map((column) => t(`admin:users.${column}`)),
      total,
      pages: cellPages(allUsers(db, actor, query, approvedDomains), (page) =>
        page.map((row) => [
          `${row.firstName} ${row.lastName}`,
          row.email,
          row.reference ? (references.get(row.reference) ?? row.reference) : "",
          t(`admin:users.statuses.${row.status}`),
          row.lastLogin ? formatDateTimeEastern(row.lastLogin, language) : "",
          t(row.isAdmin ? "admin:users.roles.admin" : "admin:users.roles.user"),
        ]),
      ),
    };
  },
);
