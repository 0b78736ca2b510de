import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { programContact } from "~/components/about/program-contact.server";
import { ProgramContact } from "~/components/about/ProgramContact";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { getSubmitConfirmation } from "~/models/referral-review.server";
import { wizardIds } from "~/wizard/step.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { reviewHref } from "~/wizard/steps";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals", "about"] };

// The confirmation page. A Draft has not been sent: back to its review.
export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const confirmation = await getSubmitConfirmation(context.db, actor, ids);
  if (!confirmation) return redirect(reviewHref(ids));
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["referrals", "common"]);
  return json({
    title: title("referrals:submitted.title"),
    ids,
    confirmation: { ...confirmation, submittedAt: formatDateTimeEastern(confirmation.submittedAt, language) },
    contact: programContact(),
  });
});

export default function ReferralSubmitted() {
  const { ids, confirmation, contact } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["referrals", "common"]);
  return (
    <div className="confirmation">
      <div className="confirmation__panel">
        <h1>{t("submitted.title")}</h1>
        <p className="confirmation__number">
          {t("submitted.numberLabel")}
          <br />
          <strong>{confirmation.id}</strong>
        </p>
      </div>
      <p>{t("submitted.sentAt", { when: confirmation.submittedAt, name: confirmation.childName })}</p>
      <p>{t("submitted.emailSent", { email: confirmation.email })}</p>
      <h2>{t("submitted.nextHeading")}</h2>
      <ol className="usa-list">
        <li>{t("submitted.next1")}</li>
        <li>{t("submitted.next2")}</li>
        <li>{t("submitted.next3")}</li>
      </ol>
      <h2>{t("submitted.contactHeading")}</h2>
      <p>{t("submitted.contactIntro")}</p>
      <ProgramContact {...contact} />
      <ul className="usa-list usa-list--unstyled confirmation__links">
        <li>
          <Link to={reviewHref(ids)}>{t("submitted.seeReferral")}</Link>
        </li>
        <li>
          <Link to="/app/updates">{t("submitted.updates")}</Link>
        </li>
        <li>
          <Link to="/app/children/edit/preverify" className="usa-button">
            {t("submitted.referAnother")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
