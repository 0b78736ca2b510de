import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { copyReferral } from "~/models/referral-lifecycle.server";
import { idParam, orHttpError } from "~/utils/route.server";

/** POST /api/referrals/{id}/copy (SPEC §7): a new Draft with the referral's answers; answers the copy's id. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  const actor = await requireApiUser(request);
  const copy = await orHttpError(copyReferral(getDb(), actor, idParam(params.id)));
  return json({ id: copy.id, child: copy.childId, status: "Draft", hasBeenCopied: true }, { status: 201 });
}
