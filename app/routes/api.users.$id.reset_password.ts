import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { sendPasswordReset } from "~/models/admin-users.server";
import { idParam, orHttpError } from "~/utils/route.server";

/** POST /api/users/{id}/reset_password (SPEC §7): an administrator sends the user a reset link. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  const actor = await requireApiUser(request);
  const outcome = await orHttpError(sendPasswordReset(getDb(), actor, idParam(params.id)));
  return json(outcome, { status: outcome.sent ? 200 : 409 });
}
