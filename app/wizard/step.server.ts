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

// What every wizard step's loader and action do around the step's own fields: who may edit
// (the creator of a Draft; 404 for anyone else, 403 for administrators), then save and go on.

export function wizardIds(params: Params): WizardIds {
  return { child: idParam(params.child), referral: idParam(params.referral), user: idParam(params.user) };
}

/**
 * The Draft a wizard page shows. A referral the reader may see but not edit (an administrator, or
 * its creator once it is submitted) opens in the review instead (docs/product-rules.md R45); anyone else gets 404.
 */
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
 * A step's action, as every form's (submitForm): the step's schema, then the answers read from it saved. "Save and
 * continue" goes to the next step, "Save" stays; a refusal shows the form again as typed, the models' messages on the
 * form's own fields (`fields` names the field of an answer the form asks under another name).
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
  /**
   * The model's save, when it is not saveAnswers; `askAgain`: the step has more to ask now that this is kept (the
   * relationship's follow-up questions, docs/product-rules.md R150), so it is shown again whichever button was pressed.
   */
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
      for (const [name, messages] of Object.entries(error.fieldErrors)) (fieldErrors[fields[name] ?? name] ??= []).push(...messages);
      throw new InputError(fieldErrors);
    }
    if (askAgain) {
      // The same step, still on its way back to the review when it came from there.
      const again = `${stepHref(ids, step)}${backToReview(request) ? "?return=review" : ""}`;
      return redirectWithToast(again, { kind: "info", key: "toasts.askedNext" });
    }
    return redirectWithToast(afterSave(request, ids, step, formData.get("intent") === "continue"), { key: "toasts.referralUpdated" });
  });
}

/**
 * Whether a page was opened from the review (its Change links and its list of what is missing add ?return=review,
 * which the form's post keeps in its address, with JavaScript or without): its save then goes back to the review
 * (docs/product-rules.md R148). Only the word "review" is read, never an address: the way back is always this
 * referral's own review.
 */
export function backToReview(request: Request): boolean {
  return new URL(request.url).searchParams.get("return") === "review";
}

/**
 * Where a step goes once saved: back to the review when it was opened from there, else the next step with "Save and
 * continue", or the same step.
 */
export function afterSave(request: Request, ids: WizardIds, step: StepKey, advance: boolean): string {
  if (backToReview(request)) return reviewHref(ids);
  return stepHref(ids, advance ? (nextStep(step) ?? step) : step);
}
