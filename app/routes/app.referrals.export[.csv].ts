import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { referralCellWriter } from "~/models/referral-cells.server";
import { allReferrals, listReferrals, referralListSpec, type ReferralListKind } from "~/models/referral-list.server";
import { csvResponse } from "~/utils/csv-response.server";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

const KINDS: ReferralListKind[] = ["drafts", "submitted", "user"];

/**
 * A referral list as a CSV file of 35 columns (docs/product-rules.md R81), streamed 100 rows at a time: the rows of
 * the list as filtered and sorted on screen, every page of it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = context.db;
  const url = new URL(request.url);
  const kind = url.searchParams.get("list") as ReferralListKind;
  if (!KINDS.includes(kind)) notFound();
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const language = await getLanguage(request);
  const query = parseListQuery(url.searchParams, referralListSpec(kind), language);
  // Asked first, so a list the person may not see is a 404 before any byte is sent.
  const { total } = await orHttpError(listReferrals(db, actor, kind, { ...query, count: 10, page: 1 }, ownerId));

  const { t } = await getPageTranslation(request, ["referrals", "common", "wizard"]);
  const writer = await referralCellWriter(db, language, t);
  return csvResponse({
    header: writer.headers,
    pages: allReferrals(db, actor, kind, query, ownerId),
    cells: (page) => writer.cells(page),
    fileName: `referrals-${kind}-${easternCalendarDate()}.csv`,
    total,
  });
}
