import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { AdminReferralPanel, SameChildNotice, StatusPanel } from "~/components/referrals/AdminReferralPanel";
import { useFocusConfirmationAfter, useFocusSummaryAfterDialog } from "~/components/ui/focus";
import { ReferralReview } from "~/components/referrals/ReferralReview";
import { ConfirmPage } from "~/components/ui/ConfirmAction";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { ChildTooOldError } from "~/models/child.server";
import { adminReviewPanel, createReviewLink, recordStatusChange, revokeReviewLink } from "~/models/referral-admin.server";
import { decideNotSameChild } from "~/models/same-child.server";
import {
  copyReferral,
  deleteReferral,
  getReferralForReview,
  IncompleteReferralError,
  readableReferral,
  submitReferral,
} from "~/models/referral-lifecycle.server";
import { wizardIds } from "~/wizard/step.server";
import { NoProgramError } from "~/models/local-program.server";
import { referralProgramPanel, transferReferral } from "~/models/referral-program.server";
import { ProgramTransfer, useProgramRows } from "~/components/referrals/ProgramPanel";
import { TransferSchema } from "~/schemas/local-program";
import { InputError } from "~/models/errors";
import { ReviewLinkSchema, StatusChangeSchema } from "~/schemas/admin";
import { redirectWithToast } from "~/services/toast.server";
import { idParam } from "~/utils/route.server";
import { reviewHref, stepHref, submittedHref } from "~/wizard/steps";
import { ForbiddenError, NotFoundError } from "~/models/errors";
import { logFor } from "~/services/log.server";

export const handle = { i18n: ["common", "referrals", "wizard", "admin"] };

// The referral review (docs/product-rules.md R68, R73): outside the wizard's frame, since
// administrators and the creator of a submitted referral open it too (read-only). Administrators
// also record status changes, make review links and read the record of access here.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const language = await getLanguage(request);
  const review = await getReferralForReview(context.db, actor, ids, language);
  const { title, t } = await getPageTranslation(request, ["referrals", "common", "admin"]);
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const admin = await adminReviewPanel(context.db, actor, review.id, language, t);
  const program = await referralProgramPanel(context.db, actor, review.id, language);
  const revoking = confirm === "revoke" ? (admin?.links.find((link) => String(link.id) === url.searchParams.get("link") && !link.revoked_at) ?? null) : null;
  const asked =
    confirm === "submit" && review.can.submit && !review.missing.length
      ? ("submit" as const)
      : confirm === "delete" && review.can.delete
        ? ("delete" as const)
        : revoking
          ? ("revoke" as const)
          : null;
  // A confirmation page's title is its question (docs/product-rules.md R175).
  const pageTitle =
    asked === "revoke"
      ? title("admin:links.revokeTitle")
      : asked
        ? title(`referrals:review.${asked}Title`)
        : title("referrals:review.pageTitle", { number: String(review.id) });
  return json({
    title: pageTitle,
    review,
    admin,
    program,
    confirm: asked,
    revoking: revoking ? revoking.id : null,
  });
}

