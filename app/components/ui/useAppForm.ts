import { useForm, type DefaultValue, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import type { $ZodType } from "zod/v4/core";
import { useTranslation } from "~/i18n/react";
import { isRefusal } from "~/utils/refusal";
import { useErrorInTitle } from "../title";
import type { ErrorSummaryProps, SummaryItem } from "./ErrorSummary";

// Every form of the application is set up here: Conform with the form's zod schema (app/schemas/*.ts, the one
// its action parses with), checked as a person leaves a field and again as they correct it, and the fields'
// labels said once, for the fields and for the error summary alike.

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
   * The label of every field the form shows, in the order the form shows them: the error summary
   * lists the fields' errors in this order, with these labels. A name may be a question no control
   * carries (a date asked as three lists), whose error the schema gives under that name.
   */
  labels: Record<Name, string>;
  defaultValue?: DefaultValue<FormValues>;
  /** The action's answer to this form: by default the route's action data (a page with two forms picks its own). */
  lastResult?: SubmissionResult<string[]> | null;
  /** When errors are first shown: as a field is left, unless a page says otherwise (the sign-in pages wait for the submit). */
  shouldValidate?: When;
  /** When errors already shown are checked again: as one types, unless a page says otherwise. */
  shouldRevalidate?: When;
  /** With JavaScript, instead of (or before) the plain post; call `event.preventDefault()` to send it another way. */
  onSubmit?: Parameters<typeof useForm<FormValues>>[0]["onSubmit"];
}

/**
 * Conform's `useForm` with the application's defaults. Returns Conform's `form` and `fields`; `field(name)`,
 * the props of a field component (`<TextField {...field("firstName")} />`: its metadata and its label); and
 * `summary`, the props of the `ErrorSummary` (the errors of the labelled fields, the form's own errors, and
 * the answer that gives it the focus again), so no field shows without its place in the summary.
 */
export function useAppForm<Name extends string>(options: AppFormOptions<Name>) {
  const { t } = useTranslation();
  const actionData = useActionData() as SubmissionResult<string[]> | undefined;
  const lastResult = "lastResult" in options ? options.lastResult : actionData;
  // The route's action refused a form (with JavaScript; without it the root's loader says so): the title says "Error: ",
  // even when no field is at fault (a save that failed on our side, said in the page's own alert). Not while the form
  // is sent again: the mark goes with an effect, after the page the answer leads to has rendered (its new flash message).
  const idle = useNavigation().state === "idle";
  useErrorInTitle(isRefusal(actionData) && idle);
  const [form, fields] = useForm<FormValues>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }) as Submission<FormValues, string[]>,
    onSubmit: options.onSubmit,
  });
  const metaOf = (name: Name) => (fields as unknown as Record<string, FieldMetadata<any, any, any>>)[name];
  const field: FieldOf<Name> = (name) => ({ meta: metaOf(name), label: options.labels[name] });
  const items: SummaryItem[] = [];
  for (const name of Object.keys(options.labels) as Name[]) {
    const meta = metaOf(name);
    for (const error of (meta.errors ?? []) as string[]) items.push({ id: meta.id, label: options.labels[name], message: t(error, { ns: "common" }) });
  }
  const summary: ErrorSummaryProps = { items, formErrors: form.errors ?? [], focusKey: lastResult, formId: options.id };
  return { form, fields, field, summary };
}
