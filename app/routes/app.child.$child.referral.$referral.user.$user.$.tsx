import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadStep } from "~/wizard/step.server";
import { stepHref, WIZARD_STEPS, type StepKey } from "~/wizard/steps";

export const handle = { i18n: ["common", "wizard"] };

/**
 * A step of the wizard whose screen is still being built: it says so and what comes next, so that
 * "Save and continue" never ends on a missing page. Anything else under the wizard is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = WIZARD_STEPS.find((candidate) => candidate.path === params["*"]);
  if (!step) throw json({ message: "Not found" }, { status: 404 });
  const { ids, title } = await loadStep(request, params, step.key);
  const index = WIZARD_STEPS.indexOf(step);
  const next = WIZARD_STEPS[index + 1]?.key ?? null;
  return json({ title, step: step.key as StepKey, ids, next });
}

export default function StepComing() {
  const { step, ids, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  return (
    <div className="wizard-step usa-prose">
      <h1>{t(`steps.${step}.title`)}</h1>
      <p>{t(step === "review" ? "coming.review" : "coming.body")}</p>
      {next ? (
        <p>
          <Link to={stepHref(ids, next)} className="usa-button">
            {t("coming.next", { step: t(`steps.${next}.title`) })}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={`/app/children/details/${ids.child}`}>{t("backToChild")}</Link>
      </p>
    </div>
  );
}
