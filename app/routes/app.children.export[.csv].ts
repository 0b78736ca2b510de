import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { CHILD_LIST, childrenCsv } from "~/models/child-list.server";
import { csvResponse } from "~/utils/csv-response.server";
import { exportFileName, parseListQuery } from "~/utils/list";
import { idParam, route } from "~/utils/route.server";

/** The children CSV (R81), streamed 100 rows at a time. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const url = new URL(request.url);
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const language = await getLanguage(request);
  const query = parseListQuery(url.searchParams, CHILD_LIST, language);
  const { t } = await getPageTranslation(request, ["children", "common"]);
  // Asked first, so someone else's list is a 404 before any byte is sent.
  const csv = await childrenCsv(context.db, actor, query, ownerId, language, t);
  return csvResponse({ ...csv, fileName: exportFileName("children", query) });
});
