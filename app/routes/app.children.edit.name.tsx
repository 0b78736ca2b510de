import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireReferrer } from "~/auth/auth.server";
import { Alert } from "~/components/ui/Alert";
import { SelectField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { createChild, createChildWithReferral, updateChild } from "~/models/child.server";
import { getLookupLabel, getLookupOptions } from "~/models/lookup.server";
import { childBeingEdited, referralNext } from "~/components/children/child-edit.server";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { ChildNameSchema } from "~/schemas/child";
import { redirectWithToast } from "~/services/toast.server";
import { formatCalendarDate } from "~/utils/dates";
import { stepHref } from "~/wizard/steps";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "children"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireReferrer(request, context.db);
  const db = context.db;
  const { child, birthdate, stateOfResidence } = await childBeingEdited(db, request, actor);
  const language = await getLanguage(request);
  // A new child needs the pre-verification's birthdate and state first (R40).
  const missing = !birthdate || !stateOfResidence;
  return json(
    {
      title: await pageTitle(
        request,
        missing ? "children:name.missingTitle" : child ? "children:name.editTitle" : "children:name.addTitle",
      ),
      failed: missing,
      missing,
      child: child && { id: child.id },
      referring: !child && referralNext(new URL(request.url).searchParams),
      defaults: {
        id: child ? String(child.id) : "",
        birthdate,
        stateOfResidence,
        firstName: child?.firstName ?? "",
        middleName: child?.middleName ?? "",
        lastName: child?.lastName ?? "",
        suffix: child?.suffix ?? "",
      },
      birthdateText: birthdate ? formatCalendarDate(birthdate, language) : "",
      stateText: stateOfResidence ? await getLookupLabel(db, "States", stateOfResidence, language) : "",
      suffixes: await getLookupOptions(db, "Suffixes", language),
    },
    { status: missing ? 400 : 200 },
  );
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireReferrer(request, context.db);
  const db = context.db;
  const formData = await request.formData();
  return submitForm(request, formData, ChildNameSchema, async (input) => {
    if (input.id !== null) {
      await updateChild(db, actor, input.id, input);
      return redirectWithToast(`/app/children/details/${input.id}`, { key: "toasts.childUpdated" });
    }
    if (referralNext(formData)) {
      const ids = await createChildWithReferral(db, actor, input);
      return redirectWithToast(stepHref({ ...ids, user: actor.id }, "relationship"), {
        key: "toasts.childAndReferralCreated",
      });
    }
    const { id } = await createChild(db, actor, input);
    return redirectWithToast(`/app/children/details/${id}`, { key: "toasts.childCreated" });
  });
});

export default function ChildName() {
  const { missing } = useLoaderData<typeof loader>();
  return missing ? <MissingInformation /> : <NameForm />;
}

/** Reached without a birthdate and state: say so, and offer the two ways on (R40). */
function MissingInformation() {
  const { t } = useTranslation("children");
  return (
    <div className="child-page">
      <h1>{t("name.missingTitle")}</h1>
      <Alert kind="warning" role="alert" heading={t("name.missingHeading")}>
        <p>{t("name.missingBody")}</p>
        <div className="form-actions">
          <Link to="/app/children/edit/preverify" className="usa-button">
            {t("name.addNew")}
          </Link>
          <Link to="/app/children" className="usa-button usa-button--outline">
            {t("name.toList")}
          </Link>
        </div>
      </Alert>
    </div>
  );
}

function NameForm() {
  const { child, referring, defaults, birthdateText, stateText, suffixes } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["children", "common"]);
  // The birthdate and state are shown as text (changed on the pre-verification), their errors in the summary.
  const { form, fields, field, summary } = useAppForm({
    id: "child-name",
    schema: ChildNameSchema,
    defaultValue: defaults,
    labels: {
      birthdate: t("preverify.birthdate"),
      stateOfResidence: t("preverify.state"),
      firstName: t("name.firstName"),
      middleName: t("name.middleName"),
      lastName: t("name.lastName"),
      suffix: t("name.suffix"),
    },
  });
  const verifyAgain = `/app/children/edit/preverify?${new URLSearchParams({
    ...(child ? { id: String(child.id) } : {}),
    ...(referring ? { next: "referral" } : {}),
    birthdate: defaults.birthdate,
    stateOfResidence: defaults.stateOfResidence,
  })}`;
  return (
    <div className="child-page">
      <h1>{t(child ? "name.editTitle" : "name.addTitle")}</h1>
      <ErrorSummary {...summary} />
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("preverify.birthdate")}</dt>
          <dd id={fields.birthdate.id}>{birthdateText}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("preverify.state")}</dt>
          <dd id={fields.stateOfResidence.id}>{stateText}</dd>
        </div>
      </dl>
      <p>
        <Link to={verifyAgain}>{t("name.changeBirthdate")}</Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <input type="hidden" name="id" value={defaults.id} />
        <input type="hidden" name="birthdate" value={defaults.birthdate} />
        <input type="hidden" name="stateOfResidence" value={defaults.stateOfResidence} />
        {referring ? <input type="hidden" name="next" value="referral" /> : null}
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("name.legend")}</legend>
          <TextField {...field("firstName")} autoComplete="off" />
          <TextField {...field("middleName")} optional autoComplete="off" />
          <TextField {...field("lastName")} autoComplete="off" />
          <SelectField {...field("suffix")} options={suffixes} optional />
        </fieldset>
        <div className="form-actions">
          <StatusButton className="usa-button">
            {t(child ? "name.update" : referring ? "refer.create" : "name.create")}
          </StatusButton>
          <Link to={child ? `/app/children/details/${child.id}` : referring ? "/app/dashboard" : "/app/children"}>
            {t("common:form.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
