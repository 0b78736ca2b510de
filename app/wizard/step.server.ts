import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type * as z from "zod/mini";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { submitForm } from "~/components/ui/page.server";
import { ForbiddenError, InputError } from "~/models/errors";
import { getDraftForEdit } from "~/models/referral.server";
import { saveAnswers } from "~/models/referral-answers.server";
import type { ReferralAnswers } from "~/schemas/answers.server";
import type { CurrentUser } from "~/models/user.server";
import { redirectWithToast } from "~/services/toast.server";
import { idParam } from "~/utils/route.server";
import { nextStep, reviewHref, stepHref, type StepKey, type WizardIds } from "~/wizard/steps";

// Around every step's fields: who may edit (a Draft's creator; 404 others, 403 administrators), then save and go on.

export function wizardIds(params: Params): WizardIds {
  return { child: idParam(params.child), referral: idParam(params.referral), user: idParam(params.user) };
}

/** The Draft a page shows; one the reader may see but not edit opens in the review (R45); else 404. */
export async function draftOrReview(db: AppLoadContext["db"], actor: CurrentUser, ids: WizardIds) {
  try {
    return await getDraftForEdit(db, actor, ids);
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect(reviewHref(ids));
    throw error;
  }
}

/** A write to a Draft's step: the signed-in person and the referral's ids, once the Draft is theirs to change. */
export async function draftToWrite(db: AppLoadContext["db"], request: Request, params: Params) {
  const actor = await requireUser(request, db);
  const ids = wizardIds(params);
  await getDraftForEdit(db, actor, ids);
  return { actor, ids };
}

export async function loadStep(db: AppLoadContext["db"], request: Request, params: Params, step: StepKey) {
  const actor = await requireUser(request, db);
  const ids = wizardIds(params);
  const referral = await draftOrReview(db, actor, ids);
  const { title } = await getPageTranslation(request, ["wizard", "common"]);
  return { actor, ids, referral, language: await getLanguage(request), title: title(`wizard:steps.${step}.title`) };
}

/**
 * A step's action: parse, save, then next step or stay. A refusal shows the form as typed, model messages on the
 * form's fields (`fields` maps an answer to a field of another name).
 */
export async function stepAction<Schema extends z.ZodMiniType>({
  db,
  request,
  params,
  step,
  schema,
  answers,
  fields = {},
  save,
}: {
  db: AppLoadContext["db"];
  request: Request;
  params: Params;
  step: StepKey;
  schema: Schema;
  answers: (value: z.output<Schema>) => ReferralAnswers;
  fields?: Record<string, string>;
  /** A custom save; `askAgain`: more to ask now (R150's follow-ups), so the step shows again whichever button. */
  save?: (actor: CurrentUser, ids: WizardIds, answers: ReferralAnswers) => Promise<{ askAgain: boolean }>;
}) {
  const { actor, ids } = await draftToWrite(db, request, params);
  const formData = await request.formData();
  return submitForm(request, formData, schema, async (value) => {
    let askAgain = false;
    try {
      if (save) ({ askAgain } = await save(actor, ids, answers(value)));
      else await saveAnswers(db, actor, ids, answers(value));
    } catch (error) {
      // The models name the answers; the form shows each message on the field that asks it.
      if (!(error instanceof InputError)) throw error;
      const fieldErrors: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(error.fieldErrors))
        (fieldErrors[fields[name] ?? name] ??= []).push(...messages);
      throw new InputError(fieldErrors);
    }
    if (askAgain) {
      // The same step, still on its way back to the review when it came from there.
      const again = `${stepHref(ids, step)}${backToReview(request) ? "?return=review" : ""}`;
      return redirectWithToast(again, { kind: "info", key: "toasts.askedNext" });
    }
    return redirectWithToast(afterSave(request, ids, step, formData.get("intent") === "continue"), {
      key: "toasts.referralUpdated",
    });
  });
}

/**
 * Opened from the review (?return=review, R148): save returns there. Only the word is read, never an address, so the
 * way back is always this referral's review.
 */
export function backToReview(request: Request): boolean {
  return new URL(request.url).searchParams.get("return") === "review";
}

/** After a save: the review if opened from it, else the next step ("Save and continue") or the same one. */
export function afterSave(request: Request, ids: WizardIds, step: StepKey, advance: boolean): string {
  if (backToReview(request)) return reviewHref(ids);
  return stepHref(ids, advance ? (nextStep(step) ?? step) : step);
}
