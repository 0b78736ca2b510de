import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { requireApiUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { sendPasswordReset } from "~/models/admin-users.server";
import { findUserIdByEmail } from "~/models/user.server";
import { orHttpError } from "~/utils/route.server";
import { submitNewPassword } from "~/models/account-flows.server";
import { ResetPasswordSchema } from "~/schemas/account";
import { readBody } from "~/utils/body.server";

// POST /reset?token= (SPEC §7): { plainPassword }, once the security questions were answered.
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  // POST /reset?username= (SPEC §7): an administrator sends that user a reset link.
  const username = new URL(request.url).searchParams.get("username");
  if (username !== null) {
    const actor = await requireApiUser(request);
    // Administrators only, asked before the address is looked up, so nobody else learns who has an account.
    if (!actor.isAdmin) return json({ code: "forbidden" }, { status: 403 });
    const userId = await findUserIdByEmail(db, username);
    if (userId === null) return json({ code: "not_found" }, { status: 404 });
    const outcome = await orHttpError(sendPasswordReset(db, actor, userId));
    return json(outcome, { status: outcome.sent ? 200 : 409 });
  }
  const body = await readBody(request);
  body.set("token", new URL(request.url).searchParams.get("token") ?? String(body.get("token") ?? ""));
  const submission = parseWithZod(body, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return json({ code: "invalid_input", errors: submission.error }, { status: 400 });
  const result = await submitNewPassword(db, submission.value, context.clientIp);
  if (result.status === "rateLimited") {
    return json({ code: "rate_limited" }, { status: 429, headers: { "Retry-After": String(result.limit.retryAfterSeconds) } });
  }
  if (result.status === "reset") return json({ success: true });
  return json({ code: result.status === "unanswered" ? "questions_not_answered" : "invalid_token" }, { status: 400 });
}
