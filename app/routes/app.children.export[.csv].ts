import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { allChildren, CHILD_CSV_COLUMNS, CHILD_LIST, listChildren } from "~/models/child.server";
import { getLookupOptions } from "~/models/lookup.server";
import { toCsvLine } from "~/utils/csv";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { idParam, orHttpError } from "~/utils/route.server";

/**
 * The children list as a CSV file, streamed: the rows are read 100 at a time until a page comes
 * back empty. A full export: the filters are left out, the sort is kept (SPEC §7).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const sortOnly = new URLSearchParams();
  for (const name of ["sort", "order"]) if (url.searchParams.has(name)) sortOnly.set(name, url.searchParams.get(name)!);
  const query = parseListQuery(sortOnly, CHILD_LIST);
  // Asked first, so someone else's list is a 404 before any byte is sent.
  const { total } = await orHttpError(listChildren(db, actor, { ...query, count: 10, page: 1 }, ownerId));

  const { t } = await getPageTranslation(request, ["children", "common"]);
  const language = await getLanguage(request);
  const suffixes = new Map((await getLookupOptions(db, "Suffixes", language)).map((option) => [option.value, option.label]));
  const states = new Map((await getLookupOptions(db, "States", language)).map((option) => [option.value, option.label]));
  const encoder = new TextEncoder();
  const pages = allChildren(db, actor, query, ownerId);

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark lets spreadsheet programs read the accents right.
      controller.enqueue(encoder.encode(`\uFEFF${toCsvLine(CHILD_CSV_COLUMNS.map((column) => t(`children:csv.${column}`)))}`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      const lines = next.value.map((child) =>
        toCsvLine([
          child.firstName,
          child.middleName,
          child.lastName,
          child.suffix ? suffixes.get(child.suffix) ?? child.suffix : "",
          child.birthdate,
          states.get(child.stateOfResidence) ?? child.stateOfResidence,
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="children-${easternCalendarDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Total-Count": String(total),
    },
  });
}
