import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireReferrer } from "~/auth/auth.server";
import { SelectField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { MemorableDateField } from "~/components/ui/MemorableDateField";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { getChild } from "~/models/child.server";
import { getLookupOptions } from "~/models/lookup.server";
import { childBeingEdited, referralNext } from "~/components/children/child-edit.server";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { preVerifySchema } from "~/schemas/child";
import { birthYears } from "~/utils/child-age";
import { MARYLAND } from "~/utils/lookup-codes";
import { easternCalendarDate } from "~/utils/dates";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "children"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireReferrer(request, context.db);
  const db = context.db;
  // Coming back from the name step keeps what was chosen there; a new child lives in Maryland.
  const { child, birthdate, stateOfResidence: chosenState } = await childBeingEdited(db, request, actor);
  const stateOfResidence = chosenState || MARYLAND;
  const language = await getLanguage(request);
  const [year, month, day] = birthdate ? birthdate.split("-").map(Number) : [];
  return json({
    title: await pageTitle(request, "children:preverify.title"),
    childId: child?.id ?? null,
    referring: !child && referralNext(new URL(request.url).searchParams),
    defaults: {
      id: child ? String(child.id) : "",
      birthYear: year ? String(year) : "",
      birthMonth: month ? String(month) : "",
      birthDay: day ? String(day) : "",
      stateOfResidence,
    },
    years: birthYears(easternCalendarDate()).map((value) => ({ value: String(value), label: String(value) })),
    months: await getLookupOptions(db, "Months", language),
    states: await getLookupOptions(db, "States", language),
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireReferrer(request, context.db);
  const formData = await request.formData();
  return submitForm(
    request,
    formData,
    preVerifySchema(easternCalendarDate()),
    async ({ id, birthdate, stateOfResidence }) => {
      if (id !== null) await getChild(context.db, actor, id);
      const next = new URLSearchParams({ birthdate, stateOfResidence });
      if (id !== null) next.set("id", String(id));
      else if (referralNext(formData)) next.set("next", "referral");
      return redirect(`/app/children/edit/name?${next}`);
    },
  );
});

export default function PreVerify() {
  const { defaults, years, months, states, childId, referring } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["children", "common"]);
  // The date has no control of its own: one message on "birthdate", shown on the group and once in the summary.
  const { form, fields, field, summary } = useAppForm({
    id: "preverify",
    schema: preVerifySchema(easternCalendarDate()),
    defaultValue: defaults,
    labels: { birthdate: t("preverify.birthdate"), stateOfResidence: t("preverify.state") },
  });

  return (
    <div className="child-page">
      <h1>{t("preverify.title")}</h1>
      <p>{t("preverify.intro")}</p>
      {referring ? <p>{t("refer.intro")}</p> : null}
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <input type="hidden" name="id" value={defaults.id} />
        {referring ? <input type="hidden" name="next" value="referral" /> : null}
        <MemorableDateField
          {...field("birthdate")}
          hint={t("preverify.birthdateHint")}
          month={fields.birthMonth}
          day={fields.birthDay}
          year={fields.birthYear}
          months={months}
          years={years}
          large
        />
        <SelectField {...field("stateOfResidence")} hint={t("preverify.stateHint")} options={states} />
        <div className="form-actions">
          <StatusButton className="usa-button">{t("preverify.continue")}</StatusButton>
          <Link to={childId ? `/app/children/details/${childId}` : referring ? "/app/dashboard" : "/app/children"}>
            {t("common:form.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
