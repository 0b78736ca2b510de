import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import * as z from "zod/mini";
import { requireUser } from "~/auth/auth.server";
import { refused, submitForm } from "~/components/ui/page.server";
import type { CurrentUser } from "~/models/user.server";
import type { WizardIds } from "~/utils/wizard-paths";
import { AdminReferralPanel, SameChildNotice, StatusPanel } from "~/components/referrals/AdminReferralPanel";
import { useFocusConfirmationAfter, useFocusSummaryAfterDialog } from "~/components/ui/focus";
import { ReferralReview } from "~/components/referrals/ReferralReview";
import { ConfirmPage } from "~/components/ui/ConfirmAction";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { ChildTooOldError } from "~/models/child.server";
import { adminReviewPanel, createReviewLink, revokeReviewLink } from "~/models/referral-admin.server";
import { recordStatusChange } from "~/models/referral-status.server";
import { decideNotSameChild } from "~/models/same-child.server";
import {
  copyReferral,
  deleteReferral,
  IncompleteReferralError,
  readableReferral,
  submitReferral,
  type ReferralCopy,
  type SubmitOutcome,
} from "~/models/referral-lifecycle.server";
import { getReferralForReview } from "~/models/referral-review.server";
import { wizardIds } from "~/wizard/step.server";
import { NoProgramError } from "~/models/local-program.server";
import { referralProgramPanel, transferReferral } from "~/models/referral-program.server";
import { ProgramTransfer, useProgramRows } from "~/components/referrals/ProgramPanel";
import { TransferSchema } from "~/schemas/local-program";
import { ReviewLinkSchema, StatusChangeSchema } from "~/schemas/admin";
import { redirectWithToast } from "~/services/toast.server";
import { reviewHref, stepHref, submittedHref } from "~/wizard/steps";
import { ForbiddenError, NotFoundError } from "~/models/errors";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals", "wizard", "admin"] };

// The referral review (R68, R73), outside the wizard's frame: administrators and a submitted referral's creator open it
// too, read-only.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const language = await getLanguage(request);
  const review = await getReferralForReview(context.db, actor, ids, language);
  const { title, t } = await getPageTranslation(request, ["referrals", "common", "admin"]);
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const admin = await adminReviewPanel(context.db, actor, review.id, language, t);
  const program = await referralProgramPanel(context.db, actor, review.id, language);
  const revoking =
    confirm === "revoke"
      ? (admin?.links.find((link) => String(link.id) === url.searchParams.get("link") && !link.revoked_at) ?? null)
      : null;
  const asked =
    confirm === "submit" && review.can.submit && !review.missing.length
      ? ("submit" as const)
      : confirm === "delete" && review.can.delete
        ? ("delete" as const)
        : revoking
          ? ("revoke" as const)
          : null;
  // A confirmation page's title is its question (R175).
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
});

/** Each form sends its `intent`; the answer names it (`form`), so each form reads only its own. */
type Intent = "copy" | "delete" | "submit" | "status" | "transfer" | "createLink" | "notSameChild" | "revokeLink";
interface Act {
  request: Request;
  db: ActionFunctionArgs["context"]["db"];
  actor: CurrentUser;
  ids: WizardIds;
  form: FormData;
}

const NoFields = z.object({});
const OtherReferral = z.object({ other: z.coerce.number().check(z.int(), z.positive()) });
const ReviewLinkId = z.object({ link: z.coerce.number().check(z.int(), z.positive()) });

const answerOf = (form: Intent) => ({ data: { form } });

async function copy({ request, db, actor, ids, form }: Act) {
  return submitForm(request, form, NoFields, async () => {
    let copied: ReferralCopy;
    try {
      copied = await copyReferral(db, actor, ids.referral);
    } catch (error) {
      if (error instanceof ChildTooOldError)
        return redirectWithToast(reviewHref(ids), { kind: "error", key: "validation.ageOf" });
      throw error;
    }
    return redirectWithToast(stepHref({ child: copied.childId, referral: copied.id, user: actor.id }, "relationship"), {
      key: "toasts.referralCreated",
    });
  });
}

async function remove({ request, db, actor, ids, form }: Act) {
  return submitForm(request, form, NoFields, async () => {
    await deleteReferral(db, actor, ids.referral);
    return redirectWithToast("/app/referrals/drafts", { key: "toasts.referralDeleted" });
  });
}

/** A refused submit's form error is the reason's code, said in the review's error summary. */
async function submit({ request, db, actor, ids, form }: Act) {
  return submitForm(
    request,
    form,
    NoFields,
    async (_, submission) => {
      const refuse = (failure: SubmitFailure, status = 400) =>
        refused(submission, { status, formErrors: [failure], ...answerOf("submit") });
      let outcome: SubmitOutcome;
      try {
        outcome = await submitReferral(db, actor, ids.referral);
      } catch (error) {
        if (error instanceof NotFoundError || error instanceof ForbiddenError) throw error;
        if (error instanceof IncompleteReferralError) return refuse("incomplete");
        if (error instanceof ChildTooOldError) return refuse("tooOld");
        if (error instanceof NoProgramError) return refuse("noProgram");
        logFor(request).error({ err: error }, "submitting a referral failed");
        return refuse("submitFailed", 500);
      }
      // Sent already (another tab, a second tap).
      if (!outcome.submitted)
        return redirectWithToast(submittedHref(ids), { kind: "info", key: "toasts.alreadySubmitted" });
      return redirect(submittedHref(ids));
    },
    answerOf("submit"),
  );
}

