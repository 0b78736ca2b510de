import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { API_OPERATIONS } from "~/api/operations.server";
import { ACCESS_TEXT } from "~/api/openapi.server";
import { API_PAGE_SIZES } from "~/api/shapes.server";
import { PublicShell } from "~/components/shell/PublicShell";
import { getPageTranslation } from "~/i18n/page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "api"] };

export const meta = pageMeta;

/** /api/docs: the calls of the JSON API for a person to read; /api/docs.json is the same for programs. */
export const loader = /* @__PURE__ */ route(async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request, ["api", "common"]);
  const tags = [...new Set(API_OPERATIONS.map((op) => op.tag))];
  return json({
    title: title("api:docs.pageTitle"),
    sizes: API_PAGE_SIZES.join(", "),
    groups: tags.map((tag) => ({
      tag,
      calls: API_OPERATIONS.filter((op) => op.tag === tag).map((op) => ({
        id: op.operationId,
        method: op.method,
        path: op.path,
        access: ACCESS_TEXT[op.access],
      })),
    })),
  });
});

export default function ApiDocs() {
  const { groups, sizes } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["api", "common"]);
  return (
    <PublicShell>
      <h1>{t("docs.pageTitle")}</h1>
      <p>{t("docs.intro")}</p>
      <p>
        <a href="/api/docs.json">{t("docs.machineLink")}</a>
      </p>
      <h2>{t("docs.authHeading")}</h2>
      <p>{t("docs.session")}</p>
      <p>{t("docs.keys")}</p>
      <h2>{t("docs.errorsHeading")}</h2>
      <p>{t("docs.errorMessage")}</p>
      <pre className="api-example">
        {'{ "error": { "status": 400, "code": "invalid_input", "message": "…", "fields": { "firstName": ["…"] } } }'}
      </pre>
      <h2>{t("docs.listsHeading")}</h2>
      <p>{t("docs.lists", { sizes })}</p>
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`calls-${group.tag.replace(/\W/g, "-")}`}>
          <h2 id={`calls-${group.tag.replace(/\W/g, "-")}`}>{t(`tags.${group.tag}`)}</h2>
          <table className="usa-table usa-table--borderless usa-table--stacked">
            <thead>
              <tr>
                <th scope="col">{t("docs.call")}</th>
                <th scope="col">{t("docs.who")}</th>
                <th scope="col">{t("docs.what")}</th>
              </tr>
            </thead>
            <tbody>
              {group.calls.map((call) => (
                <tr key={call.id}>
                  <th scope="row" data-label={t("docs.call")}>
                    <code>
                      {call.method} {call.path}
                    </code>
                  </th>
                  <td data-label={t("docs.who")}>{t(call.access)}</td>
                  <td data-label={t("docs.what")}>{t(`operations.${call.id}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </PublicShell>
  );
}
