import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import type * as z from "zod/mini";
import { getPageTranslation } from "~/i18n/page.server";
import { InputError } from "~/models/errors";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "~/models/errors.server";

// What a page's loader and a form's action do alike on every screen: the page's title, the model
// call turned into HTTP, and the answer to a form that is not accepted.

/**
 * The page's title ("Page | Application") in the request's language, from a locale key that names its
 * namespace ("children:preverify.title"). The loader returns it as `title`; the routes' meta (pageMeta,
 * components/title.tsx) puts "Error: " in front when the loader also returns `failed: true` (a page that shows an
 * error) or the action's answer says `status: "error"` (see `refused`).
 */
export async function pageTitle(request: Request, key: string, values?: Record<string, string>): Promise<string> {
  const namespace = key.includes(":") ? key.slice(0, key.indexOf(":")) : "common";
  const { title } = await getPageTranslation(request, [namespace, "common"]);
  return title(key, values);
}

/** What a refused form's reply carries: the errors, and which typed values not to send back. */
export interface ReplyOptions {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  /** Fields whose typed value is not sent back (passwords, security answers). */
  hideFields?: string[];
}

export interface Refusal<Data extends object> extends ReplyOptions {
  /** The HTTP status: 400 unless said otherwise (429 for a limit, 500 for a failure of ours). */
  status?: number;
  headers?: HeadersInit;
  /** What else the page reads from the answer (an alert's flag, a meter's reading). */
  data?: Data;
}

/**
 * The answer to a form that is not accepted: Conform's reply (the errors, and what was typed, which
 * the form shows again) with `status: "error"`, even when no field is at fault (a save that failed on our
 * side, which the page says in its own alert), so the title says "Error: " with or without JavaScript.
 */
export function refused<Data extends object = Record<never, never>>(
  submission: { reply: (options?: ReplyOptions) => SubmissionResult<string[]> },
  { status = 400, headers, data, ...reply }: Refusal<Data> = {},
) {
  return json({ ...submission.reply(reply), ...(data as Data), status: "error" as const }, { status, headers });
}

/**
 * A form's action from the parse to the answer: `formData` is parsed with `schema` (the one the browser
 * checked with); a valid value goes to `save`, the model call (a record that is missing or not the asker's
 * is the 404 page, one their role may not change the 403 page: app/utils/route.server.ts), and what
 * `save` returns (mostly a redirect) is the answer; `save` also has the submission, to answer with its reply. A form
 * the schema refuses, or whose save the model
 * refuses with InputError (a rule only the stored data can check), is answered by `refused` with
 * `refusal` and the errors; one the database could not save in time, by `refusedAsBusy`.
 */
export async function submitForm<Schema extends z.ZodMiniType, Answer, Data extends object = Record<never, never>>(
  request: Request,
  formData: FormData,
  schema: Schema,
  save: (value: z.output<Schema>, submission: Submission<z.output<Schema>>) => Promise<Answer>,
  refusal: Refusal<Data> = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refused(submission, refusal);
  try {
    return await save(submission.value, submission);
  } catch (error) {
    if (error instanceof InputError)
      return refused(submission, { ...refusal, fieldErrors: { ...refusal.fieldErrors, ...error.fieldErrors } });
    if (isBusyError(error)) return refusedAsBusy(request, submission, refusal);
    throw error;
  }
}

/**
 * The answer to a form whose save the database could not make in time (docs/product-rules.md R135): the form again,
 * everything typed in it kept, its error summary saying that nothing was saved and to try again in a few seconds; a
 * 503 with Retry-After, which the browser's script leaves where it is (R25).
 */
export async function refusedAsBusy<Data extends object>(
  request: Request,
  submission: { reply: (options?: ReplyOptions) => SubmissionResult<string[]> },
  refusal: Refusal<Data> = {},
) {
  const { t } = await getPageTranslation(request, ["common"]);
  const headers = new Headers(refusal.headers);
  headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return refused(submission, { ...refusal, status: 503, headers, formErrors: [t("errors.busy.body")] });
}
