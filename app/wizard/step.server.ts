import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type * as z from "zod/mini";
import { requireUser } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { refusedAsBusy } from "~/components/ui/page.server";
import { ForbiddenError, InputError } from "~/models/errors";
import { isBusyError } from "~/models/errors.server";
import { getDraftForEdit, saveAnswers } from "~/models/referral.server";
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
 * Validates the step's form with its schema and saves the answers read from it. "Save and
 * continue" goes to the next step, "Save" stays; a refusal shows the form again as typed, the
 * models' messages on the form's own fields.
 */
export async function stepAction<Schema extends z.ZodMiniType>({
  db,
  request,
  params,
  step,
  schema,
  answers,
  fields = {},
}: {
  db: AppLoadContext["db"];
  request: Request;
  params: Params;
  step: StepKey;
  schema: Schema;
  answers: (value: z.output<Schema>) => ReferralAnswers;
  fields?: Record<string, string>;
}) {
  const { actor, ids } = await draftToWrite(db, request, params);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await saveAnswers(db, actor, ids, answers(submission.value));
  } catch (error) {
    if (isBusyError(error)) return refusedAsBusy(request, submission);
    if (!(error instanceof InputError)) throw error;
    const fieldErrors: Record<string, string[]> = {};
    for (const [name, messages] of Object.entries(error.fieldErrors)) (fieldErrors[fields[name] ?? name] ??= []).push(...messages);
    return json(submission.reply({ fieldErrors }), { status: 400 });
  }
  return redirectWithToast(afterSave(request, ids, step, formData.get("intent") === "continue"), { key: "toasts.referralUpdated" });
}

/**
 * Where a step goes once saved: back to the review when it was opened from there (its Change
 * links add ?return=review), else the next step with "Save and continue", or the same step.
 */
export function afterSave(request: Request, ids: WizardIds, step: StepKey, advance: boolean): string {
  if (new URL(request.url).searchParams.get("return") === "review") return reviewHref(ids);
  return stepHref(ids, advance ? (nextStep(step) ?? step) : step);
}
