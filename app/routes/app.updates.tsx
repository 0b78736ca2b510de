import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { ListTable } from "~/components/list/List";
import { Pagination } from "~/components/list/Pagination";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { listStatusUpdates } from "~/models/dashboard.server";
import { formatDateEastern, formatDateTimeEastern } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { reviewHref } from "~/wizard/steps";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals"] };

const UPDATES_LIST = {
  sorts: ["statusUpdatedAt"],
  defaultSort: "statusUpdatedAt",
  defaultOrder: "desc",
  textFilters: [],
  dateFilters: [],
} as const;

export const meta = pageMeta;

/** The signed-in referrer's referrals whose status changed after submission, newest first (R82). */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const language = await getLanguage(request);
  const query = parseListQuery(new URL(request.url).searchParams, UPDATES_LIST, language);
  const { data, total } = await listStatusUpdates(context.db, actor, query);
  const { title } = await getPageTranslation(request, ["referrals", "common"]);
  return json({
    title: title("referrals:updates.title"),
    state: query,
    total,
    rows: data.map((row) => ({
      id: row.id,
      href: reviewHref({ child: row.childId, referral: row.id, user: row.createdById }),
      childName: `${row.childFirstName} ${row.childLastName}`,
      status: row.status,
      details: (language === "es" ? (row.statusDetailsEs ?? row.statusDetails) : row.statusDetails) ?? "",
      date: row.statusUpdatedAt ? formatDateTimeEastern(row.statusUpdatedAt, language) : "",
      // When their program first opened it (R140).
      opened: row.openedAt
        ? {
            program: (language === "es" ? row.openedByNameEs : row.openedByName) ?? "",
            date: formatDateEastern(row.openedAt, language),
          }
        : null,
    })),
  });
});

export default function StatusUpdates() {
  const { state, total, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["referrals", "common"]);
  return (
    <div className="list-page">
      <h1>{t("updates.title")}</h1>
      <p>{t("updates.intro")}</p>
      {rows.length === 0 ? (
        <p className="no-data">{t("updates.empty")}</p>
      ) : (
        <ListTable label={t("updates.title")}>
          <caption className="usa-sr-only">{t("updates.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("updates.child")}</th>
              <th scope="col">{t("updates.status")}</th>
              <th scope="col">{t("updates.details")}</th>
              <th scope="col">{t("program.opened")}</th>
              <th scope="col">{t("updates.date")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" data-label={t("updates.child")}>
                  <Link to={row.href}>{row.childName}</Link>
                </th>
                <td data-label={t("updates.status")}>
                  <strong>{t(`common:statuses.${row.status}`)}</strong>
                  <br />
                  <span className="usa-hint">{t(`updates.meanings.${row.status}`)}</span>
                </td>
                <td data-label={t("updates.details")}>{row.details}</td>
                <td data-label={t("program.opened")}>
                  {row.opened ? t("program.openedBy", row.opened) : t("program.notOpened")}
                </td>
                <td data-label={t("updates.date")}>{row.date}</td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      {total > 0 ? <Pagination state={state} total={total} /> : null}
    </div>
  );
}