/** A submit refused, and why: `status: "error"` puts "Error: " in the title, with or without JavaScript (DocumentTitle). */
function refusedSubmit<Failure extends "incomplete" | "tooOld" | "noProgram" | "submitFailed">(failure: Failure, status = 400) {
  return json({ failure, status: "error" as const }, { status });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const db = context.db;
  // Whose it is comes first: a stranger gets 404 whatever the form says.
  await readableReferral(db, actor, ids);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "copy") {
    let copy: { id: number; childId: number };
    try {
      copy = await copyReferral(db, actor, ids.referral);
    } catch (error) {
      if (error instanceof ChildTooOldError) return redirectWithToast(reviewHref(ids), { kind: "error", key: "validation.ageOf" });
      throw error;
    }
    return redirectWithToast(stepHref({ child: copy.childId, referral: copy.id, user: actor.id }, "relationship"), { key: "toasts.referralCreated" });
  }
  if (intent === "delete") {
    await deleteReferral(db, actor, ids.referral);
    return redirectWithToast("/app/referrals/drafts", { key: "toasts.referralDeleted" });
  }
  if (intent === "submit") {
    let outcome: { submitted: boolean };
    try {
      outcome = await submitReferral(db, actor, ids.referral);
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof ForbiddenError) throw error;
      if (error instanceof IncompleteReferralError) return refusedSubmit("incomplete");
      if (error instanceof ChildTooOldError) return refusedSubmit("tooOld");
      if (error instanceof NoProgramError) return refusedSubmit("noProgram");
      logFor(request).error({ err: error }, "submitting a referral failed");
      return refusedSubmit("submitFailed", 500);
    }
    // Sent already (another tab, a second tap): the same confirmation, saying so.
    if (!outcome.submitted) return redirectWithToast(submittedHref(ids), { kind: "info", key: "toasts.alreadySubmitted" });
    return redirect(submittedHref(ids));
  }
  if (intent === "status") {
    const submission = parseWithZod(form, { schema: StatusChangeSchema });
    if (submission.status !== "success") return json({ statusResult: submission.reply() }, { status: 400 });
    await recordStatusChange(db, actor, ids.referral, submission.value);
    return redirectWithToast(reviewHref(ids), { key: "toasts.statusChanged" });
  }
  if (intent === "transfer") {
    const submission = parseWithZod(form, { schema: TransferSchema });
    if (submission.status !== "success") return json({ transferResult: submission.reply() }, { status: 400 });
    try {
      await transferReferral(db, actor, ids.referral, { toProgramId: submission.value.toProgram, reason: submission.value.reason });
    } catch (error) {
      if (error instanceof InputError) return json({ transferResult: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
      throw error;
    }
    return redirectWithToast(reviewHref(ids), { key: "toasts.referralTransferred" });
  }
  if (intent === "createLink") {
    const submission = parseWithZod(form, { schema: ReviewLinkSchema });
    if (submission.status !== "success") return json({ linkResult: submission.reply() }, { status: 400 });
    const link = await createReviewLink(db, actor, ids.referral, submission.value);
    const url = new URL("/app/referral/review/external", getConfig().appUrl + "/");
    url.searchParams.set("token", link.token);
    // Shown once, on this answer; only its hash is kept.
    return json({ createdLink: { url: url.toString(), expiresAt: link.expiresAt }, linkResult: submission.reply({ resetForm: true }) });
  }
  if (intent === "notSameChild") {
    const other = idParam(String(form.get("other") ?? ""));
    await decideNotSameChild(db, actor, ids.referral, other);
    return redirectWithToast(reviewHref(ids), { key: "toasts.notSameChild", values: { id: String(other) } });
  }
  if (intent === "revokeLink") {
    await revokeReviewLink(db, actor, ids.referral, idParam(String(form.get("link") ?? "")));
    return redirectWithToast(reviewHref(ids), { key: "toasts.reviewLinkRevoked" });
  }
  return redirectWithToast(reviewHref(ids), { kind: "info", key: "toasts.referralUpdated" });
}

export default function ReviewPage() {
  const { review, admin, program, confirm, revoking } = useLoaderData<typeof loader>();
  const programRows = useProgramRows(program);
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["referrals", "common", "admin"]);
  const back = reviewHref(review.ids);
  // A status recorded with JavaScript: the focus goes to the confirmation at the top, where the page now is (docs/product-rules.md R156).
  useFocusConfirmationAfter("status");
  // A submit refused from the confirmation page (without JavaScript) shows the review again, with why; with JavaScript
  // the confirmation dialog closes on it, and its error summary takes the focus (docs/product-rules.md R167).
  const refused = Boolean(actionData && "failure" in actionData);
  useFocusSummaryAfterDialog(refused ? actionData : null);
  if ((confirm === "submit" && !refused) || confirm === "delete") {
    return (
      <ConfirmPage
        title={t(`review.${confirm}Title`)}
        body={<p>{t(`review.${confirm}Body`)}</p>}
        confirmLabel={t(`review.${confirm}Confirm`)}
        cancelLabel={t(`review.${confirm}Cancel`)}
        intent={confirm}
        forward={confirm === "submit"}
        cancelTo={back}
        // A refused submit shows the review again, with why, at its own address (and title: docs/product-rules.md R175).
        action={back}
      />
    );
  }
  if (confirm === "revoke" && revoking) {
    return (
      <ConfirmPage
        title={t("admin:links.revokeTitle")}
        body={<p>{t("admin:links.revokeBody")}</p>}
        confirmLabel={t("admin:links.revokeConfirm")}
        cancelLabel={t("admin:actions.cancel")}
        intent="revokeLink"
        fields={{ link: String(revoking) }}
        cancelTo={back}
      />
    );
  }
  const data: {
    failure?: "submitFailed" | "incomplete" | "tooOld" | "noProgram";
    statusResult?: SubmissionResult<string[]>;
    transferResult?: SubmissionResult<string[]>;
    linkResult?: SubmissionResult<string[]>;
    createdLink?: { url: string; expiresAt: string };
  } = actionData ?? {};
  return (
    <>
      <ReferralReview
        review={review}
        failure={data.failure ?? null}
        notice={admin?.sameChild.length ? <SameChildNotice referrals={admin.sameChild} /> : null}
        lead={admin ? <StatusPanel data={admin} statusResult={data.statusResult} /> : null}
        programRows={programRows}
      />
      {program ? <ProgramTransfer panel={program} transferResult={data.transferResult} /> : null}
      {admin ? <AdminReferralPanel data={admin} linkResult={data.linkResult} createdLink={data.createdLink} /> : null}
    </>
  );
}
