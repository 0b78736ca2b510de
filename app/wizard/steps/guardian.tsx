import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { personNameLabels, phoneFieldLabels, PhonesFieldset } from "~/components/AccountFields";
import { SelectField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getPageTranslation } from "~/i18n/page.server";
import { submitForm } from "~/components/ui/page.server";
import { getLookupOptions } from "~/models/lookup.server";
import { getDraftForEdit, referrerAsGuardian } from "~/models/referral.server";
import { getAdult, saveAdult } from "~/models/referral-adults.server";
import { backToReview, loadStep, wizardIds } from "~/wizard/step.server";
import { GuardianSchema } from "~/schemas/referral";
import { redirectWithToast } from "~/services/toast.server";
import { idParam, route } from "~/utils/route.server";
import { reviewHref, stepHref } from "~/wizard/steps";
import { StepHeading } from "~/wizard/StepHeading";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard", "auth"] };

const adultParam = (value: string | undefined) => (value === "new" ? null : idParam(value));

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids, language } = await loadStep(db, request, params, "guardians");
  const adultId = adultParam(params.adult);
  const adult = adultId === null ? null : await getAdult(db, actor, ids, adultId);
  // The referrer who is of the family, offered from the list (?as=referrer): what they gave is not typed again (R170).
  const offered =
    adultId === null && new URL(request.url).searchParams.get("as") === "referrer"
      ? await referrerAsGuardian(db, actor, ids)
      : null;
  // Its own title, as its heading says, not the list's: each screen is told apart by its title.
  const { title } = await getPageTranslation(request, ["wizard", "common"]);
  return json({
    title: title(adult === null ? "wizard:guardians.addTitle" : "wizard:guardians.editTitle"),
    ids,
    isNew: adult === null,
    defaults: adult ?? offered ?? undefined,
    options: {
      prefixes: await getLookupOptions(db, "Prefixes", language),
      suffixes: await getLookupOptions(db, "Suffixes", language),
      relationships: await getLookupOptions(db, "FamilyRelationships", language),
      contactMethods: await getLookupOptions(db, "ContactMethods", language),
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const adultId = adultParam(params.adult);
  // Whose referral it is comes first: a stranger learns nothing from the form's errors.
  if (adultId === null) await getDraftForEdit(context.db, actor, ids);
  else await getAdult(context.db, actor, ids, adultId);
  return submitForm(request, await request.formData(), GuardianSchema, async (value) => {
    await saveAdult(context.db, actor, ids, adultId, value);
    // Opened from the review (a phone it said was missing, R148): back to it; else to the list.
    const next = backToReview(request) ? reviewHref(ids) : stepHref(ids, "guardians");
    return redirectWithToast(next, { key: adultId === null ? "toasts.guardianAdded" : "toasts.guardianSaved" });
  });
});

export default function GuardianForm() {
  const { ids, isNew, defaults, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "auth", "common"]);
  const fromReview = new URLSearchParams(useLocation().search).get("return") === "review";
  const { form, field, summary } = useAppForm({
    id: "guardian",
    schema: GuardianSchema,
    defaultValue: defaults,
    labels: {
      ...personNameLabels(t),
      childRelationship: t("guardians.relationship"),
      preferredMethodOfContact: t("guardians.contactMethod"),
      bestTimeToContact: t("guardians.bestTime"),
      email: t("guardians.email"),
      ...phoneFieldLabels(t),
      phones: t("guardians.phonesLegend"),
    },
  });
  return (
    <div className="wizard-step">
      <StepHeading>{t(isNew ? "guardians.addTitle" : "guardians.editTitle")}</StepHeading>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("guardians.nameLegend")}</legend>
          <SelectField {...field("prefix")} options={options.prefixes} optional />
          <TextField {...field("firstName")} autoComplete="off" />
          <TextField {...field("middleName")} optional autoComplete="off" />
          <TextField {...field("lastName")} autoComplete="off" />
          <SelectField {...field("suffix")} options={options.suffixes} optional />
          <SelectField {...field("childRelationship")} options={options.relationships} />
        </fieldset>
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("guardians.contactLegend")}</legend>
          <SelectField {...field("preferredMethodOfContact")} options={options.contactMethods} optional />
          <TextField {...field("bestTimeToContact")} hint={t("guardians.bestTimeHint")} optional />
          <TextField {...field("email")} type="email" optional autoComplete="off" spellCheck={false} />
        </fieldset>
        <PhonesFieldset
          field={field}
          legend={t("guardians.phonesLegend")}
          atLeastOne={{ meta: field("phones").meta, hint: t("guardians.phonesHint") }}
        />
        <div className="form-actions">
          <StatusButton className="usa-button">{t(isNew ? "guardians.create" : "guardians.update")}</StatusButton>
          <Link to={fromReview ? reviewHref(ids) : stepHref(ids, "guardians")}>{t("common:form.cancel")}</Link>
        </div>
      </Form>
    </div>
  );
}
