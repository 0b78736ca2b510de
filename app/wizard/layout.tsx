import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { getChildName } from "~/models/child.server";
import { progressFacts } from "~/models/referral-progress.server";
import { draftOrReview, wizardIds } from "~/wizard/step.server";
import { sectionBadges } from "~/wizard/badges";
import { StepIndicator } from "~/wizard/StepIndicator";
import { StepPlaceContext, stepPlace } from "~/wizard/StepHeading";
import { backHref, stepOfPath, wizardBase } from "~/wizard/steps";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

/** The wizard's frame: whose referral it is, and the sections with their badges (R48, R49). */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const db = context.db;
  const referral = await draftOrReview(db, actor, ids);
  return json({
    ids,
    childName: await getChildName(db, actor, referral.child_id),
    badges: sectionBadges(await progressFacts(db, referral)),
  });
});

export default function Wizard() {
  const { ids, childName, badges } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  const { pathname } = useLocation();
  const below = pathname.slice(wizardBase(ids).length + 1);
  const current = stepOfPath(below);
  const place = current ? stepPlace(current) : null;
  return (
    <div className="wizard">
      <div className="wizard__top">
        <Link to={backHref(ids, below)} className="wizard__back">
          <span aria-hidden="true">‹ </span>
          {t("back")}
        </Link>
        <p className="wizard__child">{t("referralFor", { name: childName })}</p>
      </div>
      {place ? <StepIndicator ids={ids} place={place} badges={badges} /> : null}
      <StepPlaceContext.Provider value={place}>
        <Outlet />
      </StepPlaceContext.Provider>
    </div>
  );
}
