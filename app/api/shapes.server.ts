import { z } from "zod";
import type { AppLoadContext } from "@remix-run/node";
import { wizardIdsOfPart } from "~/models/referral-record.server";
import type { CurrentUser } from "~/models/user.server";
import { PhoneAnswer } from "~/schemas/answers.server";
import { nextCalendarDate } from "~/utils/dates";
import { formatPhone } from "~/utils/phone";
import type { DateFilter, ListQuery, SortOrder } from "~/utils/list";
import type { WizardIds } from "~/utils/wizard-paths";
import { ApiError, zodFields } from "./errors.server";
import { operation } from "./handler.server";

// What the API's calls share. A reference to a record is a resource path plus an id (R102).

export type ResourceKind =
  | "referrals"
  | "referral_documents"
  | "children"
  | "users"
  | "addresses"
  | "adults"
  | "phone_numbers"
  | "lookups"
  | "local_programs";

/** `/api/children/12` */
export function iri(kind: ResourceKind, id: number): string;
export function iri(kind: ResourceKind, id: number | null): string | null;
export function iri(kind: ResourceKind, id: number | null): string | null {
  return id === null ? null : `/api/${kind}/${id}`;
}

/** A reference accepted on writes: "/api/children/12" (a full address ending so, too). */
export function reference(kind: ResourceKind) {
  const pattern = new RegExp(`^(?:https?://[^/]+)?/api/${kind}/([1-9]\\d{0,9})$`);
  return z
    .string({ error: (issue) => (issue.input === undefined ? "api:fields.required" : "api:fields.reference") })
    .regex(pattern, "api:fields.reference")
    .transform((value) => Number(pattern.exec(value)![1]))
    .describe(`A reference such as /api/${kind}/12`);
}

/** A phone as the API sends it: the three parts (the same as an answer of a referral). */
export const PhoneObject = PhoneAnswer;

export const phoneOut = (
  parts: { area_code: string; prefix: string; suffix: string } | null | undefined,
  id?: number | null,
) =>
  parts
    ? {
        ...(id ? { "@id": iri("phone_numbers", id) } : {}),
        areaCode: parts.area_code,
        prefix: parts.prefix,
        suffix: parts.suffix,
      }
    : null;

/** A record id given in the query ("child.id=12"). */
export const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "api:fields.invalid")
  .transform(Number);

/** The fields that hold something: null, undefined and "" left out (what a page's form would not send). */
export const presentOnly = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined && entry !== ""),
  ) as Partial<T>;

