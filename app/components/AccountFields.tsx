import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { PhoneField } from "./PhoneField";
import { SelectField, TextField, type Option } from "./ui/form";
import type { FieldOf } from "./ui/useAppForm";

// Account form parts shared by registration and My profile; labels come from the form (accountFieldLabels).

type Meta = FieldMetadata<any, any, any>;

export function NameFieldset({
  field,
  options,
}: {
  field: FieldOf<"prefix" | "firstName" | "middleName" | "lastName" | "suffix" | "reference">;
  options: { prefixes: Option[]; suffixes: Option[]; references: Option[] };
}) {
  const { t } = useTranslation("auth");
  return (
    <fieldset className="usa-fieldset">
      <legend className="usa-legend usa-legend--large">{t("register.sections.name")}</legend>
      <SelectField {...field("prefix")} options={options.prefixes} optional autoComplete="honorific-prefix" />
      <TextField {...field("firstName")} autoComplete="given-name" />
      <TextField {...field("middleName")} optional autoComplete="additional-name" />
      <TextField {...field("lastName")} autoComplete="family-name" />
      <SelectField {...field("suffix")} options={options.suffixes} optional autoComplete="honorific-suffix" />
      <SelectField {...field("reference")} options={options.references} />
    </fieldset>
  );
}

/** The two security questions (R6): each list omits the other's choice; changing one clears its answer. */
export function SecurityQuestionsFieldset({
  field,
  questions,
  hint,
  answersOptional,
  clearAnswer,
}: {
  field: FieldOf<"securityQuestion1" | "securityAnswer1" | "securityQuestion2" | "securityAnswer2">;
  questions: Option[];
  hint: string;
  answersOptional?: boolean;
  clearAnswer: (name: string) => void;
}) {
  const { t } = useTranslation("auth");
  const initial = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : "");
  const [question1, setQuestion1] = useState(() => initial(field("securityQuestion1").meta));
  const [question2, setQuestion2] = useState(() => initial(field("securityQuestion2").meta));
  return (
    <fieldset className="usa-fieldset">
      <legend className="usa-legend usa-legend--large">{t("register.sections.security")}</legend>
      <p className="usa-hint">{hint}</p>
      <SelectField
        {...field("securityQuestion1")}
        options={questions.filter((option) => option.value !== question2)}
        onChange={(event) => {
          setQuestion1(event.currentTarget.value);
          clearAnswer(field("securityAnswer1").meta.name);
        }}
      />
      <TextField {...field("securityAnswer1")} optional={answersOptional} autoComplete="off" />
      <SelectField
        {...field("securityQuestion2")}
        options={questions.filter((option) => option.value !== question1)}
        onChange={(event) => {
          setQuestion2(event.currentTarget.value);
          clearAnswer(field("securityAnswer2").meta.name);
        }}
      />
      <TextField {...field("securityAnswer2")} optional={answersOptional} autoComplete="off" />
    </fieldset>
  );
}

/**
 * The three phones with one hint (R60). `atLeastOne` (a parent's or guardian's, R147): the message belongs to the
 * group, so it stands under the legend, none is marked optional, and every phone shows the error.
 */
export function PhonesFieldset({
  field,
  legend,
  atLeastOne,
}: {
  field: FieldOf<"homePhoneNumber" | "workPhoneNumber" | "mobilePhoneNumber">;
  legend?: string;
  atLeastOne?: { meta: Meta; hint: string };
}) {
  const { t } = useTranslation(["auth", "common"]);
  const group = atLeastOne?.meta;
  const hintId = group ? `${group.id}-hint` : undefined;
  const invalid = Boolean(group?.errors?.length);
  const describes = invalid ? [group!.errorId] : undefined;
  const phone = (name: "homePhoneNumber" | "workPhoneNumber" | "mobilePhoneNumber") => (
    <PhoneField
      {...field(name)}
      hint={null}
      optional={!group}
      required={false}
      invalid={invalid}
      describes={describes}
    />
  );
  return (
    <fieldset
      className={`usa-fieldset${group ? ` usa-form-group${invalid ? " usa-form-group--error" : ""}` : ""}`}
      id={group?.id}
      tabIndex={group ? -1 : undefined}
      aria-describedby={group ? [hintId, invalid ? group.errorId : null].filter(Boolean).join(" ") : undefined}
    >
      <legend className="usa-legend usa-legend--large">{legend ?? t("register.sections.contact")}</legend>
      <p className="usa-hint" id={hintId}>
        {atLeastOne ? atLeastOne.hint : t("register.phonesHint")}
      </p>
      {invalid ? (
        <span className="usa-error-message" id={group!.errorId}>
          {group!.errors!.map((error: string) => t(error, { ns: "common" })).join(" ")}
        </span>
      ) : null}
      {phone("homePhoneNumber")}
      {phone("workPhoneNumber")}
      {phone("mobilePhoneNumber")}
    </fieldset>
  );
}

/** The labels of a person's name (an account's, a referrer's, a parent's or guardian's), for a form's useAppForm. */
export function personNameLabels(t: (key: string) => string) {
  return {
    prefix: t("auth:register.prefix"),
    firstName: t("auth:register.firstName"),
    middleName: t("auth:register.middleName"),
    lastName: t("auth:register.lastName"),
    suffix: t("auth:register.suffix"),
  };
}

function nameFieldLabels(t: (key: string) => string) {
  return { ...personNameLabels(t), reference: t("auth:register.reference") };
}

function securityFieldLabels(t: (key: string) => string) {
  return {
    securityQuestion1: t("auth:register.securityQuestion1"),
    securityAnswer1: t("auth:register.securityAnswer1"),
    securityQuestion2: t("auth:register.securityQuestion2"),
    securityAnswer2: t("auth:register.securityAnswer2"),
  };
}

export function phoneFieldLabels(t: (key: string) => string) {
  return {
    homePhoneNumber: t("auth:register.homePhone"),
    workPhoneNumber: t("auth:register.workPhone"),
    mobilePhoneNumber: t("auth:register.mobilePhone"),
  };
}

/**
 * Registration's and My profile's labels in display order: the shared fieldsets', with `account` (the account
 * fieldset's own) after the name, and `after` (a page's own fields below them) last.
 */
export function accountFieldLabels<
  Account extends Record<string, string>,
  After extends Record<string, string> = Record<never, string>,
>(t: (key: string) => string, account: Account, after = {} as After) {
  return { ...nameFieldLabels(t), ...account, ...securityFieldLabels(t), ...phoneFieldLabels(t), ...after };
}
