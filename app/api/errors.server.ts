import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import { CaptchaRefusedError } from "~/models/account-flows.server";
import { AddressInUseError } from "~/models/address.server";
import { NotEligibleError } from "~/models/admin-users.server";
import { ChildHasSubmittedReferralError } from "~/models/child.server";
import { FieldsForbiddenError, ForbiddenError, InputError, NotFoundError } from "~/models/errors";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError, isInUseError } from "~/models/errors.server";
import { IncompleteReferralError } from "~/models/referral-lifecycle.server";
import { NoProgramError } from "~/models/local-program.server";
import { FutureDateError } from "~/models/report.server";
import { EmailTakenError } from "~/models/user.server";
import { BadUploadError, FileTooLargeError, UnsupportedFileError, UploadRefusedError } from "~/services/uploads.server";
import { UnknownComparisonError } from "~/utils/list";

// The JSON API's one error format (issue 11):
//   { "error": { "status": 400, "code": "invalid_input", "message": "…", "fields": { "firstName": ["…"] } } }
// `code` is stable for programs; `message` and the field messages are in the caller's language.

export const ERROR_CODES = {
  invalid_input: 400,
  invalid_json: 400,
  invalid_token: 400,
  questions_not_answered: 400,
  wrong_answers: 400,
  too_many_attempts: 400,
  captcha_refused: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  api_key_expired: 401,
  api_key_ended: 401,
  forbidden: 403,
  api_key_read_only: 403,
  not_found: 404,
  invalid_review_token: 404,
  dictionary_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  incomplete: 409,
  email_taken: 409,
  not_eligible: 409,
  has_submitted_referral: 409,
  in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
  busy: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** An answer other than success, thrown anywhere below an API route and written by `errorResponse`. */
export class ApiError extends Error {
  name = "ApiError";
  constructor(
    readonly code: ErrorCode,
    readonly details: {
      fields?: Record<string, string[]>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** A message more precise than the code's own (a key of the api namespace). */
      messageKey?: string;
    } = {},
  ) {
    super(code);
  }
  get status(): number {
    return ERROR_CODES[this.code];
  }
}

const KEY = /^([a-z]+:)?[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;
/** Where the models' and schemas' message keys live, searched in this order. */
const MESSAGE_NAMESPACES = ["common", "api", "wizard", "children", "profile", "auth", "admin", "referrals"];

/** No parsed value was given to look an issue's value up in. */
const NOT_GIVEN = Symbol("not given");

/** The issue's own `input` when reported, else the value at its path. */
function valueOf(issue: z.core.$ZodIssue, input: unknown): { known: boolean; value?: unknown } {
  if ("input" in issue) return { known: true, value: issue.input };
  if (input === NOT_GIVEN) return { known: false };
  let value = input;
  for (const part of issue.path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part))
      return { known: true, value: undefined };
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return { known: true, value };
}
/** Nothing where a value was wanted (no value or null), as zod 3's `received` "undefined" or "null" said. */
function isMissing(issue: z.core.$ZodIssue, input: unknown): boolean {
  const { known, value } = valueOf(issue, input);
  // Without the value, zod's own message names what it received ("…, received undefined").
  if (!known) return /received (undefined|null)$/.test(issue.message);
  return value === undefined || value === null;
}

/** A value of a type none of the choices has (known only when the value is). */
function isOtherType(issue: z.core.$ZodIssueInvalidValue, input: unknown): boolean {
  const { known, value } = valueOf(issue, input);
  return known && !issue.values.some((choice) => typeof choice === typeof value);
}

/** A field message: the schema's own key when it has one, else one by the kind of problem. */
function issueKey(issue: z.core.$ZodIssue, input: unknown): string {
  if (KEY.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return isMissing(issue, input) ? "api:fields.required" : "api:fields.wrongType";
    case "too_big":
      return issue.origin === "array"
        ? "api:fields.tooMany"
        : issue.origin === "string"
          ? "validation.tooLong"
          : "api:fields.tooBig";
    case "too_small":
      return issue.origin === "string" ? "api:fields.required" : "api:fields.tooSmall";
    case "unrecognized_keys":
      return "api:fields.unknown";
    case "invalid_value":
      // zod 4 calls a value of none of the choices' types "not one of them"; the API keeps zod 3's missing/wrong type.
      return isOtherType(issue, input)
        ? isMissing(issue, input)
          ? "api:fields.required"
          : "api:fields.wrongType"
        : "validation.unknownChoice";
    case "invalid_union":
      return "validation.unknownChoice";
    case "invalid_format":
      return "api:fields.badFormat";
    default:
      return "api:fields.invalid";
  }
}

const dotted = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Failing fields by dotted path ("referralReasons.FailedScreenings") as message keys. `input` tells missing from
 * wrong when zod did not report its input (`reportInput`).
 */
export function zodFields(error: z.core.$ZodError, input: unknown = NOT_GIVEN): Record<string, string[]> {
  // Without a prototype: a field named "constructor" is a field like another.
  const fields = Object.create(null) as Record<string, string[]>;
  // Wrong type only: zod 4 also runs length checks on anything with a length (a list sent for a text).
  const wrongType = new Set(
    error.issues.filter((issue) => issue.code === "invalid_type").map((issue) => dotted(issue.path)),
  );
  for (const issue of error.issues) {
    if (issue.code !== "invalid_type" && wrongType.has(dotted(issue.path))) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) (fields[dotted([...issue.path, key])] ??= []).push(issueKey(issue, input));
      continue;
    }
    const name = dotted(issue.path) || "body";
    const key = issueKey(issue, input);
    if (!fields[name]?.includes(key)) (fields[name] ??= []).push(key);
  }
  return fields;
}

