import { parseWithZod } from "@conform-to/zod/v4";
import { createHash } from "node:crypto";
import { z } from "zod";
import { fromPublicLanguage, toPublicLanguage } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18next.server";
import { resources } from "~/i18n/resources.server";
import { forgotPassword, submitNewPassword, submitSecurityAnswers } from "~/models/account-flows.server";
import { inspectResetToken } from "~/models/account-token.server";
import { sendPasswordReset } from "~/models/admin-users.server";
import { getLookupLabel, getLookups, LOOKUP_TYPES } from "~/models/lookup.server";
import { getMiscellaneousValue } from "~/models/miscellaneous.server";
import { getReferralForReviewLink } from "~/models/referral-review.server";
import { findUserIdByEmail } from "~/models/user.server";
import {
  checkReportForm,
  makeReport,
  readReportBody,
  streamReport,
  type ReportKind,
} from "~/components/reports/reports.server";
import { ForgotPasswordSchema, ResetPasswordSchema, SecurityAnswersSchema } from "~/schemas/account.server";
import { REPORT_STATUS_KEYS } from "~/schemas/report";
import { readBody } from "~/utils/body.server";
import { ApiError } from "./errors.server";
import { operation } from "./handler.server";
import { iri } from "./shapes.server";

// The calls of R100 that are not records: reference data (lookups, miscellaneous values, the
// translation dictionaries), the review link, the password flows, and the reports.

/** An administrator's reset link for an account, by its id or its address: one not sent (R103) is a conflict. */
async function sendResetOrConflict(...args: Parameters<typeof sendPasswordReset>) {
  const outcome = await sendPasswordReset(...args);
  if (!outcome.sent) throw new ApiError("conflict");
  return outcome;
}

/** A public answer the browser may keep, revalidated by its ETag (304 when unchanged). */
function cacheable(request: Request, body: unknown, maxAgeSeconds = 300): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  const headers = { ETag: etag, "Cache-Control": `public, max-age=${maxAgeSeconds}`, Vary: "Accept-Encoding" };
  const asked = request.headers.get("If-None-Match");
  if (asked && asked.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}

/** The fields of a conform submission that failed, as the error format's fields. */
function submissionFields(error: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  );
}

const lookupType = z.enum(LOOKUP_TYPES, { error: "validation.unknownChoice" });

export const referenceOperations = {
  lookups: operation({
    operationId: "listLookups",
    method: "GET",
    path: "/api/lookups",
    tag: "Reference data",
    access: "public",
    query: z.object({ type: lookupType.optional() }).strict(),
    async run({ request, db, query }) {
      const types = query.type ? [query.type] : LOOKUP_TYPES;
      const data = (await Promise.all(types.map((type) => getLookups(db, type)))).flat().map((row) => ({
        "@id": iri("lookups", row.id),
        id: row.id,
        type: row.type,
        code: row.code,
        description: row.description,
        descriptionES: row.description_es,
        listOrder: row.list_order,
      }));
      return cacheable(request, { data, total: data.length });
    },
  }),
  miscellaneous: operation({
    operationId: "getMiscellaneous",
    method: "GET",
    path: "/api/miscellaneouses",
    tag: "Reference data",
    access: "public",
    query: z
      .object({
        name: z
          // Left out: the API's key; of another type, zod's own message (api:fields.wrongType), as before.
          .string({ error: (issue) => (issue.input === undefined ? "api:fields.required" : undefined) })
          .min(1, "api:fields.required")
          .max(100),
      })
      .strict(),
    async run({ request, db, query }) {
      const value = await getMiscellaneousValue(db, query.name);
      if (value === null) throw new ApiError("not_found");
      return cacheable(request, { name: query.name, value }, 60);
    },
  }),
  dictionary: operation({
    operationId: "getDictionary",
    method: "GET",
    path: "/translation/dictionary.{key}.json",
    tag: "Reference data",
    access: "public",
    async run({ request }) {
      const key = /^\/translation\/dictionary\.([^/]+)\.json$/.exec(new URL(request.url).pathname)?.[1] ?? "";
      const language = fromPublicLanguage(key);
      if (!language || toPublicLanguage(language) !== key) throw new ApiError("dictionary_not_found");
      return cacheable(request, resources[language], 3600);
    },
  }),
  review: operation({
    operationId: "getReviewedReferral",
    method: "GET",
    path: "/api/authentication_tokens/review",
    tag: "Review links",
    access: "public",
    query: z.object({ token: z.string().max(200).optional() }).strict(),
    async run({ db, query, language }) {
      const review = await getReferralForReviewLink(db, query.token, language);
      if (!review) throw new ApiError("invalid_review_token");
      // The page's own rows and links, not the review's answers: the API answers those once, in `answers`.
      const { reviewed: _rows, missingAt: _links, ...answered } = review;
      return answered;
    },
  }),
};

