import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/auth.server";
import { FutureDateError } from "~/models/report.server";
import { checkReportForm, makeReport, readReportBody, streamReport, type ReportKind } from "./reports.server";

/** POST /generate-report and /generate-user-report (SPEC §7): answers the file name, or progress lines. */
export function generateAction(kind: ReportKind) {
  return async function action({ request }: ActionFunctionArgs) {
    if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
    const actor = await requireApiUser(request);
    if (!actor.isAdmin) return json({ error: "forbidden", message: "Administrators only." }, { status: 403 });
    const submission = checkReportForm(kind, await readReportBody(request));
    if (submission.status !== "success") return json({ error: "invalid_input", errors: submission.error }, { status: 400 });
    if ((request.headers.get("Accept") ?? "").includes("application/x-ndjson")) return streamReport(request, actor, kind, submission.value);
    try {
      const { fileName, rows } = await makeReport(request, actor, kind, submission.value);
      return json({ filename: fileName, rows });
    } catch (error) {
      if (error instanceof FutureDateError) return json({ error: "invalid_input", errors: { [error.field]: ["validation.dateFuture"] } }, { status: 400 });
      console.error(`generating the ${kind} report failed`, error);
      return json({ error: kind === "referral" ? "Error generating report" : "Error generating user report" }, { status: 500 });
    }
  };
}
