import { stat } from "node:fs/promises";
import type { TFunction } from "i18next";
import { pagesOf, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { REPORT_STATUSES } from "~/schemas/report";
import { easternCalendarDate, easternDayStart, formatDateTimeEastern, nextCalendarDate } from "~/utils/dates";
import { EXPORT_PAGE_SIZE } from "~/utils/list";
import { accountStatus } from "~/utils/statuses";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayRunReports } from "./policy";
import { readableReferrals } from "./referral-scope.server";
import { getLookups, lookupLabel } from "./lookup.server";
import { referralCellWriter } from "./referral-cells.server";
import { referralRowsById, seenReferrals } from "./referral-list.server";
import { userHoldsRole, type CurrentUser } from "./user.server";
import { listedUsers } from "./user-list.server";
import { recordAccess, recordReportDownload, viewerOf, type Seen } from "./access-record.server";
import { reportFileName, reportPath, type ReportFormat } from "./report-files.server";
import { openSheet } from "./report-sheet.server";
import { traced } from "~/services/trace.server";

// The referral and user reports (R96, R98, R99, R104), streamed to DATA_DIR/reports in CSV or Excel.

export interface ReferralReportInput {
  statuses: string[];
  format: ReportFormat;
  filename?: string;
  createdAfter?: string;
  createdBefore?: string;
  county?: string;
}

export interface UserReportInput {
  format: ReportFormat;
  filename?: string;
  primaryLanguage?: "en" | "sp";
  lastLoginAfter?: string;
  lastLoginBefore?: string;
}

/** A date after today in Maryland, which the reports' filters refuse (R97). */
export class FutureDateError extends Error {
  name = "FutureDateError";
  constructor(readonly field: string) {
    super(`${field} is in the future`);
  }
}

function requireAdministrator(actor: CurrentUser) {
  if (!actor.isAdmin) throw new ForbiddenError("administrators only");
}

/** Referral reports: administrators, and program staff for their programs' referrals (R137). */
function requireProgram(actor: CurrentUser) {
  if (!mayRunReports(actor)) throw new ForbiddenError("administrators and program staff only");
}

/** Administrators read every kept report; program staff only their own, which hold only their programs' (R137). */
function keptReportsOf(db: DB, actor: CurrentUser) {
  const rows = db.selectFrom("generated_reports as g");
  return actor.isAdmin ? rows : rows.where("g.created_by_id", "=", actor.id).where("g.kind", "=", "referral");
}

function checkDates(input: Record<string, unknown>, fields: string[], today = easternCalendarDate()) {
  for (const field of fields) {
    const value = input[field];
    if (typeof value === "string" && value > today) throw new FutureDateError(field);
  }
}

type Progress = (done: number, total: number) => void;

/** Rows of the record of access written at once for a report. */
const ACCESS_WRITE = 500;
/** Few enough queries for 100,000 rows, little memory held. */
const REPORT_CHUNK = 500;