export const accountOperations = {
  forgot: operation({
    operationId: "forgotPassword",
    method: "POST",
    path: "/forgot",
    tag: "Passwords",
    access: "public",
    bodyDoc: z.object({ email: z.email() }),
    async run({ request, db, clientIp }) {
      const submission = parseWithZod(await readBody(request), { schema: ForgotPasswordSchema });
      if (submission.status !== "success")
        throw new ApiError("invalid_input", { fields: submissionFields(submission.error) });
      const outcome = await forgotPassword(db, submission.value, clientIp);
      if (outcome.status === "rateLimited")
        throw new ApiError("rate_limited", { headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } });
      return { success: true };
    },
  }),
  questions: operation({
    operationId: "getSecurityQuestions",
    method: "GET",
    path: "/security_questions",
    tag: "Passwords",
    access: "public",
    query: z.object({ token: z.string().max(200).optional() }).strict(),
    async run({ db, query, language }) {
      const state = await inspectResetToken(db, query.token ?? "");
      return {
        securityQuestion1: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion1, language),
        securityQuestion2: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion2, language),
        attemptsLeft: state.attemptsLeft,
        validToken: state.validToken,
      };
    },
  }),
  answers: operation({
    operationId: "answerSecurityQuestions",
    method: "POST",
    path: "/security_questions",
    tag: "Passwords",
    access: "public",
    bodyDoc: z.object({ securityAnswer1: z.string(), securityAnswer2: z.string() }),
    async run({ request, db, clientIp }) {
      const body = await readBody(request);
      body.set("token", new URL(request.url).searchParams.get("token") ?? String(body.get("token") ?? ""));
      const submission = parseWithZod(body, { schema: SecurityAnswersSchema });
      if (submission.status !== "success")
        throw new ApiError("invalid_input", { fields: submissionFields(submission.error) });
      const result = await submitSecurityAnswers(db, submission.value, clientIp);
      if (result.status === "rateLimited")
        throw new ApiError("rate_limited", { headers: { "Retry-After": String(result.limit.retryAfterSeconds) } });
      if (result.status === "ok") return { success: true };
      const attemptsLeft = result.status === "wrong" ? result.attemptsLeft : 0;
      throw new ApiError(attemptsLeft > 0 ? "wrong_answers" : "too_many_attempts", { extra: { attemptsLeft } });
    },
  }),
  reset: operation({
    operationId: "resetPassword",
    method: "POST",
    path: "/reset",
    tag: "Passwords",
    access: "public",
    bodyDoc: z.object({ plainPassword: z.string().min(12) }),
    async run(context) {
      const { request, db, clientIp } = context;
      const username = new URL(request.url).searchParams.get("username");
      if (username !== null) {
        // Administrators only, asked before the address is looked up, so nobody else learns who has an account.
        const actor = context.actor;
        if (!actor.isAdmin) throw new ApiError("forbidden");
        const userId = await findUserIdByEmail(db, username);
        if (userId === null) throw new ApiError("not_found");
        return sendResetOrConflict(db, actor, userId);
      }
      const body = await readBody(request);
      body.set("token", new URL(request.url).searchParams.get("token") ?? String(body.get("token") ?? ""));
      const submission = parseWithZod(body, { schema: ResetPasswordSchema });
      if (submission.status !== "success")
        throw new ApiError("invalid_input", { fields: submissionFields(submission.error) });
      const result = await submitNewPassword(db, submission.value, clientIp);
      if (result.status === "rateLimited")
        throw new ApiError("rate_limited", { headers: { "Retry-After": String(result.limit.retryAfterSeconds) } });
      if (result.status === "reset") return { success: true };
      throw new ApiError(result.status === "unanswered" ? "questions_not_answered" : "invalid_token");
    },
  }),
  adminReset: operation({
    operationId: "sendPasswordReset",
    method: "POST",
    path: "/api/users/{id}/reset_password",
    tag: "Users",
    access: "admin",
    async run({ db, actor, id }) {
      return sendResetOrConflict(db, actor, id);
    },
  }),
};

function reportOperation(kind: ReportKind) {
  const referral = kind === "referral";
  return operation({
    operationId: referral ? "generateReferralReport" : "generateUserReport",
    method: "POST",
    path: referral ? "/generate-report" : "/generate-user-report",
    tag: "Reports",
    // The referral report for the program (administrators, staff: R137); the user report for administrators.
    access: referral ? "program" : "admin",
    bodyDoc: referral
      ? z.object({
          statuses: z.array(z.enum(REPORT_STATUS_KEYS as [string, ...string[]])).optional(),
          format: z.enum(["csv", "xlsx"]).optional(),
          filename: z.string().max(80).optional(),
          created_after: z.iso.date().optional(),
          created_before: z.iso.date().optional(),
          county: z.string().optional(),
        })
      : z.object({
          format: z.enum(["csv", "xlsx"]).optional(),
          filename: z.string().max(80).optional(),
          primary_language: z.enum(["en", "sp"]).optional(),
          last_login_after: z.iso.date().optional(),
          last_login_before: z.iso.date().optional(),
        }),
    async run({ request, db, actor }) {
      const submission = checkReportForm(kind, await readReportBody(request), await getLanguage(request));
      if (submission.status !== "success")
        throw new ApiError("invalid_input", { fields: submissionFields(submission.error) });
      if ((request.headers.get("Accept") ?? "").includes("application/x-ndjson"))
        return streamReport(db, request, actor, kind, submission.value);
      const { fileName, rows } = await makeReport(db, request, actor, kind, submission.value);
      return { filename: fileName, rows };
    },
  });
}

export const reportOperations = { referral: reportOperation("referral"), user: reportOperation("user") };
