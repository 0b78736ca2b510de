import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { requireReferrer } from "~/auth/auth.server";
import { ErrorSummary, SelectField, summarize } from "~/components/ui/form";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { getChild } from "~/models/child.server";
import { getLookupOptions } from "~/models/lookup.server";
import { childBeingEdited, referralNext } from "~/routes-shared/child-edit.server";
import { preVerifySchema } from "~/schemas/child";
import { birthYears, daysInMonth, MARYLAND } from "~/utils/child-age";
import { easternCalendarDate } from "~/utils/dates";
import { orHttpError } from "~/utils/route.server";

export const handle = { i18n: ["common", "children"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireReferrer(request);
  const db = context.db;
  // Coming back from the name step keeps what was chosen there; a new child lives in Maryland.
  const { child, birthdate, stateOfResidence: chosenState } = await childBeingEdited(db, request, actor);
  const stateOfResidence = chosenState || MARYLAND;
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["children", "common"]);
  const [year, month, day] = birthdate ? birthdate.split("-").map(Number) : [];
  return json({
    title: title("children:preverify.title"),
    childId: child?.id ?? null,
    referring: !child && referralNext(new URL(request.url).searchParams),
    defaults: {
      id: child ? String(child.id) : "",
      birthYear: year ? String(year) : "",
      birthMonth: month ? String(month) : "",
      birthDay: day ? String(day) : "",
      stateOfResidence,
    },
    years: birthYears(easternCalendarDate()),
    months: await getLookupOptions(db, "Months", language),
    states: await getLookupOptions(db, "States", language),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireReferrer(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: preVerifySchema(easternCalendarDate()) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { id, birthdate, stateOfResidence } = submission.value;
  if (id !== null) await orHttpError(getChild(context.db, actor, id));
  const next = new URLSearchParams({ birthdate, stateOfResidence });
  if (id !== null) next.set("id", String(id));
  else if (referralNext(formData)) next.set("next", "referral");
  return redirect(`/app/children/edit/name?${next}`);
}

export default function PreVerify() {
  const { defaults, years, months, states, childId, referring } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["children", "common"]);
  const [form, fields] = useForm({
    id: "preverify",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preVerifySchema(easternCalendarDate()) }),
  });
  const initial = (value: unknown) => (typeof value === "string" ? value : "");
  const [year, setYear] = useState(initial(fields.birthYear.initialValue));
  const [month, setMonth] = useState(initial(fields.birthMonth.initialValue));
  // Without JavaScript the day list offers 1–31 and the server refuses a day the month lacks;
  // with it, the list follows the month and year chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const dayCount = hydrated && month ? daysInMonth(Number(year) || 2024, Number(month)) : 31;
  const days = Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

  // The date has no control of its own (the three lists make it): the schema gives one message
  // for the whole question, on "birthdate", shown on the group and once in the summary.
  const birthdate = (fields as unknown as Record<"birthdate", typeof fields.birthDay>).birthdate;
  const dateErrors = birthdate.errors ?? [];
  const summary = summarize(t, [
    [birthdate, t("preverify.birthdate")],
    [fields.stateOfResidence, t("preverify.state")],
  ]);

  return (
    <div className="child-page">
      <h1>{t("preverify.title")}</h1>
      <p>{t("preverify.intro")}</p>
      {referring ? <p>{t("refer.intro")}</p> : null}
      <ErrorSummary items={summary} formErrors={form.errors} focusKey={lastResult} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <input type="hidden" name="id" value={defaults.id} />
        {referring ? <input type="hidden" name="next" value="referral" /> : null}
        <fieldset
          className={`usa-fieldset usa-form-group${dateErrors.length ? " usa-form-group--error" : ""}`}
          id={birthdate.id}
          tabIndex={-1}
          aria-describedby={`${birthdate.id}-hint${dateErrors.length ? ` ${birthdate.errorId}` : ""}`}
        >
          <legend className="usa-legend usa-legend--large">{t("preverify.birthdate")}</legend>
          <span className="usa-hint" id={`${birthdate.id}-hint`}>
            {t("preverify.birthdateHint")}
          </span>
          {dateErrors.length ? (
            <span className="usa-error-message" id={birthdate.errorId} role="alert">
              {dateErrors.map((error) => t(error, { ns: "common" })).join(" ")}
            </span>
          ) : null}
          <div className="date-selects">
            <SelectField meta={fields.birthMonth} label={t("preverify.month")} options={months} onChange={(event) => setMonth(event.currentTarget.value)} autoComplete="off" />
            <SelectField meta={fields.birthDay} label={t("preverify.day")} options={days} autoComplete="off" />
            <SelectField
              meta={fields.birthYear}
              label={t("preverify.year")}
              options={years.map((value) => ({ value: String(value), label: String(value) }))}
              onChange={(event) => setYear(event.currentTarget.value)}
              autoComplete="off"
            />
          </div>
        </fieldset>
        <SelectField meta={fields.stateOfResidence} label={t("preverify.state")} hint={t("preverify.stateHint")} options={states} />
        <div className="form-actions">
          <button type="submit" className="usa-button">
            {t("preverify.continue")}
          </button>
          <Link to={childId ? `/app/children/details/${childId}` : referring ? "/app/dashboard" : "/app/children"}>{t("common:form.cancel")}</Link>
        </div>
      </Form>
    </div>
  );
}
