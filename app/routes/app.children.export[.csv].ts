import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { allChildren, CHILD_CSV_COLUMNS, CHILD_LIST, listChildren } from "~/models/child.server";
import { getLookupOptions } from "~/models/lookup.server";
import { csvResponse } from "~/utils/csv-response.server";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { idParam, orHttpError } from "~/utils/route.server";

/**
 * The children list as a CSV file, streamed: the rows are read 100 at a time until a page comes
 * back empty. A full export: the filters are left out, the sort is kept (docs/product-rules.md R81).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = context.db;
  const url = new URL(request.url);
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const sortOnly = new URLSearchParams();
  for (const name of ["sort", "order"]) if (url.searchParams.has(name)) sortOnly.set(name, url.searchParams.get(name)!);
  const language = await getLanguage(request);
  const query = parseListQuery(sortOnly, CHILD_LIST, language);
  // Asked first, so someone else's list is a 404 before any byte is sent.
  const { total } = await orHttpError(listChildren(db, actor, { ...query, count: 10, page: 1 }, ownerId));

  const { t } = await getPageTranslation(request, ["children", "common"]);
  const suffixes = new Map((await getLookupOptions(db, "Suffixes", language)).map((option) => [option.value, option.label]));
  const states = new Map((await getLookupOptions(db, "States", language)).map((option) => [option.value, option.label]));
  return csvResponse({
    header: CHILD_CSV_COLUMNS.map((column) => t(`children:csv.${column}`)),
    pages: allChildren(db, actor, query, ownerId),
    cells: (page) =>
      page.map((child) => [
        child.firstName,
        child.middleName,
        child.lastName,
        child.suffix ? (suffixes.get(child.suffix) ?? child.suffix) : "",
        child.birthdate,
        states.get(child.stateOfResidence) ?? child.stateOfResidence,
      ]),
    fileName: `children-${easternCalendarDate()}.csv`,
    total,
  });
}
