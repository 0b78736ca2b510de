import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { USER_LIST, usersCsv } from "~/models/user-list.server";
import { csvResponse } from "~/utils/csv-response.server";
import { exportFileName, parseListQuery } from "~/utils/list";
import { route } from "~/utils/route.server";

/** The users CSV (R81), streamed 100 rows at a time, in the list's sort. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const language = await getLanguage(request);
  const query = parseListQuery(new URL(request.url).searchParams, USER_LIST, language);
  const { t } = await getPageTranslation(request, ["admin", "common"]);
  const csv = await usersCsv(context.db, actor, query, getConfig().ADMIN_EMAIL_DOMAINS, language, t);
  return csvResponse({ ...csv, fileName: exportFileName("users", query) });
});
