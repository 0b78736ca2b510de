import type { TFunction } from "i18next";
import type { AccessChannel } from "../../db/schema";
import type { DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import type { CsvPages } from "~/utils/csv-response.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayReadAccessRecord, mayViewReferral, referralFacts, type ReferralFactsRow } from "./policy";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// The record of access (34 CFR 303.406, R95): every look at a child's data by anyone but its creator, by any way in.
// Lists and exports write the children shown in one statement (a page of 100 for exports).

/** Who looked: a signed-in person (page, export, report or API, perhaps with a key), or a review link's holder. */
export type Viewer =
  | { userId: number; email: string; channel: AccessChannel; apiKeyId: number | null }
  | { reviewLinkId: number };

/** The viewer a signed-in person is, by the door they came in (the API sets `actor.via`), or an export's/report's. */
export function viewerOf(actor: CurrentUser, channel?: AccessChannel): Viewer {
  return {
    userId: actor.id,
    email: actor.email,
    channel: channel ?? actor.via?.channel ?? "page",
    apiKeyId: actor.via?.apiKeyId ?? null,
  };
}

/** What was seen: a referral (and so its child), or a child; and whose it is. */
export interface Seen {
  referralId?: number | null;
  childId?: number | null;
  createdById: number | null;
}

export type AccessAction = "view" | "download" | "list" | "export" | "report" | "downloadReport";

/** Records what a viewer saw in one statement, skipping their own records. Finds the child when not given. */
export const recordAccess = traced(
  "model.recordAccess",
  async function recordAccess(
    db: DB,
    viewer: Viewer,
    seen: readonly Seen[],
    what: {
      action: AccessAction;
      entityType: "referral" | "document" | "child" | "adult" | "report";
      entityId?: number | null;
    },
  ): Promise<void> {
    const others = seen.filter((item) => !("userId" in viewer) || item.createdById !== viewer.userId);
    if (!others.length) return;
    const withoutChild = others.filter((item) => item.referralId && !item.childId).map((item) => item.referralId!);
    const childOf = new Map(
      withoutChild.length
        ? (await db.selectFrom("referrals").select(["id", "child_id"]).where("id", "in", withoutChild).execute()).map(
            (row) => [row.id, row.child_id],
          )
        : [],
    );
    const at = new Date().toISOString();
    await db
      .insertInto("audit_events")
      .values(
        others.map((item) => ({
          at,
          actor_user_id: "userId" in viewer ? viewer.userId : null,
          // As they were then: the record says who looked, whatever their account becomes (R95).
          actor_email: "userId" in viewer ? viewer.email : null,
          actor_review_token_id: "reviewLinkId" in viewer ? viewer.reviewLinkId : null,
          api_key_id: "userId" in viewer ? viewer.apiKeyId : null,
          channel: "userId" in viewer ? viewer.channel : ("reviewLink" as const),
          action: what.action,
          entity_type: what.entityType,
          entity_id: what.entityId ?? item.referralId ?? item.childId ?? null,
          referral_id: item.referralId ?? null,
          child_id: item.childId ?? (item.referralId ? (childOf.get(item.referralId) ?? null) : null),
        })),
      )
      .execute();
  },
);

/** A part of a referral (a document, a parent or guardian), for whoever may read the referral; else NotFoundError. */
export async function seenPart<Part extends ReferralFactsRow & { id: number; referral_id: number }>(
  db: DB,
  actor: CurrentUser,
  part: Part | undefined,
  what: { action: "view" | "download"; entityType: "document" | "adult" },
): Promise<Part> {
  if (!part || !mayViewReferral(actor, referralFacts(part))) throw new NotFoundError(what.entityType);
  await recordAccess(db, viewerOf(actor), [{ referralId: part.referral_id, createdById: part.created_by_id }], {
    ...what,
    entityId: part.id,
  });
  return part;
}

/** A report download records its children (as when made) again, for the downloader. */
export const recordReportDownload = traced(
  "model.recordReportDownload",
  async function recordReportDownload(db: DB, viewer: Viewer, reportId: number): Promise<void> {
    if (!("userId" in viewer)) return;
    const at = new Date().toISOString();
    await db
      .insertInto("audit_events")
      .columns([
        "at",
        "actor_user_id",
        "actor_email",
        "api_key_id",
        "channel",
        "action",
        "entity_type",
        "entity_id",
        "referral_id",
        "child_id",
      ])
      .expression((eb) =>
        eb
          .selectFrom("audit_events as made")
          .innerJoin("referrals as r", "r.id", "made.referral_id")
          .select([
            eb.val(at).as("at"),
            eb.val(viewer.userId).as("actor_user_id"),
            eb.val(viewer.email).as("actor_email"),
            eb.val(viewer.apiKeyId).as("api_key_id"),
            eb.val(viewer.channel).as("channel"),
            eb.val("downloadReport").as("action"),
            eb.val("report").as("entity_type"),
            eb.val(reportId).as("entity_id"),
            "made.referral_id",
            "made.child_id",
          ])
          .where("made.entity_type", "=", "report")
          .where("made.entity_id", "=", reportId)
          .where("made.action", "=", "report")
          .where("r.created_by_id", "<>", viewer.userId),
      )
      .execute();
  },
);

/** One referral's record of access, newest first, for administrators; times in US Eastern (R29). */
export const accessRecordOf = traced(
  "model.accessRecordOf",
  async function accessRecordOf(db: DB, actor: CurrentUser, referralId: number, language: Language, t: TFunction) {
    const referral = await db
      .selectFrom("referrals")
      .select(["id", "child_id", "created_by_id", "status", "local_program_id"])
      .where("id", "=", referralId)
      .executeTakeFirst();
    if (!referral) throw new NotFoundError("referral");
    // Administrators, and the referral's program's staff (R95, R137); its creator is told no more than before.
    if (!mayReadAccessRecord(actor, referralFacts(referral))) {
      if (!mayViewReferral(actor, referralFacts(referral))) throw new NotFoundError("referral");
      throw new ForbiddenError("administrators and the program only");
    }
    const events = await db
      .selectFrom("audit_events as e")
      .leftJoin("users as u", "u.id", "e.actor_user_id")
      .leftJoin("api_keys as k", "k.id", "e.api_key_id")
      .leftJoin("review_tokens as l", "l.id", "e.actor_review_token_id")
      .select([
        "e.id",
        "e.at",
        "e.action",
        "e.entity_type",
        "e.entity_id",
        "e.channel",
        "e.actor_review_token_id",
        "u.first_name",
        "u.last_name",
        "u.email",
        "e.actor_email",
        "k.name as key_name",
        "l.reviewer_name",
        "l.purpose",
      ])
      .where((eb) =>
        eb.or([
          eb("e.referral_id", "=", referralId),
          eb.and([eb("e.child_id", "=", referral.child_id), eb("e.referral_id", "is", null)]),
        ]),
      )
      .orderBy("e.at", "desc")
      .orderBy("e.id", "desc")
      .execute();
    return events.map((event) => {
      const who = event.actor_review_token_id
        ? t("admin:access.reviewLinkWho", {
            id: event.actor_review_token_id,
            reviewer: event.reviewer_name ?? "—",
            purpose: event.purpose ?? "—",
          })
        : `${event.first_name ?? ""} ${event.last_name ?? ""} <${event.actor_email ?? event.email ?? ""}>${event.key_name ? ` ${t("admin:access.withKey", { name: event.key_name })}` : ""}`;
      return {
        id: event.id,
        when: formatDateTimeEastern(event.at, language),
        who,
        how: t(`admin:access.channels.${event.channel ?? (event.actor_review_token_id ? "reviewLink" : "page")}`),
        what: t(`admin:access.actions.${event.entity_type}.${event.action}`, { id: event.entity_id }),
      };
    });
  },
);

/** A referral's record of access as CSV (R95), as the review shows it. */
export const accessRecordCsv = traced(
  "model.accessRecordCsv",
  async function accessRecordCsv(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    language: Language,
    t: TFunction,
  ): Promise<CsvPages> {
    const rows = (await accessRecordOf(db, actor, referralId, language, t)).map((event) => [
      event.when,
      event.who,
      event.how,
      event.what,
    ]);
    async function* pages() {
      yield rows;
    }
    return {
      header: [t("admin:access.when"), t("admin:access.who"), t("admin:access.how"), t("admin:access.what")],
      total: rows.length,
      pages: pages(),
    };
  },
);