async function record(
  db: DB,
  actor: CurrentUser,
  kind: "referral" | "user",
  format: ReportFormat,
  fileName: string,
  parameters: object,
  rows: number,
) {
  const row = await db
    .insertInto("generated_reports")
    .values({
      kind,
      format,
      file_name: fileName,
      parameters: JSON.stringify(parameters),
      row_count: rows,
      created_by_id: actor.id,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Submitted referrals as filtered, in the referral CSV's columns, dates in US Eastern time. Returns the file name. */
export const generateReferralReport = traced(
  "model.generateReferralReport",
  async function generateReferralReport(
    db: DB,
    actor: CurrentUser,
    input: ReferralReportInput,
    language: Language,
    t: TFunction,
    onProgress?: Progress,
  ) {
    requireProgram(actor);
    checkDates(input as unknown as Record<string, unknown>, ["createdAfter", "createdBefore"]);
    const statuses = input.statuses.map((key) => REPORT_STATUSES[key as keyof typeof REPORT_STATUSES]).filter(Boolean);
    let query = db.selectFrom("referrals as r").where("r.status", "<>", "Draft").where(readableReferrals(actor, "r"));
    if (statuses.length) query = query.where("r.status", "in", statuses);
    if (input.createdAfter)
      query = query.where("r.created_at", ">=", easternDayStart(nextCalendarDate(input.createdAfter)));
    if (input.createdBefore) query = query.where("r.created_at", "<", easternDayStart(input.createdBefore));
    if (input.county)
      query = query.where(
        "r.address_id",
        "in",
        db.selectFrom("addresses").select("id").where("county", "=", input.county),
      );
    const ids = (await query.select("r.id").orderBy("r.id").execute()).map((row) => row.id);

    const fileName = reportFileName(input.filename, `referral-report-${easternCalendarDate()}`, input.format);
    const file = reportPath(fileName);
    const writer = await referralCellWriter(db, language, t);
    const sheet = await openSheet(file, input.format, t("referrals:list.submittedTitle"), writer.headers);
    // For the record of access once the report is kept.
    const seen: Seen[] = [];
    try {
      for (let start = 0; start < ids.length; start += REPORT_CHUNK) {
        const chunk = ids.slice(start, start + REPORT_CHUNK);
        const rows = await referralRowsById(db, chunk);
        seen.push(...seenReferrals(rows));
        await sheet.add(await writer.cells(rows));
        onProgress?.(Math.min(start + chunk.length, ids.length), ids.length);
      }
      await sheet.close();
    } catch (error) {
      await sheet.abort();
      throw error;
    }
    const reportId = await record(db, actor, "referral", input.format, fileName, input, ids.length);
    // R95: each child, named with the report; its downloads copy these.
    for (let start = 0; start < seen.length; start += ACCESS_WRITE) {
      await recordAccess(db, viewerOf(actor, "report"), seen.slice(start, start + ACCESS_WRITE), {
        action: "report",
        entityType: "report",
        entityId: reportId,
      });
    }
    return { fileName, rows: ids.length };
  },
);

export const USER_REPORT_COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "reference",
  "primaryLanguage",
  "status",
  "role",
  "lastLogin",
  "createdAt",
] as const;

/** Users (never super administrators) as filtered; no password hash, security answer or token is ever read. */
export const generateUserReport = traced(
  "model.generateUserReport",
  async function generateUserReport(
    db: DB,
    actor: CurrentUser,
    input: UserReportInput,
    language: Language,
    t: TFunction,
    onProgress?: Progress,
  ) {
    requireAdministrator(actor);
    checkDates(input as unknown as Record<string, unknown>, ["lastLoginAfter", "lastLoginBefore"]);
    let query = listedUsers(db);
    if (input.primaryLanguage) query = query.where("u.primary_language", "=", input.primaryLanguage);
    if (input.lastLoginAfter)
      query = query.where("u.last_login", ">=", easternDayStart(nextCalendarDate(input.lastLoginAfter)));
    if (input.lastLoginBefore) query = query.where("u.last_login", "<", easternDayStart(input.lastLoginBefore));
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const users = query
      .select([
        "u.id",
        "u.first_name",
        "u.last_name",
        "u.email",
        "u.reference",
        "u.primary_language",
        "u.locked",
        "u.enabled",
        "u.last_login",
        "u.created_at",
        userHoldsRole("ROLE_ADMIN").as("is_admin"),
      ])
      .orderBy("u.last_name")
      .orderBy("u.first_name")
      .orderBy("u.id");
    const references = new Map(
      (await getLookups(db, "References")).map((row) => [row.code, lookupLabel(row, language)]),
    );
    const fileName = reportFileName(input.filename, `user-report-${easternCalendarDate()}`, input.format);
    const file = reportPath(fileName);
    const sheet = await openSheet(
      file,
      input.format,
      t("admin:users.title"),
      USER_REPORT_COLUMNS.map((column) => t(`admin:reports.userColumns.${column}`)),
    );
    let written = 0;
    try {
      for await (const chunk of pagesOf(db, users, EXPORT_PAGE_SIZE)) {
        await sheet.add(
          chunk.map((user) => [
            user.id,
            user.first_name,
            user.last_name,
            user.email,
            user.reference ? (references.get(user.reference) ?? user.reference) : "",
            t(`auth:register.languages.${user.primary_language}`),
            t(`admin:users.statuses.${accountStatus({ locked: user.locked === 1, enabled: user.enabled === 1 })}`),
            t(user.is_admin ? "admin:users.roles.admin" : "admin:users.roles.user"),
            user.last_login ? formatDateTimeEastern(user.last_login, language) : "",
            formatDateTimeEastern(user.created_at, language),
          ]),
        );
        written += chunk.length;
        onProgress?.(written, Math.max(written, total));
      }
      await sheet.close();
    } catch (error) {
      await sheet.abort();
      throw error;
    }
    await record(db, actor, "user", input.format, fileName, input, written);
    return { fileName, rows: written };
  },
);

/** The kept reports the asker may read, newest first. */
export const listReports = traced("model.listReports", async function listReports(db: DB, actor: CurrentUser) {
  requireProgram(actor);
  return keptReportsOf(db, actor)
    .leftJoin("users as u", "u.id", "g.created_by_id")
    .select(["g.id", "g.kind", "g.format", "g.file_name", "g.row_count", "g.created_at", "u.first_name", "u.last_name"])
    .orderBy("g.created_at", "desc")
    .orderBy("g.id", "desc")
    .limit(50)
    .execute();
});

/** A kept report's file; a name not listed is NotFoundError. A referral report's download is recorded again (R95). */
export const reportFile = traced(
  "model.reportFile",
  async function reportFile(db: DB, actor: CurrentUser, fileName: string) {
    requireProgram(actor);
    const row = await keptReportsOf(db, actor)
      .select(["g.id", "g.file_name", "g.format"])
      .where("g.file_name", "=", fileName)
      .orderBy("g.id", "desc")
      .executeTakeFirst();
    if (!row) throw new NotFoundError("report");
    const file = reportPath(row.file_name);
    const { size } = await stat(file).catch(() => {
      throw new NotFoundError("report");
    });
    await recordReportDownload(db, viewerOf(actor), row.id);
    return { file, size, format: row.format as ReportFormat };
  },
);