export const API_PAGE_SIZES = [10, 20, 50, 100] as const;
const DATE_BOUNDS = ["before", "after", "strictly_before", "strictly_after"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a list call takes beyond count, page and order: its sorts, exact filters and date ranges. */
export interface ListShape<Sort extends string> {
  /** API field of order[field] → the model's sort. */
  sorts: Record<string, Sort>;
  defaultSort: Sort;
  defaultOrder: SortOrder;
  /** Exact filters, by query name; a list of values is not taken. */
  exact: Record<string, z.core.$ZodType>;
  /** Date ranges: API field → the model's date filter; [before] and [after] include the day, strictly_ do not. */
  dates: Record<string, string>;
  notEquals?: Record<string, z.core.$ZodType>;
}

export interface ParsedList<Sort extends string> {
  query: ListQuery<Sort>;
  exact: Record<string, unknown>;
  notEquals: Record<string, unknown>;
}

function previousCalendarDate(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function validDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** An inclusive range of days as a list date filter ("between" is inclusive, "after"/"before" are not). */
function rangeFilter(from: string | null, to: string | null): DateFilter | null {
  if (from && to) return { type: "between", from, to };
  if (from) return { type: "after", from: previousCalendarDate(from) };
  if (to) return { type: "before", from: nextCalendarDate(to) };
  return null;
}

/**
 * A list call's query; anything unknown or unreadable is a 400 naming it (pages fall back to defaults instead). Only
 * the shape's own names count: "__proto__" is as unknown as any other.
 */
export function parseList<Sort extends string>(url: URL, shape: ListShape<Sort>): ParsedList<Sort> {
  // Objects without a prototype: a name such as "constructor" finds nothing in them but what is put there.
  const fields = Object.create(null) as Record<string, string[]>;
  const fail = (name: string, key: string) => (fields[name] ??= []).push(key);
  let page = 1;
  let count = 10;
  let sort = shape.defaultSort;
  let order = shape.defaultOrder;
  const exact = Object.create(null) as Record<string, unknown>;
  const notEquals = Object.create(null) as Record<string, unknown>;
  const ranges = Object.create(null) as Record<string, { from: string | null; to: string | null }>;
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (name === "lang") continue;
    if (seen.has(name)) {
      fail(name, "api:fields.repeated");
      continue;
    }
    seen.add(name);
    if (name === "page") {
      if (/^[1-9]\d{0,6}$/.test(value)) page = Number(value);
      else fail(name, "api:fields.page");
      continue;
    }
    if (name === "count" || name === "itemsPerPage") {
      if ((API_PAGE_SIZES as readonly number[]).includes(Number(value)) && /^\d+$/.test(value)) count = Number(value);
      else fail(name, "api:fields.count");
      continue;
    }
    const bracket = /^([A-Za-z_.]+)\[([A-Za-z_.]+)\]$/.exec(name);
    if (bracket && bracket[1] === "order") {
      const field = bracket[2];
      if (!Object.hasOwn(shape.sorts, field)) fail(name, "api:fields.unknown");
      else if (value !== "asc" && value !== "desc") fail(name, "api:fields.order");
      else {
        sort = shape.sorts[field];
        order = value;
      }
      continue;
    }
    if (bracket && bracket[1] === "not_equals") {
      const schema =
        shape.notEquals && Object.hasOwn(shape.notEquals, bracket[2]) ? shape.notEquals[bracket[2]] : undefined;
      const parsed = schema && z.safeParse(schema, value);
      if (!schema) fail(name, "api:fields.unknown");
      else if (!parsed!.success)
        fail(name, Object.values(zodFields(parsed!.error, value))[0]?.[0] ?? "api:fields.invalid");
      else notEquals[bracket[2]] = parsed!.data;
      continue;
    }
    if (bracket && Object.hasOwn(shape.dates, bracket[1])) {
      const bound = bracket[2] as (typeof DATE_BOUNDS)[number];
      if (!DATE_BOUNDS.includes(bound)) fail(name, "api:fields.unknown");
      else if (!validDay(value)) fail(name, "validation.dateFormat");
      else {
        const range = (ranges[bracket[1]] ??= { from: null, to: null });
        // Several bounds on one field narrow the range.
        if (bound === "after" || bound === "strictly_after") {
          const from = bound === "after" ? value : nextCalendarDate(value);
          range.from = range.from && range.from > from ? range.from : from;
        } else {
          const to = bound === "before" ? value : previousCalendarDate(value);
          range.to = range.to && range.to < to ? range.to : to;
        }
      }
      continue;
    }
    if (Object.hasOwn(shape.exact, name)) {
      const parsed = z.safeParse(shape.exact[name], value);
      if (parsed.success) exact[name] = parsed.data;
      else fail(name, Object.values(zodFields(parsed.error, value))[0]?.[0] ?? "api:fields.invalid");
      continue;
    }
    fail(name, "api:fields.unknown");
  }
  if (Object.keys(fields).length) throw new ApiError("invalid_input", { fields });
  const dates: Record<string, DateFilter> = {};
  for (const [field, range] of Object.entries(ranges)) {
    const filter = rangeFilter(range.from, range.to);
    if (!filter) continue;
    // A range that ends before it starts (after a day later than before) matches nothing.
    dates[shape.dates[field]] = filter;
  }
  return { query: { page, count, sort, order, text: {}, dates }, exact, notEquals };
}

export function listParameters<Sort extends string>(shape: ListShape<Sort>) {
  const params: Array<{ name: string; description: string; schema: Record<string, unknown> }> = [
    {
      name: "count",
      description: "Rows per page: 10, 20, 50 or 100 (default 10).",
      schema: { type: "integer", enum: [...API_PAGE_SIZES] },
    },
    { name: "page", description: "The page, from 1.", schema: { type: "integer", minimum: 1 } },
  ];
  for (const field of Object.keys(shape.sorts)) {
    params.push({
      name: `order[${field}]`,
      description: `Sort by ${field}.`,
      schema: { type: "string", enum: ["asc", "desc"] },
    });
  }
  for (const name of Object.keys(shape.exact))
    params.push({ name, description: `Only rows whose ${name} is this.`, schema: { type: "string" } });
  for (const name of Object.keys(shape.notEquals ?? {}))
    params.push({
      name: `not_equals[${name}]`,
      description: `Leaves out rows whose ${name} is this.`,
      schema: { type: "string" },
    });
  for (const field of Object.keys(shape.dates)) {
    for (const bound of DATE_BOUNDS) {
      params.push({
        name: `${field}[${bound}]`,
        description: `${field} ${bound.replace("_", " ")} this day (YYYY-MM-DD, Maryland time${bound.startsWith("strictly") ? ", the day itself left out" : ", the day itself included"}).`,
        schema: { type: "string", format: "date" },
      });
    }
  }
  return params;
}

export const nullable = <T extends z.core.$ZodType>(schema: T) => z.optional(z.nullable(schema));

/** Checks the merged record with the page's schema (zod/mini or classic); field errors keep the API's names. */
export function check<S extends z.core.$ZodType>(
  schema: S,
  value: Record<string, unknown>,
  rename: Record<string, string> = {},
): z.output<S> {
  const parsed = z.safeParse(schema, presentOnly(value));
  if (parsed.success) return parsed.data;
  const fields = Object.create(null) as Record<string, string[]>;
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "body");
    (fields[Object.hasOwn(rename, name) ? rename[name] : name] ??= []).push(issue.message);
  }
  throw new ApiError("invalid_input", { fields });
}

/** A person's three phones as the pages send them: each as its 3-3-4 text. */
export const phonesAsText = (body: {
  homePhoneNumber?: unknown;
  workPhoneNumber?: unknown;
  mobilePhoneNumber?: unknown;
}) => ({
  homePhoneNumber: formatPhone(body.homePhoneNumber as never),
  workPhoneNumber: formatPhone(body.workPhoneNumber as never),
  mobilePhoneNumber: formatPhone(body.mobilePhoneNumber as never),
});

/** DELETE of a part of a referral (a parent or guardian, a document), by its model. */
export function deletePartOperation(
  part: { operationId: string; path: string; tag: string; table: "adults" | "referral_documents" },
  remove: (db: AppLoadContext["db"], actor: CurrentUser, ids: WizardIds, partId: number) => Promise<void>,
) {
  return operation({
    operationId: part.operationId,
    method: "DELETE",
    path: part.path,
    tag: part.tag,
    access: "user",
    async run({ db, actor, id }) {
      await remove(db, actor, await wizardIdsOfPart(db, actor, part.table, id), id);
    },
  });
}
