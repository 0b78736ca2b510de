import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { getDb } from "~/db.server";
import { forgotPassword } from "~/models/account-flows.server";
import { ForgotPasswordSchema } from "~/schemas/account";
import { readBody } from "~/utils/body.server";

// POST /forgot (SPEC §7): { email }. The same answer whether or not the account exists.
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readBody(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return json({ code: "invalid_input", errors: submission.error }, { status: 400 });
  const outcome = await forgotPassword(getDb(), submission.value.email, context.clientIp);
  if (outcome.status === "rateLimited") {
    return json({ code: "rate_limited" }, { status: 429, headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } });
  }
  return json({ success: true });
}
