import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { allUsers, listUsers, USER_LIST } from "~/models/admin-users.server";
import { getLookupOptions } from "~/models/lookup.server";
import { csvResponse } from "~/utils/csv-response.server";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { orHttpError } from "~/utils/route.server";

const COLUMNS = ["name", "email", "reference", "status", "lastLogin", "role"] as const;

/** The users list as CSV, as filtered and sorted on screen, streamed 100 rows at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const db = context.db;
  const language = await getLanguage(request);
  const query = parseListQuery(new URL(request.url).searchParams, USER_LIST, language);
  const domains = getConfig().ADMIN_EMAIL_DOMAINS;
  const { total } = await orHttpError(listUsers(db, actor, { ...query, count: 10, page: 1 }, domains));
  const { t } = await getPageTranslation(request, ["admin", "common"]);
  const references = new Map((await getLookupOptions(db, "References", language)).map((option) => [option.value, option.label]));
  return csvResponse({
    header: COLUMNS.map((column) => t(`admin:users.${column}`)),
    pages: allUsers(db, actor, query, domains),
    cells: (page) =>
      page.map((row) => [
        `${row.firstName} ${row.lastName}`,
        row.email,
        row.reference ? (references.get(row.reference) ?? row.reference) : "",
        t(row.locked ? "admin:users.statuses.inactive" : "admin:users.statuses.active"),
        row.lastLogin ?? "",
        t(row.isAdmin ? "admin:users.roles.admin" : "admin:users.roles.user"),
      ]),
    fileName: `users-${easternCalendarDate()}.csv`,
    total,
  });
}