/** A thrown error as the API's answer; anything not known here is a 500 that is logged. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof NotFoundError) return new ApiError("not_found");
  if (error instanceof FieldsForbiddenError) return new ApiError("forbidden", { fields: error.fieldErrors });
  if (error instanceof ForbiddenError) return new ApiError("forbidden");
  // Any zod 4 error, of the classic API (ZodError) or of zod/mini and the core (their $ZodError).
  if (error instanceof z.core.$ZodError) return new ApiError("invalid_input", { fields: zodFields(error) });
  if (error instanceof InputError) return new ApiError("invalid_input", { fields: error.fieldErrors });
  if (error instanceof UnknownComparisonError)
    return new ApiError("invalid_input", { fields: { [error.field]: ["api:fields.badFormat"] } });
  if (error instanceof FutureDateError)
    return new ApiError("invalid_input", { fields: { [error.field]: ["validation.dateFuture"] } });
  if (error instanceof IncompleteReferralError)
    return new ApiError("incomplete", { extra: { missing: error.missing } });
  // No local program serves the county of its address: not submitted, as the review page says (R137).
  if (error instanceof NoProgramError)
    return new ApiError("invalid_input", { fields: { address: ["referrals:program.noProgram"] } });
  if (error instanceof EmailTakenError)
    return new ApiError("email_taken", { fields: { email: ["auth:register.emailTaken"] } });
  // The reason in the words the users list shows (R91).
  if (error instanceof NotEligibleError)
    return new ApiError("not_eligible", {
      fields: { roles: [`admin:actions.cannotPromote.${error.problem}`] },
      extra: { reason: error.problem },
    });
  if (error instanceof ChildHasSubmittedReferralError) return new ApiError("has_submitted_referral");
  if (error instanceof CaptchaRefusedError)
    return new ApiError("captcha_refused", { fields: { captchaToken: ["auth:register.captchaRefused"] } });
  if (error instanceof UploadRefusedError) return toApiError(error.reason);
  if (error instanceof FileTooLargeError) return new ApiError("payload_too_large");
  if (error instanceof UnsupportedFileError)
    return new ApiError("invalid_input", {
      fields: { file: [error.reason === "empty" ? "api:fields.emptyFile" : "api:fields.fileType"] },
    });
  if (error instanceof BadUploadError)
    return new ApiError("invalid_input", { fields: { body: ["api:fields.badMultipart"] } });
  if (isInUseError(error) || error instanceof AddressInUseError) return new ApiError("in_use");
  // Nothing was written; the same call may be made again (R135).
  if (isBusyError(error)) return new ApiError("busy", { headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } });
  return new ApiError("server_error");
}

export function errorResponse(error: ApiError, t: TFunction): Response {
  const translate = (key: string) => String(t(key, { ns: MESSAGE_NAMESPACES, defaultValue: t("api:fields.invalid") }));
  const fields = error.details.fields
    ? Object.fromEntries(Object.entries(error.details.fields).map(([name, keys]) => [name, keys.map(translate)]))
    : undefined;
  return json(
    {
      error: {
        status: error.status,
        code: error.code,
        message: t(error.details.messageKey ?? `api:errors.${error.code}`),
        ...(fields ? { fields } : {}),
        ...error.details.extra,
      },
    },
    { status: error.status, headers: { "Cache-Control": "no-store", ...error.details.headers } },
  );
}
