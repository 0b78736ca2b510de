import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { InputError } from "~/models/errors";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { FutureDateError, generateReferralReport, generateUserReport } from "~/models/report.server";
import type { CurrentUser } from "~/models/user.server";
import { inSpan } from "~/services/trace.server";
import { REPORT_API_FIELDS, referralReportSchema, userReportSchema } from "~/schemas/report";
import { easternCalendarDate } from "~/utils/dates";
import { logFor } from "~/services/log.server";
import { measureReport } from "~/services/metrics.server";

// What the reports screen and POST /generate-report, /generate-user-report share: read the form
// (a form post, or the JSON of docs/product-rules.md R104 with its snake_case names), check it, make the report.

export type ReportKind = "referral" | "user";

/** The body as a form: JSON names mapped to the form's, lists as repeated fields. */
export async function readReportBody(request: Request): Promise<FormData> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) {
    return request.formData().catch(() => {
      throw new InputError({ body: ["api:fields.badBody"] });
    });
  }
  const form = new FormData();
  let body: unknown = null;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  // Not a JSON object: refused, rather than read as an empty form that would make a report of everything.
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new InputError({ body: ["api:fields.badJson"] });
  for (const [name, value] of Object.entries(body)) {
    const field = REPORT_API_FIELDS[name] ?? name;
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== null && item !== undefined && item !== "") form.append(field, String(item));
  }
  return form;
}

/** A report form's schema; its dates are read in `language`'s order (YYYY-MM-DD always works). */
export function reportSchema(kind: ReportKind, language: Language) {
  const today = easternCalendarDate();
  return kind === "referral" ? referralReportSchema(today, language) : userReportSchema(today, language);
}

/** Checks a report form (the JSON API's, which answers in its own format). */
export function checkReportForm(kind: ReportKind, form: FormData, language: Language) {
  return parseWithZod(form, { schema: reportSchema(kind, language) });
}

/**
 * Makes the report, in a span named for its kind ("report referral", "report user": app/services/trace.server.ts);
 * `onProgress` hears how many rows are written of how many.
 */
export function makeReport(
  db: AppLoadContext["db"],
  request: Request,
  actor: CurrentUser,
  kind: ReportKind,
  value: Record<string, unknown>,
  onProgress?: (done: number, total: number) => void,
): Promise<{ fileName: string; rows: number }> {
  return inSpan(
    `report ${kind}`,
    async () => {
      const language = await getLanguage(request);
      const { t } = await getPageTranslation(request, ["referrals", "common", "wizard", "admin", "auth"]);
      // Counted and timed for /metrics, whatever its end (docs/operations.md).
      return measureReport(kind, () =>
        kind === "referral"
          ? generateReferralReport(
              db,
              actor,
              value as unknown as Parameters<typeof generateReferralReport>[2],
              language,
              t,
              onProgress,
            )
          : generateUserReport(
              db,
              actor,
              value as unknown as Parameters<typeof generateUserReport>[2],
              language,
              t,
              onProgress,
            ),
      );
    },
    { "report.kind": kind },
  );
}

/**
 * The answer of a report request that asked for progress (Accept: application/x-ndjson): a line
 * {"done","total"} as rows are written, then {"fileName"} or {"error"}.
 */
export function streamReport(
  db: AppLoadContext["db"],
  request: Request,
  actor: CurrentUser,
  kind: ReportKind,
  value: Record<string, unknown>,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      let last = 0;
      try {
        const { fileName, rows } = await makeReport(db, request, actor, kind, value, (done, total) => {
          // At most about a hundred lines, however long the report.
          if (done === total || done - last >= Math.max(100, total / 100)) {
            last = done;
            send({ done, total });
          }
        });
        send({ fileName, rows });
      } catch (error) {
        if (!(error instanceof FutureDateError))
          logFor(request).error({ err: error }, `generating the ${kind} report failed`);
        send({ error: error instanceof FutureDateError ? "future_date" : "failed" });
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" },
  });
}
