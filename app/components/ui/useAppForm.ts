import {
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import type { $ZodType } from "zod/v4/core";
import { useTranslation } from "~/i18n/react";
import { isRefusal } from "~/utils/refusal";
import { useErrorInTitle } from "../title";
import type { ErrorSummaryProps, SummaryItem } from "./ErrorSummary";

// Every form's Conform setup: the action's own zod schema (app/schemas), checked on blur and on correction, labels
// given once for fields and error summary.

type When = "onSubmit" | "onBlur" | "onInput";

export interface FieldProps {
  meta: FieldMetadata<any, any, any>;
  label: string;
}

/** A form's fields by name, each with its label; shared fieldsets take it for the names they show. */
export type FieldOf<Name extends string> = (name: Name) => FieldProps;

type FormValues = Record<string, any>;

export interface AppFormOptions<Name extends string> {
  /** The form's id, which also prefixes its fields' ids. */
  id: string;
  schema: $ZodType;
  /**
   * Every shown field's label, in display order: the error summary follows it. A name may be a question with no
   * control of its own (a date as three lists).
   */
  labels: Record<Name, string>;
  defaultValue?: DefaultValue<FormValues>;
  /** The action's answer to this form: by default the route's action data (a page with two forms picks its own). */
  lastResult?: SubmissionResult<string[]> | null;
  /** When errors first show: on blur, unless a page says otherwise (sign-in pages wait for the submit). */
  shouldValidate?: When;
  /** When errors already shown are checked again: as one types, unless a page says otherwise. */
  shouldRevalidate?: When;
  /** With JavaScript, instead of (or before) the plain post; call `event.preventDefault()` to send it another way. */
  onSubmit?: Parameters<typeof useForm<FormValues>>[0]["onSubmit"];
}

/** Conform's `useForm` with our defaults, plus `field(name)` and `summary` props, so no field lacks a summary entry. */
export function useAppForm<Name extends string>(options: AppFormOptions<Name>) {
  const { t } = useTranslation();
  const actionData = useActionData() as SubmissionResult<string[]> | undefined;
  const lastResult = "lastResult" in options ? options.lastResult : actionData;
  // A refused post (with JavaScript) marks the title "Error: ", even with no field at fault. Set in an effect, so
  // not while re-sending: only after the answer's page (with its new flash) has rendered.
  const idle = useNavigation().state === "idle";
  useErrorInTitle(isRefusal(actionData) && idle);
  const [form, fields] = useForm<FormValues>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: options.schema }) as Submission<FormValues, string[]>,
    onSubmit: options.onSubmit,
  });
  const metaOf = (name: Name) => (fields as unknown as Record<string, FieldMetadata<any, any, any>>)[name];
  const field: FieldOf<Name> = (name) => ({ meta: metaOf(name), label: options.labels[name] });
  const items: SummaryItem[] = [];
  for (const name of Object.keys(options.labels) as Name[]) {
    const meta = metaOf(name);
    for (const error of (meta.errors ?? []) as string[])
      items.push({ id: meta.id, label: options.labels[name], message: t(error, { ns: "common" }) });
  }
  const summary: ErrorSummaryProps = { items, formErrors: form.errors ?? [], focusKey: lastResult, formId: options.id };
  return { form, fields, field, summary };
}
