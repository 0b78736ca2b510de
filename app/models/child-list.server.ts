import type { TFunction } from "i18next";
import { containsText, countMatching, pagesOf, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cellPages, type CsvPages } from "~/utils/csv-response.server";
import { formatCalendarDate } from "~/utils/dates";
import { dateBounds, EXPORT_PAGE_SIZE, type ListQuery, type ListSpec } from "~/utils/list";
import { recordAccess, viewerOf, type Seen } from "./access-record.server";
import { CHILD_COLUMNS, type ChildRow } from "./child.server";
import { NotFoundError } from "./errors";
import { lookupLabels } from "./lookup.server";
import { mayViewRecordsOf } from "./policy";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// The children list and its CSV export (R81); someone else's children shown go on the record of access (R95).

export type ChildSort = "name" | "birthdate" | "createdAt" | "updatedAt";

export const CHILD_LIST: ListSpec<ChildSort> = {
  sorts: ["name", "birthdate", "createdAt", "updatedAt"],
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  textFilters: ["name"],
  dateFilters: ["birthdate", "createdAt"],
};

/** A child's columns in every CSV file (R81); headings in locales children:csv. */
export const CHILD_CSV_COLUMNS = [
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "birthdate",
  "stateOfResidence",
] as const;

const SORT_COLUMNS = {
  name: ["children.last_name", "children.first_name"],
  birthdate: ["children.birthdate"],
  createdAt: ["children.created_at"],
  updatedAt: ["children.updated_at"],
} as const;

/** A person's own children, or for administrators everyone's or one user's; else NotFoundError. */
function visibleChildren(db: DB, actor: CurrentUser, ownerId?: number) {
  if (ownerId !== undefined && !mayViewRecordsOf(actor, ownerId)) throw new NotFoundError("children");
  const owner = actor.isAdmin ? ownerId : actor.id;
  let query = db.selectFrom("children");
  if (owner !== undefined) query = query.where("children.created_by_id", "=", owner);
  return query;
}

function filtered(db: DB, actor: CurrentUser, query: ListQuery<ChildSort>, ownerId?: number) {
  let rows = visibleChildren(db, actor, ownerId);
  const name = query.text.name;
  if (name) {
    rows = rows.where((eb) =>
      eb.or(
        (["children.first_name", "children.middle_name", "children.last_name"] as const).map((column) =>
          containsText(db, column, name),
        ),
      ),
    );
  }
  for (const [field, column, kind] of [
    ["birthdate", "children.birthdate", "date"],
    ["createdAt", "children.created_at", "moment"],
  ] as const) {
    const filter = query.dates[field];
    if (!filter) continue;
    const bounds = dateBounds(filter, kind);
    if (bounds.from) rows = rows.where(column, ">=", bounds.from);
    if (bounds.until) rows = rows.where(column, "<", bounds.until);
  }
  return rows;
}

function sorted(db: DB, actor: CurrentUser, query: ListQuery<ChildSort>, ownerId: number | undefined) {
  let rows = filtered(db, actor, query, ownerId).select(CHILD_COLUMNS);
  for (const column of SORT_COLUMNS[query.sort]) rows = rows.orderBy(column, query.order);
  return rows.orderBy("children.id", query.order);
}

function seenChildren(rows: readonly ChildRow[]): Seen[] {
  return rows.map((child) => ({ childId: child.id, createdById: child.createdById }));
}

/** One page and the filtered total, recorded in one write (R95). */
export const listChildren = traced(
  "model.listChildren",
  async function listChildren(
    db: DB,
    actor: CurrentUser,
    query: ListQuery<ChildSort>,
    ownerId?: number,
  ): Promise<{ data: ChildRow[]; total: number }> {
    const total = await countMatching(filtered(db, actor, query, ownerId));
    const data = (await sorted(db, actor, query, ownerId)
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute()) as ChildRow[];
    await recordAccess(db, viewerOf(actor), seenChildren(data), { action: "list", entityType: "child" });
    return { data, total };
  },
);

/** The export's rows, 100 at a time so memory stays bounded, each page recorded as it goes out (R95). */
export async function* allChildren(
  db: DB,
  actor: CurrentUser,
  query: ListQuery<ChildSort>,
  ownerId?: number,
): AsyncGenerator<ChildRow[]> {
  const viewer = viewerOf(actor, "csv");
  for await (const page of pagesOf(db, sorted(db, actor, query, ownerId), EXPORT_PAGE_SIZE) as AsyncGenerator<
    ChildRow[]
  >) {
    await recordAccess(db, viewer, seenChildren(page), { action: "export", entityType: "child" });
    yield page;
  }
}

/** The list as CSV (R81), birth date as the list shows it (R30). Someone else's is NotFoundError before any read. */
export const childrenCsv = traced(
  "model.childrenCsv",
  async function childrenCsv(
    db: DB,
    actor: CurrentUser,
    query: ListQuery<ChildSort>,
    ownerId: number | undefined,
    language: Language,
    t: TFunction,
  ): Promise<CsvPages> {
    const total = await countMatching(filtered(db, actor, query, ownerId));
    const suffixes = await lookupLabels(db, "Suffixes", language);
    const states = await lookupLabels(db, "States", language);
    return {
      header: CHILD_CSV_COLUMNS.map((column) => t(`children:csv.${column}`)),
      total,
      pages: cellPages(allChildren(db, actor, query, ownerId), (page) =>
        page.map((child) => [
          child.firstName,
          child.middleName,
          child.lastName,
          child.suffix ? (suffixes.get(child.suffix) ?? child.suffix) : "",
          formatCalendarDate(child.birthdate, language),
          states.get(child.stateOfResidence) ?? child.stateOfResidence,
        ]),
      ),
    };
  },
);
