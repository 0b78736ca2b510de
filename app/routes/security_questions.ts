import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { submitSecurityAnswers } from "~/models/account-flows.server";
import { inspectResetToken } from "~/models/account-token.server";
import { getLookupLabel } from "~/models/lookup.server";
import { SecurityAnswersSchema } from "~/schemas/account";
import { readBody } from "~/utils/body.server";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

// GET /security_questions?token= (SPEC §7): the two questions, attemptsLeft and validToken.
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const state = await inspectResetToken(db, new URL(request.url).searchParams.get("token") ?? "");
  const language = await getLanguage(request);
  return json(
    {
      securityQuestion1: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion1, language),
      securityQuestion2: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion2, language),
      attemptsLeft: state.attemptsLeft,
      validToken: state.validToken,
    },
    { headers: noStore },
  );
}

// POST /security_questions?token=: { securityAnswer1, securityAnswer2 }; a wrong pair answers attemptsLeft.
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const body = await readBody(request);
  body.set("token", new URL(request.url).searchParams.get("token") ?? String(body.get("token") ?? ""));
  const submission = parseWithZod(body, { schema: SecurityAnswersSchema });
  if (submission.status !== "success") return json({ code: "invalid_input", errors: submission.error }, { status: 400, headers: noStore });
  const result = await submitSecurityAnswers(db, submission.value, context.clientIp);
  if (result.status === "rateLimited") {
    return json({ code: "rate_limited" }, { status: 429, headers: { ...noStore, "Retry-After": String(result.limit.retryAfterSeconds) } });
  }
  if (result.status === "ok") return json({ success: true }, { headers: noStore });
  const attemptsLeft = result.status === "wrong" ? result.attemptsLeft : 0;
  return json({ code: attemptsLeft > 0 ? "wrong_answers" : "too_many_attempts", attemptsLeft }, { status: 400, headers: noStore });
}
