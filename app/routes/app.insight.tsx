import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { FigureSection } from "~/components/charts/FigureSection";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { INSIGHT_FIGURES, programFigures } from "~/components/charts/insight.server";
import { easternCalendarDate, formatCalendarDate } from "~/utils/dates";
import { parseInsightQuery } from "~/utils/insight-period";
import { dateFilterParams } from "~/utils/list";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };

// The program's insight for administrators (R127): a period's figures as charts drawn on the
// server, each with its table and CSV file; the period is a GET form, so it works without JavaScript.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const language = await getLanguage(request);
  const today = easternCalendarDate();
  const url = new URL(request.url);
  const { period, split, typed, errors } = parseInsightQuery(url.searchParams, language, today);
  const { t, title } = await getPageTranslation(request, ["admin", "common"]);
  const { insight, figures } = await programFigures(context.db, actor, period, split, today, language, t);
  const query = new URLSearchParams({ from: period.from, to: period.to, by: split });
  const failed = Boolean(errors.from || errors.to);
  return json(
    {
      title: title("admin:insight.title"),
      failed,
      typed,
      errors,
      split,
      period: { from: formatCalendarDate(period.from, language), to: formatCalendarDate(period.to, language) },
      total: insight.total,
      waiting: insight.waiting,
      figures: INSIGHT_FIGURES.map((id) => ({ ...figures[id], csvHref: `/app/insight.csv?${query}&figure=${id}` })),
    },
    { status: failed ? 400 : 200 },
  );
});

export default function InsightPage() {
  const { typed, errors, split, period, total, waiting, figures } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "common"]);
  // The submitted list of those still without a status, longest waiting first.
  const waitingHref = (before: string) =>
    `/app/referrals/submitted?${new URLSearchParams({ status: "Submitted", ...dateFilterParams("submissionDate", { type: "before", from: before }), sort: "submissionDate", order: "asc" })}`;
  const [weekly, firstChange, ...breakdowns] = figures;
  // The families still waiting come first: the work, across all time, before the period's figures (R159).
  return (
    <div className="insight">
      <h1>{t("insight.title")}</h1>
      {errors.from || errors.to ? (
        <div className="usa-alert usa-alert--error" role="alert">
          <div className="usa-alert__body">
            <h2 className="usa-alert__heading">{t("common:validation.summaryHeading")}</h2>
            <ul className="usa-list usa-list--unstyled">
              {(["from", "to"] as const).map((name) =>
                errors[name] ? (
                  <li key={name}>
                    <a href={`#insight-${name}`}>
                      {t(`insight.period.${name}`)}: {t(`insight.${errors[name]}`)}
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
            <p className="usa-alert__text">{t("insight.period.shownDefault")}</p>
          </div>
        </div>
      ) : null}
      <section className="figure" aria-labelledby="insight-waiting">
        <h2 id="insight-waiting">{t("insight.waiting.heading")}</h2>
        <ul className="usa-list insight__waiting">
          {(["over7", "over14"] as const).map((key) => (
            <li key={key} data-waiting={key}>
              <Link to={waitingHref(waiting[key].before)}>
                {t(`insight.waiting.${key}`, { count: waiting[key].count })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p className="usa-intro">{t("insight.summary", { from: period.from, to: period.to, count: total })}</p>
      <Form method="get" className="usa-form insight__period">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">{t("insight.period.legend")}</legend>
          {(["from", "to"] as const).map((name) => (
            <div key={name} className={`usa-form-group${errors[name] ? " usa-form-group--error" : ""}`}>
              <label className="usa-label" htmlFor={`insight-${name}`}>
                {t(`insight.period.${name}`)}
              </label>
              <div className="usa-hint" id={`insight-${name}-hint`}>
                {t("insight.period.hint")}
              </div>
              {errors[name] ? (
                <span className="usa-error-message" id={`insight-${name}-error`}>
                  {t(`insight.${errors[name]}`)}
                </span>
              ) : null}
              <input
                className={`usa-input usa-input--medium${errors[name] ? " usa-input--error" : ""}`}
                id={`insight-${name}`}
                name={name}
                defaultValue={typed[name] || (name === "from" ? period.from : period.to)}
                inputMode="numeric"
                autoComplete="off"
                aria-describedby={`insight-${name}-hint${errors[name] ? ` insight-${name}-error` : ""}`}
                aria-invalid={errors[name] ? true : undefined}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">{t("insight.period.by")}</legend>
          {(["status", "county"] as const).map((value) => (
            <div key={value} className="usa-radio">
              <input
                className="usa-radio__input"
                type="radio"
                id={`insight-by-${value}`}
                name="by"
                value={value}
                defaultChecked={split === value}
              />
              <label className="usa-radio__label" htmlFor={`insight-by-${value}`}>
                {t(`insight.period.${value}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <StatusButton className="usa-button">{t("insight.period.show")}</StatusButton>
      </Form>

      <FigureSection {...weekly} empty={total === 0} emptyText={t("insight.empty")} />
      <FigureSection {...firstChange} empty={total === 0} emptyText={t("insight.empty")} />
      {breakdowns.map((figure) => (
        <FigureSection key={figure.id} {...figure} empty={total === 0} emptyText={t("insight.empty")} />
      ))}
    </div>
  );
}
