import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/auth.server";
import { confirmedIntent, UserActionConfirmPage, UserActions } from "~/components/admin/UserActions";
import { ListResults, UnknownComparisonAlert } from "~/components/list/List";
import { DateFilterField, ListFilters, SelectFilter, TextFilter } from "~/components/list/ListFilters";
import { Alert } from "~/components/ui/Alert";
import { getConfig } from "~/config.server";
import { getPageTranslation } from "~/i18n/page.server";
import { listUsers, USER_LIST } from "~/models/user-list.server";
import { getLookupOptions } from "~/models/lookup.server";
import { mayManageUser } from "~/models/policy";
import { userAction } from "~/components/admin/user-actions.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { loadListPage } from "~/components/list/list-page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };

export const meta = pageMeta;

/** The users list (R88), for administrators; super administrators are not listed. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const db = context.db;
  const { title } = await getPageTranslation(request, ["admin", "common"]);
  const { language, data, page, status } = await loadListPage(
    request,
    USER_LIST,
    (query) => listUsers(db, actor, query, getConfig().ADMIN_EMAIL_DOMAINS),
    {
      path: "/app/users/export.csv",
      name: "users",
    },
  );
  const references = await getLookupOptions(db, "References", language);
  const rows = data.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    reference: references.find((option) => option.value === row.reference)?.label ?? "",
    locked: row.locked,
    status: row.status,
    lastLogin: row.lastLogin ? formatDateTimeEastern(row.lastLogin, language) : null,
    isAdmin: row.isAdmin,
    promotionProblem: row.promotionProblem,
    // An administrator's own account is changed on the profile page, not here (R88).
    actionable: mayManageUser(actor, { id: row.id, isSuperAdmin: false }),
  }));
  // The confirmation page's title is its question (R175), for the row and action the page asks about.
  const search = new URL(request.url).searchParams;
  const asked = rows
    .map((row) => ({ row, intent: row.actionable ? confirmedIntent(search, row) : null }))
    .find(({ intent }) => intent);
  return json(
    {
      title: asked?.intent
        ? title(`admin:actions.${asked.intent}Title`, { name: asked.row.name })
        : title("admin:users.title"),
      ...page,
      language,
      references,
      rows,
      // Without an approved domain nobody can be promoted: the page says why and what to set (R91).
      promotionClosed: getConfig().ADMIN_EMAIL_DOMAINS.length === 0,
    },
    { status },
  );
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const back = new URL(request.url);
  back.searchParams.delete("confirm");
  back.searchParams.delete("user");
  return userAction(context.db, actor, await request.formData(), `/app/users${back.search}`);
});

export default function UsersList() {
  const data = useLoaderData<typeof loader>();
  const { state, total, rows, filterError, references, promotionClosed } = data;
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  for (const row of rows) {
    const intent = row.actionable ? confirmedIntent(search, row) : null;
    if (intent) {
      const cancel = new URLSearchParams(search);
      cancel.delete("confirm");
      cancel.delete("user");
      return <UserActionConfirmPage user={row} intent={intent} cancelTo={`?${cancel}`} />;
    }
  }
  return (
    <div className="list-page">
      <h1>{t("users.title")}</h1>
      {promotionClosed ? (
        <Alert kind="info" heading={t("users.promotionClosedTitle")} role="region">
          <p>{t("users.promotionClosed")}</p>
          <p>
            <code>{t("users.promotionClosedExample")}</code>
          </p>
        </Alert>
      ) : null}
      {filterError ? <UnknownComparisonAlert /> : null}
      <ListFilters state={state} label={t("users.filters")}>
        <TextFilter name="name" label={t("users.name")} />
        <TextFilter name="email" label={t("users.email")} />
        <SelectFilter
          name="reference"
          label={t("users.reference")}
          anyLabel={t("users.anyReference")}
          options={references}
        />
        <SelectFilter
          name="status"
          label={t("users.status")}
          anyLabel={t("users.anyStatus")}
          options={[
            { value: "active", label: t("users.statuses.active") },
            { value: "inactive", label: t("users.statuses.inactive") },
            { value: "unverified", label: t("users.statuses.unverified") },
          ]}
        />
        <DateFilterField name="lastLogin" label={t("users.lastLogin")} />
      </ListFilters>
      <ListResults
        label={t("users.title")}
        caption={t("users.caption", { total })}
        empty={t("users.empty")}
        columns={[
          {
            label: t("users.name"),
            sort: "name",
            cell: (row) => (
              <Link to={`/app/user/${row.id}`}>
                {row.name}
                {/* Two people may share a name: the e-mail tells their links apart to a screen reader (R161). */}
                <span className="usa-sr-only"> ({row.email})</span>
              </Link>
            ),
          },
          { label: t("users.email"), sort: "email", cell: (row) => row.email },
          { label: t("users.reference"), sort: "reference", cell: (row) => row.reference },
          { label: t("users.status"), sort: "status", cell: (row) => t(`users.statuses.${row.status}`) },
          { label: t("users.lastLogin"), sort: "lastLogin", cell: (row) => row.lastLogin ?? t("users.never") },
          { label: t("users.role"), cell: (row) => (row.isAdmin ? t("users.roles.admin") : t("users.roles.user")) },
          {
            label: t("users.actions"),
            actions: true,
            cell: (row) => (
              <div className="table-actions">
                {row.actionable ? <UserActions user={row} /> : <span className="usa-hint">{t("users.you")}</span>}
              </div>
            ),
          },
        ]}
        page={data}
      />
    </div>
  );
}
