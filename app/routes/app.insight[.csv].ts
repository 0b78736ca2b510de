import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { INSIGHT_FIGURES, programFigures, type InsightFigureId } from "~/components/charts/insight.server";
import { csvResponse } from "~/utils/csv-response.server";
import { easternCalendarDate } from "~/utils/dates";
import { parseInsightQuery } from "~/utils/insight-period";
import { notFound, route } from "~/utils/route.server";

/** One figure of the program insight page as a CSV file: the table under its chart (R127). */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const url = new URL(request.url);
  const id = url.searchParams.get("figure") as InsightFigureId;
  if (!INSIGHT_FIGURES.includes(id)) notFound();
  const language = await getLanguage(request);
  const today = easternCalendarDate();
  const { period, split, errors } = parseInsightQuery(url.searchParams, language, today);
  // A period the page would refuse: the page, which says why in the reader's language.
  if (errors.from || errors.to) {
    url.searchParams.delete("figure");
    throw redirect(`/app/insight?${url.searchParams}`);
  }
  const { t } = await getPageTranslation(request, ["admin", "common"]);
  const { figures } = await programFigures(context.db, actor, period, split, today, language, t);
  const { table } = figures[id];
  async function* pages() {
    yield table.rows;
  }
  return csvResponse({
    header: table.head,
    total: table.rows.length,
    pages: pages(),
    fileName: `insight-${id}-${period.from}-${period.to}.csv`,
  });
});