async function changeStatus({ request, db, actor, ids, form }: Act) {
  return submitForm(
    request,
    form,
    StatusChangeSchema,
    async (value) => {
      await recordStatusChange(db, actor, ids.referral, value);
      return redirectWithToast(reviewHref(ids), { key: "toasts.statusChanged" });
    },
    answerOf("status"),
  );
}

async function transfer({ request, db, actor, ids, form }: Act) {
  return submitForm(
    request,
    form,
    TransferSchema,
    async (value) => {
      await transferReferral(db, actor, ids.referral, { toProgramId: value.toProgram, reason: value.reason });
      return redirectWithToast(reviewHref(ids), { key: "toasts.referralTransferred" });
    },
    answerOf("transfer"),
  );
}

async function createLink({ request, db, actor, ids, form }: Act) {
  return submitForm(
    request,
    form,
    ReviewLinkSchema,
    async (value, submission) => {
      const link = await createReviewLink(db, actor, ids.referral, value);
      const url = new URL("/app/referral/review/external", getConfig().appUrl + "/");
      url.searchParams.set("token", link.token);
      // Shown once, on this answer; only its hash is kept.
      return json({
        ...submission.reply({ resetForm: true }),
        form: "createLink" as const,
        createdLink: { url: url.toString(), expiresAt: link.expiresAt },
      });
    },
    answerOf("createLink"),
  );
}

async function notSameChild({ request, db, actor, ids, form }: Act) {
  return submitForm(request, form, OtherReferral, async ({ other }) => {
    await decideNotSameChild(db, actor, ids.referral, other);
    return redirectWithToast(reviewHref(ids), { key: "toasts.notSameChild", values: { id: String(other) } });
  });
}

async function revokeLink({ request, db, actor, ids, form }: Act) {
  return submitForm(request, form, ReviewLinkId, async ({ link }) => {
    await revokeReviewLink(db, actor, ids.referral, link);
    return redirectWithToast(reviewHref(ids), { key: "toasts.reviewLinkRevoked" });
  });
}

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  // A stranger gets 404 whatever the form says.
  await readableReferral(context.db, actor, ids);
  const form = await request.formData();
  const act: Act = { request, db: context.db, actor, ids, form };
  switch (form.get("intent") as Intent | null) {
    case "copy":
      return copy(act);
    case "delete":
      return remove(act);
    case "submit":
      return submit(act);
    case "status":
      return changeStatus(act);
    case "transfer":
      return transfer(act);
    case "createLink":
      return createLink(act);
    case "notSameChild":
      return notSameChild(act);
    case "revokeLink":
      return revokeLink(act);
    default:
      return redirectWithToast(reviewHref(ids), { kind: "info", key: "toasts.referralUpdated" });
  }
});

type SubmitFailure = "incomplete" | "tooOld" | "noProgram" | "submitFailed";
type ReviewAnswer = SubmissionResult<string[]> & { form: Intent; createdLink?: { url: string; expiresAt: string } };

export default function ReviewPage() {
  const { review, admin, program, confirm, revoking } = useLoaderData<typeof loader>();
  const programRows = useProgramRows(program);
  const answer = useActionData<typeof action>() as ReviewAnswer | undefined;
  const answerTo = (form: Intent) => (answer?.form === form ? answer : undefined);
  const { t } = useTranslation(["referrals", "common", "admin"]);
  const back = reviewHref(review.ids);
  // With JavaScript, focus goes to the confirmation at the top (R156).
  useFocusConfirmationAfter("status");
  // A refused submit shows the review again; with JavaScript the dialog closes, the error summary taking focus (R167).
  const failure = (answerTo("submit")?.error?.[""]?.[0] ?? null) as SubmitFailure | null;
  const refused = failure !== null;
  useFocusSummaryAfterDialog(refused ? answer : null);
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
        // A refused submit shows the review at its own address and title (R175).
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
  return (
    <>
      <ReferralReview
        review={review}
        failure={failure}
        notice={admin?.sameChild.length ? <SameChildNotice referrals={admin.sameChild} /> : null}
        lead={admin ? <StatusPanel data={admin} statusResult={answerTo("status")} /> : null}
        programRows={programRows}
      />
      {program ? <ProgramTransfer panel={program} transferResult={answerTo("transfer")} /> : null}
      {admin ? (
        <AdminReferralPanel
          data={admin}
          linkResult={answerTo("createLink")}
          createdLink={answerTo("createLink")?.createdLink}
        />
      ) : null}
    </>
  );
}
