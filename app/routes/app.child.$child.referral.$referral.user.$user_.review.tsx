import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/auth.server";
import { ReferralReview } from "~/components/referrals/ReferralReview";
import { ConfirmPage } from "~/components/ui/ConfirmAction";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { copyReferral, deleteReferral, getReferralForReview, IncompleteReferralError, submitReferral, submitter } from "~/models/referral-lifecycle.server";
import { appLink, sendReferralSubmittedEmail } from "~/services/emails.server";
import { redirectWithToast } from "~/services/toast.server";
import { orHttpError } from "~/utils/route.server";
import { wizardIds } from "~/wizard/step.server";
import { reviewHref, stepHref } from "~/wizard/steps";

export const handle = { i18n: ["common", "referrals", "wizard"] };

// The referral review (SPEC §2 step 17 and the review screen): outside the wizard's frame, since
// administrators and the creator of a submitted referral open it too (read-only).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const ids = wizardIds(params);
  const language = await getLanguage(request);
  const review = await orHttpError(getReferralForReview(getDb(), actor, ids, language));
  const { title } = await getPageTranslation(request, ["referrals", "common"]);
  const confirm = new URL(request.url).searchParams.get("confirm");
  return json({
    title: title("referrals:review.title", { name: review.child.name }),
    review,
    confirm: confirm === "submit" && review.can.submit && !review.missing.length ? "submit" : confirm === "delete" && review.can.delete ? "delete" : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const ids = wizardIds(params);
  const db = getDb();
  // Whose it is comes first: a stranger gets 404 whatever the form says.
  await orHttpError(getReferralForReview(db, actor, ids, "en"));
  const intent = (await request.formData()).get("intent");
  if (intent === "copy") {
    const copy = await orHttpError(copyReferral(db, actor, ids.referral));
    return redirectWithToast(stepHref({ child: copy.childId, referral: copy.id, user: actor.id }, "relationship"), { key: "toasts.referralCreated" });
  }
  if (intent === "delete") {
    await orHttpError(deleteReferral(db, actor, ids.referral));
    return redirectWithToast("/app/referrals/drafts", { key: "toasts.referralDeleted" });
  }
  if (intent === "submit") {
    let outcome: { submitted: boolean };
    try {
      outcome = await orHttpError(submitReferral(db, actor, ids.referral));
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof IncompleteReferralError) return json({ failure: "incomplete" as const }, { status: 400 });
      console.error("submitting a referral failed", error);
      return json({ failure: "submitFailed" as const }, { status: 500 });
    }
    if (!outcome.submitted) return redirectWithToast("/app/referrals/submitted", { kind: "info", key: "toasts.alreadySubmitted" });
    await confirmByMail(ids);
    return redirectWithToast("/app/referrals/submitted", { key: "toasts.referralSubmitted" });
  }
  return redirectWithToast(reviewHref(ids), { kind: "info", key: "toasts.referralUpdated" });
}

/** The referrer's confirmation e-mail; the referral is submitted whether or not the mail goes. */
async function confirmByMail(ids: { child: number; referral: number; user: number }) {
  try {
    const to = await submitter(getDb(), ids.referral);
    await sendReferralSubmittedEmail(to, {
      childName: `${to.child_first_name} ${to.child_last_name}`,
      submittedAt: to.submission_date ?? new Date().toISOString(),
      link: appLink(reviewHref(ids), {}, to.primary_language),
    });
  } catch (error) {
    console.error("the submission e-mail was not sent", error);
  }
}

export default function ReviewPage() {
  const { review, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["referrals", "common"]);
  const back = reviewHref(review.ids);
  if (confirm === "submit") {
    return (
      <ConfirmPage
        title={t("review.submitTitle")}
        body={<p>{t("review.submitBody")}</p>}
        confirmLabel={t("review.submitConfirm")}
        cancelLabel={t("review.submitCancel")}
        intent="submit"
        cancelTo={back}
      />
    );
  }
  if (confirm === "delete") {
    return (
      <ConfirmPage
        title={t("review.deleteTitle")}
        body={<p>{t("review.deleteBody")}</p>}
        confirmLabel={t("review.deleteConfirm")}
        cancelLabel={t("review.deleteCancel")}
        intent="delete"
        cancelTo={back}
      />
    );
  }
  return <ReferralReview review={review} failure={actionData && "failure" in actionData ? actionData.failure : null} />;
}
