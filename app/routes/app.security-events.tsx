import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/auth.server";
import { ListResults, UnknownComparisonAlert } from "~/components/list/List";
import { DateFilterField, ListFilters, SelectFilter, TextFilter } from "~/components/list/ListFilters";
import { getPageTranslation } from "~/i18n/page.server";
import { listSecurityEvents, SECURITY_EVENT_LIST, securityEventKindOptions } from "~/models/security-events.server";
import { loadListPage } from "~/components/list/list-page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };

export const meta = pageMeta;

/** The security events (R133), for super administrators only. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const { title, t } = await getPageTranslation(request, ["admin", "common"]);
  const { data, page, status } = await loadListPage(
    request,
    SECURITY_EVENT_LIST,
    (query, language) => listSecurityEvents(context.db, actor, query, language, t),
    { path: "/app/security-events/export.csv", name: "security-events" },
  );
  return json(
    { title: title("admin:security.title"), ...page, rows: data, kinds: securityEventKindOptions(t) },
    { status },
  );
});

export default function SecurityEvents() {
  const data = useLoaderData<typeof loader>();
  const { state, total, filterError, kinds } = data;
  const { t } = useTranslation(["admin", "common"]);
  return (
    <div className="list-page">
      <h1>{t("security.title")}</h1>
      <p>{t("security.intro")}</p>
      {filterError ? <UnknownComparisonAlert /> : null}
      <ListFilters state={state} label={t("security.filters")}>
        <TextFilter name="person" label={t("security.person")} />
        <SelectFilter name="kind" label={t("security.kind")} anyLabel={t("security.anyKind")} options={kinds} />
        <DateFilterField name="at" label={t("security.when")} />
      </ListFilters>
      <ListResults
        label={t("security.title")}
        caption={t("security.caption", { total })}
        empty={t("security.empty")}
        columns={[
          { label: t("security.when"), sort: "at", cell: (row) => row.when },
          { label: t("security.what"), cell: (row) => row.what },
          { label: t("security.who"), cell: (row) => row.who || t("security.nobody") },
          { label: t("security.whose"), cell: (row) => row.whose },
          { label: t("security.address"), cell: (row) => row.address },
        ]}
        page={data}
      />
    </div>
  );
}
