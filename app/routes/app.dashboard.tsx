import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { ReferChildLink } from "~/components/children/ReferChildLink";
import { getPageTranslation } from "~/i18n/page.server";
import { FigureSection } from "~/components/charts/FigureSection";
import { getLanguage } from "~/i18n/i18next.server";
import { dashboardCounts } from "~/models/dashboard.server";
import { referrerTrendFigures } from "~/components/charts/insight.server";
import { easternCalendarDate } from "~/utils/dates";
import { actsForProgram } from "~/models/policy";
import { dateFilterParams } from "~/utils/list";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals", "children"] };

export const meta = pageMeta;

/** Counts; users only for administrators (R33); program staff count their programs' submitted referrals (R137). */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const { t, title } = await getPageTranslation(request, ["referrals", "common"]);
  const counts = await dashboardCounts(context.db, actor);
  // A referrer's own trend (R128), once they have submitted a referral.
  const trend =
    !actsForProgram(actor) && counts.submitted > 0
      ? await referrerTrendFigures(context.db, actor, easternCalendarDate(), await getLanguage(request), t)
      : null;
  return json({
    title: title("referrals:dashboard.title"),
    name: actor.firstName,
    isAdmin: actsForProgram(actor),
    counts,
    trend,
  });
});

export default function Dashboard() {
  const { name, isAdmin, counts, trend } = useLoaderData<typeof loader>();
  const queue = counts.waiting;
  const { t, i18n } = useTranslation(["referrals", "common"]);
  const number = new Intl.NumberFormat(i18n.language === "es" ? "es-US" : "en-US");
  // Staff count only their programs' submitted referrals: they keep no drafts, children or updates (R138).
  const cards: Array<{ key: string; count: number; href: string }> = [
    ...(counts.children !== null ? [{ key: "drafts", count: counts.drafts, href: "/app/referrals/drafts" }] : []),
    { key: "submitted", count: counts.submitted, href: "/app/referrals/submitted" },
    ...(counts.children !== null ? [{ key: "children", count: counts.children, href: "/app/children" }] : []),
    ...(counts.children !== null ? [{ key: "statusUpdates", count: counts.statusUpdates, href: "/app/updates" }] : []),
    ...(counts.users !== null ? [{ key: "users", count: counts.users, href: "/app/users" }] : []),
  ];
  // A new referrer has nothing to count yet: four zeros would only hide the way to begin.
  const showCounts = isAdmin || cards.some((card) => card.count > 0);
  return (
    <div className="dashboard">
      <h1>{t("dashboard.title")}</h1>
      <p className="usa-intro">{t("dashboard.intro", { name })}</p>
      {queue ? <WaitingQueue queue={queue} /> : null}
      {!isAdmin ? (
        <>
          <p>{t("dashboard.about")}</p>
          <p>
            <ReferChildLink />
          </p>
          {counts.children ? (
            <p>
              <Link to="/app/children">{t("dashboard.referAdded")}</Link>
            </p>
          ) : null}
        </>
      ) : null}
      {showCounts ? (
        <ul className="dashboard__counts" aria-label={t("dashboard.countsLabel")}>
          {cards.map((card) => (
            <li key={card.key} className="dashboard__count">
              <Link to={card.href}>
                <span className="dashboard__number">{number.format(card.count)}</span>
                <span className="dashboard__label">{t(`dashboard.${card.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {trend ? (
        <>
          <FigureSection {...trend.months} empty={trend.total === 0} emptyText={t("dashboard.trend.none")} />
          {trend.total > 0 ? (
            <FigureSection
              id="trend-status"
              heading={t("dashboard.trend.statusHeading")}
              chart={null}
              table={trend.statuses}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The submitted list of those waiting for a first status, longest waiting first; `day` narrows it to one day's. */
function waitingHref(day?: string) {
  const params = new URLSearchParams({
    status: "Submitted",
    ...(day ? dateFilterParams("submissionDate", { type: "exactly", from: day }) : {}),
  });
  params.set("sort", "submissionDate");
  params.set("order", "asc");
  return `/app/referrals/submitted?${params}`;
}

/** The program's queue first (R157): how many wait for a first status and the oldest's wait, linking to the list. */
function WaitingQueue({ queue }: { queue: { count: number; oldestDay: string | null; oldestDays: number | null } }) {
  const { t } = useTranslation(["referrals"]);
  return (
    <section className="dashboard__queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t("dashboard.queue.heading")}</h2>
      {queue.count === 0 || queue.oldestDay === null ? (
        <p>{t("dashboard.queue.none")}</p>
      ) : (
        <ul className="usa-list">
          <li>
            <Link to={waitingHref()}>{t("dashboard.queue.count", { count: queue.count })}</Link>
          </li>
          <li>
            <Link to={waitingHref(queue.oldestDay)}>
              {t("dashboard.queue.oldest", { count: queue.oldestDays ?? 0 })}
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}
