import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { getChild } from "~/models/child.server";
import { badgeFacts } from "~/models/referral.server";
import { sectionBadges } from "~/wizard/badges";
import { draftOrReview, wizardIds } from "~/wizard/step.server";
import { firstStepOf, SECTIONS, stepHref, wizardBase, WIZARD_STEPS } from "~/wizard/steps";

export const handle = { i18n: ["common", "wizard"] };

/** The wizard's frame: whose referral it is, and the sections with their badges (SPEC §4). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const ids = wizardIds(params);
  const db = getDb();
  const referral = await draftOrReview(db, actor, ids);
  const child = await getChild(db, actor, referral.child_id);
  return json({
    ids,
    childName: [child.firstName, child.middleName, child.lastName].filter(Boolean).join(" "),
    badges: sectionBadges(await badgeFacts(db, referral)),
  });
}

export default function Wizard() {
  const { ids, childName, badges } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  const { pathname } = useLocation();
  // The section of the screen shown: its first path segment (the guardian screens are in the family section).
  const segment = pathname.slice(wizardBase(ids).length + 1).split("/")[0];
  const current = WIZARD_STEPS.find((step) => step.path.split("/")[0] === segment)?.section;
  return (
    <div className="wizard">
      <p className="wizard__child">
        {t("referralFor", { name: childName })} · <Link to={`/app/children/details/${ids.child}`}>{t("backToChild")}</Link>
      </p>
      <nav aria-label={t("sectionsLabel")} className="usa-step-indicator usa-step-indicator--no-counters wizard__sections">
        <ol className="usa-step-indicator__segments">
          {SECTIONS.map((section) => {
            const state = section === current ? "current" : badges[section] === "REVIEW" ? "complete" : null;
            return (
              <li key={section} className={`usa-step-indicator__segment${state ? ` usa-step-indicator__segment--${state}` : ""}`}>
                <span className="usa-step-indicator__segment-label">
                  <Link to={stepHref(ids, firstStepOf(section))} aria-current={section === current ? "step" : undefined}>
                    {t(`sections.${section}`)}
                  </Link>{" "}
                  <span className={`usa-tag wizard__badge wizard__badge--${badges[section].toLowerCase()}`}>{t(`badges.${badges[section]}`)}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      <Outlet />
    </div>
  );
}
