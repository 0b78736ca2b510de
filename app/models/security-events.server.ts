import type { TFunction } from "i18next";
import { containsText, countMatching, pagesOf, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cellPages, type CsvPages } from "~/utils/csv-response.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { dateBounds, EXPORT_PAGE_SIZE, type ListQuery, type ListSpec } from "~/utils/list";
import { ForbiddenError } from "./errors";
import { runAlone } from "./lease.server";
import { mayReadSecurityEvents, type Actor } from "./policy";
import type { CurrentUser } from "./user.server";
import { metrics } from "~/services/metrics.server";
import { traced } from "~/services/trace.server";

// The security events (R133): one writer, read by super administrators only, kept 400 days. Never stores a password,
// code, token or new e-mail address.

export const SECURITY_EVENT_KINDS = [
  "signIn",
  "signInFailed",
  "signInLimited",
  "codeWrong",
  "codeReused",
  "codeLocked",
  "recoveryCodeUsed",
  "secondFactorAdded",
  "secondFactorRemoved",
  "secondFactorReset",
  "apiKeyMade",
  "apiKeyRevoked",
  "apiKeyEnded",
  "reviewLinkMade",
  "reviewLinkRevoked",
  "reviewLinkEnded",
  "promoted",
  "programStaffSet",
  "programStaffRemoved",
  "deactivated",
  "activated",
  "passwordResetAsked",
  "passwordResetSent",
  "passwordReset",
  "passwordChanged",
  "securityAnswersChanged",
  "emailChangeAsked",
  "emailChanged",
  "signedOut",
  "otherSessionsEnded",
  "programChanged",
  "roleEndedByDomain",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Words of detail an event may carry, each a short code or a name the page shows as is. */
export interface SecurityEventDetails {
  /** Why a sign-in was refused or a key ended: a code the page translates. */
  reason?: string;
  /** An API key's name. */
  key?: string;
  /** The referral a review link opens, by its number. */
  referral?: number;
  /** A local program's name. */
  program?: string;
}

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** Who did it; null or absent for someone not signed in (a failed sign-in, a reset link's holder). */
  actorUserId?: number | null;
  /** Whose account it concerns. */
  subjectUserId?: number | null;
  /** The API key it was done with (`doneBy`). */
  apiKeyId?: number | null;
  /** The API key it is about: made, revoked, ended. */
  subjectApiKeyId?: number | null;
  /** The address the request came from, when the door knows it. */
  address?: string | null;
  details?: SecurityEventDetails;
}

/** A signed-in person as the one who did it: through the JSON API with a key, the key is named too. */
export function doneBy(actor: CurrentUser): Pick<SecurityEvent, "actorUserId" | "apiKeyId"> {
  return { actorUserId: actor.id, apiKeyId: actor.via?.apiKeyId ?? null };
}

/** Someone acting on their own account: signing in or out, their own password, e-mail or second factor. */
export function byOwner(userId: number): Pick<SecurityEvent, "actorUserId" | "subjectUserId"> {
  return { actorUserId: userId, subjectUserId: userId };
}

/** The events that are a sign-in refused, counted for /metrics by the step that refused it. */
const SIGN_IN_FAILURES: Partial<Record<SecurityEventKind, "password" | "code">> = {
  signInFailed: "password",
  codeWrong: "code",
  codeReused: "code",
};

/** Security events are kept this long (R133), then swept. */
export const SECURITY_EVENT_RETENTION_DAYS = 400;

/** Adds one event to the security events: the one door every model function that changes a way in goes through. */
export const recordSecurityEvent = traced(
  "model.recordSecurityEvent",
  async function recordSecurityEvent(db: DB, event: SecurityEvent, now: Date = new Date()): Promise<void> {
    const failedStep = SIGN_IN_FAILURES[event.kind];
    if (failedStep) metrics.signInFailures.inc({ step: failedStep });
    const details = event.details && Object.keys(event.details).length ? JSON.stringify(event.details) : null;
    await db
      .insertInto("security_events")
      .values({
        at: now.toISOString(),
        kind: event.kind,
        actor_user_id: event.actorUserId ?? null,
        subject_user_id: event.subjectUserId ?? null,
        api_key_id: event.apiKeyId ?? null,
        subject_api_key_id: event.subjectApiKeyId ?? null,
        address: event.address && event.address !== "unknown" ? event.address.slice(0, 100) : null,
        details,
      })
      .execute();
  },
);

export type SecurityEventSort = "at";

export const SECURITY_EVENT_LIST: ListSpec<SecurityEventSort> = {
  sorts: ["at"],
  defaultSort: "at",
  defaultOrder: "desc",
  textFilters: ["person", "kind"],
  dateFilters: ["at"],
};

function requireReader(actor: Actor) {
  if (!mayReadSecurityEvents(actor)) throw new ForbiddenError("super administrators only");
}

function filtered(db: DB, actor: Actor, query: ListQuery<SecurityEventSort>) {
  requireReader(actor);
  let rows = db
    .selectFrom("security_events as e")
    .leftJoin("users as a", "a.id", "e.actor_user_id")
    .leftJoin("users as s", "s.id", "e.subject_user_id")
    .leftJoin("api_keys as k", "k.id", "e.api_key_id");
  const { person, kind } = query.text;
  if (person) {
    rows = rows.where((eb) =>
      eb.or(
        (["a.email", "a.first_name", "a.last_name", "s.email", "s.first_name", "s.last_name"] as const).map((column) =>
          containsText(db, column, person),
        ),
      ),
    );
  }
  if (kind) rows = rows.where("e.kind", "=", kind);
  const at = query.dates.at;
  if (at && at.type !== "never") {
    const bounds = dateBounds(at, "moment");
    if (bounds.from) rows = rows.where("e.at", ">=", bounds.from);
    if (bounds.until) rows = rows.where("e.at", "<", bounds.until);
  }
  return rows;
}

function sorted(db: DB, actor: Actor, query: ListQuery<SecurityEventSort>) {
  return filtered(db, actor, query)
    .select([
      "e.id",
      "e.at",
      "e.kind",
      "e.address",
      "e.details",
      "e.actor_user_id",
      "e.subject_user_id",
      "a.first_name as actor_first_name",
      "a.last_name as actor_last_name",
      "a.email as actor_email",
      "s.first_name as subject_first_name",
      "s.last_name as subject_last_name",
      "s.email as subject_email",
      "k.name as key_name",
    ])
    .orderBy("e.at", query.order)
    .orderBy("e.id", query.order);
}

type StoredEvent = Awaited<ReturnType<ReturnType<typeof sorted>["executeTakeFirstOrThrow"]>>;

/**
 * One event as the page and the CSV show it: when (US Eastern), what, who did it, whose account, how (key, address).
 */
export interface SecurityEventRow {
  id: number;
  when: string;
  kind: SecurityEventKind;
  what: string;
  who: string;
  whose: string;
  address: string;
}

function person(
  t: TFunction,
  id: number | null,
  first: string | null,
  last: string | null,
  email: string | null,
): string {
  if (id === null) return "";
  if (email === null) return t("admin:security.removedAccount", { id });
  return `${first ?? ""} ${last ?? ""} <${email}>`.trim();
}

function parseDetails(text: string | null): SecurityEventDetails {
  if (!text) return {};
  try {
    return JSON.parse(text) as SecurityEventDetails;
  } catch {
    return {};
  }
}

function eventRow(row: StoredEvent, language: Language, t: TFunction): SecurityEventRow {
  const details = parseDetails(row.details);
  const kind = row.kind as SecurityEventKind;
  const parts = [t(`admin:security.kinds.${kind}`)];
  if (details.reason) parts.push(t(`admin:security.reasons.${details.reason}`));
  if (details.key) parts.push(t("admin:security.keyNamed", { name: details.key }));
  if (details.referral) parts.push(t("admin:security.referralNumbered", { number: details.referral }));
  if (details.program) parts.push(t("admin:security.programNamed", { name: details.program }));
  const who = person(t, row.actor_user_id, row.actor_first_name, row.actor_last_name, row.actor_email);
  return {
    id: row.id,
    when: formatDateTimeEastern(row.at, language),
    kind,
    what: parts.join(": "),
    who: row.key_name ? `${who} ${t("admin:access.withKey", { name: row.key_name })}` : who,
    whose: person(t, row.subject_user_id, row.subject_first_name, row.subject_last_name, row.subject_email),
    address: row.address ?? "",
  };
}

/** One page of the security events, as the filters ask, and how many match; super administrators only. */
export const listSecurityEvents = traced(
  "model.listSecurityEvents",
  async function listSecurityEvents(
    db: DB,
    actor: Actor,
    query: ListQuery<SecurityEventSort>,
    language: Language,
    t: TFunction,
  ): Promise<{ data: SecurityEventRow[]; total: number }> {
    const total = await countMatching(filtered(db, actor, query));
    const rows = await sorted(db, actor, query)
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute();
    return { data: rows.map((row) => eventRow(row, language, t)), total };
  },
);

const SECURITY_CSV_COLUMNS = ["when", "what", "who", "whose", "address"] as const;

/** The security events as CSV (R81, R133), as the filters ask, 100 rows at a time, as the page shows them. */
export const securityEventsCsv = traced(
  "model.securityEventsCsv",
  async function securityEventsCsv(
    db: DB,
    actor: Actor,
    query: ListQuery<SecurityEventSort>,
    language: Language,
    t: TFunction,
  ): Promise<CsvPages> {
    const total = await countMatching(filtered(db, actor, query));
    async function* pages() {
      for await (const page of pagesOf(db, sorted(db, actor, query), EXPORT_PAGE_SIZE))
        yield page.map((row) => eventRow(row, language, t));
    }
    return {
      header: SECURITY_CSV_COLUMNS.map((column) => t(`admin:security.${column}`)),
      total,
      pages: cellPages(pages(), (page) => page.map((row) => SECURITY_CSV_COLUMNS.map((column) => row[column]))),
    };
  },
);

/** Longer than the sweep takes; a lease an instance left by dying runs out after it. */
const SWEEP_LEASE_MS = 10 * 60 * 1000;

/** Deletes events older than 400 days (R133), one instance at a time; null when another is sweeping. */
export const sweepSecurityEvents = traced(
  "model.sweepSecurityEvents",
  async function sweepSecurityEvents(db: DB, now: Date = new Date()): Promise<number | null> {
    return runAlone(db, "sweep-security-events", SWEEP_LEASE_MS, async () => {
      const before = new Date(now.getTime() - SECURITY_EVENT_RETENTION_DAYS * 86_400_000).toISOString();
      const result = await db.deleteFrom("security_events").where("at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  },
);

/** The kinds as the filter offers them, in the reader's language. */
export function securityEventKindOptions(t: TFunction) {
  return SECURITY_EVENT_KINDS.map((kind) => ({ value: kind, label: t(`admin:security.kinds.${kind}`) }));
}
