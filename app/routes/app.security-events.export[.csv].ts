import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { SECURITY_EVENT_LIST, securityEventsCsv } from "~/models/security-events.server";
import { csvResponse } from "~/utils/csv-response.server";
import { exportFileName, parseListQuery } from "~/utils/list";
import { route } from "~/utils/route.server";

/** The security events as CSV (R81, R133): every one, or those the filters show, newest first. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const language = await getLanguage(request);
  const query = parseListQuery(new URL(request.url).searchParams, SECURITY_EVENT_LIST, language);
  const { t } = await getPageTranslation(request, ["admin", "common"]);
  const csv = await securityEventsCsv(context.db, actor, query, language, t);
  return csvResponse({ ...csv, fileName: exportFileName("security-events", query) });
});
