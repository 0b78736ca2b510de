import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { referralCellWriter } from "~/models/referral-cells.server";
import { allReferrals, listReferrals, referralListSpec, type ReferralListKind } from "~/models/referral-list.server";
import { toCsvLine } from "~/utils/csv";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

const KINDS: ReferralListKind[] = ["drafts", "submitted", "user"];

/**
 * A referral list as a CSV file of 35 columns (SPEC §7), streamed 100 rows at a time: the rows of
 * the list as filtered and sorted on screen, every page of it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const kind = url.searchParams.get("list") as ReferralListKind;
  if (!KINDS.includes(kind)) notFound();
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const query = parseListQuery(url.searchParams, referralListSpec(kind));
  // Asked first, so a list the person may not see is a 404 before any byte is sent.
  const { total } = await orHttpError(listReferrals(db, actor, kind, { ...query, count: 10, page: 1 }, ownerId));

  const { t } = await getPageTranslation(request, ["referrals", "common", "wizard"]);
  const writer = await referralCellWriter(db, await getLanguage(request), t);
  const encoder = new TextEncoder();
  const pages = allReferrals(db, actor, kind, query, ownerId);

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark lets spreadsheet programs read the accents right.
      controller.enqueue(encoder.encode(`\uFEFF${toCsvLine(writer.headers)}`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode((await writer.cells(next.value)).map(toCsvLine).join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="referrals-${kind}-${easternCalendarDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Total-Count": String(total),
    },
  });
}
