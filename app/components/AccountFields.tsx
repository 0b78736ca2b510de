import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PhoneField } from "./PhoneField";
import { SelectField, TextField, type Option } from "./ui/form";

// The parts of the account form that registration and My profile share.

type Meta = FieldMetadata<any, any, any>;

/** Each fieldset's fields in page order, for the forms' error summaries. */
export const NAME_FIELDS = ["prefix", "firstName", "middleName", "lastName", "suffix", "reference"] as const;
export const QUESTION_FIELDS = ["securityQuestion1", "securityAnswer1", "securityQuestion2", "securityAnswer2"] as const;
export const PHONE_FIELDS = ["homePhoneNumber", "workPhoneNumber", "mobilePhoneNumber"] as const;

export function NameFieldset({
  fields,
  options,
}: {
  fields: { prefix: Meta; firstName: Meta; middleName: Meta; lastName: Meta; suffix: Meta; reference: Meta };
  options: { prefixes: Option[]; suffixes: Option[]; references: Option[] };
}) {
  const { t } = useTranslation("auth");
  return (
    <fieldset className="usa-fieldset">
      <legend className="usa-legend usa-legend--large">{t("register.sections.name")}</legend>
      <SelectField meta={fields.prefix} label={t("register.prefix")} options={options.prefixes} optional autoComplete="honorific-prefix" />
      <TextField meta={fields.firstName} label={t("register.firstName")} autoComplete="given-name" />
      <TextField meta={fields.middleName} label={t("register.middleName")} optional autoComplete="additional-name" />
      <TextField meta={fields.lastName} label={t("register.lastName")} autoComplete="family-name" />
      <SelectField meta={fields.suffix} label={t("register.suffix")} options={options.suffixes} optional autoComplete="honorific-suffix" />
      <SelectField meta={fields.reference} label={t("register.reference")} options={options.references} />
    </fieldset>
  );
}

/**
 * The two security questions (docs/product-rules.md R6): each list leaves out the other's choice, and choosing a
 * question clears its answer (`clearAnswer` empties the named field).
 */
export function SecurityQuestionsFieldset({
  fields,
  questions,
  hint,
  answersOptional,
  clearAnswer,
}: {
  fields: { securityQuestion1: Meta; securityAnswer1: Meta; securityQuestion2: Meta; securityAnswer2: Meta };
  questions: Option[];
  hint: string;
  answersOptional?: boolean;
  clearAnswer: (name: string) => void;
}) {
  const { t } = useTranslation("auth");
  const initial = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : "");
  const [question1, setQuestion1] = useState(() => initial(fields.securityQuestion1));
  const [question2, setQuestion2] = useState(() => initial(fields.securityQuestion2));
  return (
    <fieldset className="usa-fieldset">
      <legend className="usa-legend usa-legend--large">{t("register.sections.security")}</legend>
      <p className="usa-hint">{hint}</p>
      <SelectField
        meta={fields.securityQuestion1}
        label={t("register.securityQuestion1")}
        options={questions.filter((option) => option.value !== question2)}
        onChange={(event) => {
          setQuestion1(event.currentTarget.value);
          clearAnswer(fields.securityAnswer1.name);
        }}
      />
      <TextField meta={fields.securityAnswer1} label={t("register.securityAnswer1")} optional={answersOptional} autoComplete="off" />
      <SelectField
        meta={fields.securityQuestion2}
        label={t("register.securityQuestion2")}
        options={questions.filter((option) => option.value !== question1)}
        onChange={(event) => {
          setQuestion2(event.currentTarget.value);
          clearAnswer(fields.securityAnswer2.name);
        }}
      />
      <TextField meta={fields.securityAnswer2} label={t("register.securityAnswer2")} optional={answersOptional} autoComplete="off" />
    </fieldset>
  );
}

/** The three phone numbers; the legend says whose they are (the person's own unless given). */
export function PhonesFieldset({ fields, legend }: { fields: { homePhoneNumber: Meta; workPhoneNumber: Meta; mobilePhoneNumber: Meta }; legend?: string }) {
  const { t } = useTranslation("auth");
  return (
    <fieldset className="usa-fieldset">
      <legend className="usa-legend usa-legend--large">{legend ?? t("register.sections.contact")}</legend>
      <p className="usa-hint">{t("register.phonesHint")}</p>
      <PhoneField meta={fields.homePhoneNumber} label={t("register.homePhone")} />
      <PhoneField meta={fields.workPhoneNumber} label={t("register.workPhone")} />
      <PhoneField meta={fields.mobilePhoneNumber} label={t("register.mobilePhone")} />
    </fieldset>
  );
}

/** The labels of the shared fields, for the error summary. */
export function accountFieldLabels(t: (key: string) => string) {
  return {
    prefix: t("auth:register.prefix"),
    firstName: t("auth:register.firstName"),
    middleName: t("auth:register.middleName"),
    lastName: t("auth:register.lastName"),
    suffix: t("auth:register.suffix"),
    reference: t("auth:register.reference"),
    email: t("auth:register.email"),
    primaryLanguage: t("auth:register.primaryLanguage"),
    securityQuestion1: t("auth:register.securityQuestion1"),
    securityAnswer1: t("auth:register.securityAnswer1"),
    securityQuestion2: t("auth:register.securityQuestion2"),
    securityAnswer2: t("auth:register.securityAnswer2"),
    homePhoneNumber: t("auth:register.homePhone"),
    workPhoneNumber: t("auth:register.workPhone"),
    mobilePhoneNumber: t("auth:register.mobilePhone"),
  };
}
