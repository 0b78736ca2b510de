import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { IncompleteReferralError, submitReferral } from "~/models/referral-lifecycle.server";
import { idParam, orHttpError } from "~/utils/route.server";

/**
 * POST /api/referrals/{id}/submit (SPEC §7): submits a complete Draft of the caller's. A second
 * submit answers 200 with submitted: false; an incomplete referral 422 with what is missing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  const actor = await requireApiUser(request);
  try {
    const outcome = await orHttpError(submitReferral(getDb(), actor, idParam(params.id)));
    return json({ id: Number(params.id), ...outcome });
  } catch (error) {
    if (error instanceof IncompleteReferralError) return json({ error: "incomplete", missing: error.missing }, { status: 422 });
    throw error;
  }
}
