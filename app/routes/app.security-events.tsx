import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/auth.server";
import { ListResults, SortHeader, UnknownComparisonAlert } from "~/components/list/List";
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
  const { state, total, rows, filterError, kinds, exports } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "common"]);
  return (
    <div className="list-page">
      <h1>{t("security.title")}</h1>
      <p>{t("security.intro")}</p>
      {filterError ? <UnknownComparisonAlert /> : null}
      <ListFilters state={state} label={t("security.filters")}>
        <TextFilter name="person" label={t("security.person")} value={state.text.person} />
        <SelectFilter
          name="kind"
          label={t("security.kind")}
          value={state.text.kind}
          anyLabel={t("security.anyKind")}
          options={kinds}
        />
        <DateFilterField name="at" label={t("security.when")} value={state.dates.at} />
      </ListFilters>
      <ListResults
        label={t("security.title")}
        caption={t("security.caption", { total })}
        empty={t("security.empty")}
        head={
          <>
            <SortHeader field="at" label={t("security.when")} state={state} />
            <th scope="col">{t("security.what")}</th>
            <th scope="col">{t("security.who")}</th>
            <th scope="col">{t("security.whose")}</th>
            <th scope="col">{t("security.address")}</th>
          </>
        }
        rows={rows}
        row={(row) => (
          <tr key={row.id}>
            <th scope="row" data-label={t("security.when")}>
              {row.when}
            </th>
            <td data-label={t("security.what")}>{row.what}</td>
            <td data-label={t("security.who")}>{row.who || t("security.nobody")}</td>
            <td data-label={t("security.whose")}>{row.whose}</td>
            <td data-label={t("security.address")}>{row.address}</td>
          </tr>
        )}
        state={state}
        total={total}
        exports={exports}
      />
    </div>
  );
}
