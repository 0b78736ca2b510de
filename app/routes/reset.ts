import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { getDb } from "~/db.server";
import { resetPassword } from "~/models/account-token.server";
import { ResetPasswordSchema } from "~/schemas/account";
import { hitRateLimit } from "~/services/rate-limit.server";
import { readBody } from "~/utils/body.server";

// POST /reset?token= (SPEC §7): { plainPassword }, once the security questions were answered.
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const body = await readBody(request);
  body.set("token", new URL(request.url).searchParams.get("token") ?? String(body.get("token") ?? ""));
  const submission = parseWithZod(body, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return json({ code: "invalid_input", errors: submission.error }, { status: 400 });
  const limit = await hitRateLimit(db, "resetPassword", context.clientIp ?? "unknown");
  if (!limit.allowed) {
    return json({ code: "rate_limited" }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const result = await resetPassword(db, submission.value.token, submission.value.plainPassword);
  if (result === "reset") return json({ success: true });
  return json({ code: result === "unanswered" ? "questions_not_answered" : "invalid_token" }, { status: 400 });
}
