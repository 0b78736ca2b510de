import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { referralsCsv } from "~/models/referral-cells.server";
import { referralListSpec, type ReferralListKind } from "~/models/referral-list.server";
import { csvResponse } from "~/utils/csv-response.server";
import { exportFileName, parseListQuery } from "~/utils/list";
import { idParam, notFound, route } from "~/utils/route.server";

const KINDS: ReferralListKind[] = ["drafts", "submitted", "user"];

/** The referral CSV (R81), streamed 100 rows at a time, in the list's sort. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const url = new URL(request.url);
  const kind = url.searchParams.get("list") as ReferralListKind;
  if (!KINDS.includes(kind)) notFound();
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const language = await getLanguage(request);
  const query = parseListQuery(url.searchParams, referralListSpec(kind), language);
  const { t } = await getPageTranslation(request, ["referrals", "common", "wizard"]);
  // Asked first, so a list the person may not see is a 404 before any byte is sent.
  const csv = await referralsCsv(context.db, actor, kind, query, ownerId, language, t);
  return csvResponse({ ...csv, fileName: exportFileName(`referrals-${kind}`, query) });
});
