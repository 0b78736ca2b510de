import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { Alert } from "~/components/ui/Alert";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { listProgramsToKeep } from "~/models/local-program.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };

export const meta = pageMeta;

/** The 24 programs (R136); those without an intake address or staff first, since their referrals reach nobody. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const programs = await listProgramsToKeep(context.db, actor, await getLanguage(request));
  const { title } = await getPageTranslation(request, ["admin", "common"]);
  return json({
    title: title("admin:programs.title"),
    programs,
    noIntake: programs.filter((program) => !program.intakeEmail).map((program) => program.name),
    noStaff: programs.filter((program) => program.staff === 0).map((program) => program.name),
  });
});

export default function LocalPrograms() {
  const { programs, noIntake, noStaff } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "common"]);
  return (
    <div className="list-page">
      <h1>{t("programs.title")}</h1>
      <p>{t("programs.intro")}</p>
      {noIntake.length ? (
        <Alert kind="warning" heading={t("programs.noIntakeHeading", { count: noIntake.length })} role="region">
          <p>{t("programs.noIntakeBody")}</p>
          <p>{noIntake.join(", ")}</p>
        </Alert>
      ) : null}
      {noStaff.length ? (
        <Alert kind="info" heading={t("programs.noStaffHeading", { count: noStaff.length })} role="region">
          <p>{t("programs.noStaffBody")}</p>
        </Alert>
      ) : null}
      <table className="usa-table usa-table--borderless usa-table--stacked">
        <caption className="usa-sr-only">{t("programs.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("programs.name")}</th>
            <th scope="col">{t("programs.intakeEmail")}</th>
            <th scope="col">{t("programs.phone")}</th>
            <th scope="col">{t("programs.domains")}</th>
            <th scope="col">{t("programs.staffCount")}</th>
          </tr>
        </thead>
        <tbody>
          {programs.map((program) => (
            <tr key={program.id}>
              <th scope="row" data-label={t("programs.name")}>
                <Link to={`/app/local-programs/${program.id}`}>{program.name}</Link>
              </th>
              <td data-label={t("programs.intakeEmail")}>
                {program.intakeEmail ?? <strong>{t("programs.missing")}</strong>}
              </td>
              <td data-label={t("programs.phone")}>{program.phone ?? t("programs.missing")}</td>
              <td data-label={t("programs.domains")}>
                {program.approvedDomains.length ? program.approvedDomains.join(", ") : t("programs.missing")}
              </td>
              <td data-label={t("programs.staffCount")}>{program.staff}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
