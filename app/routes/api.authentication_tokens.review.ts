import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getReferralForReviewLink } from "~/models/referral-lifecycle.server";

/** GET /api/authentication_tokens/review?token= (SPEC §7): the referral a live review link opens, read only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const review = await getReferralForReviewLink(getDb(), token, await getLanguage(request));
  if (!review) return json({ error: "invalid_token", message: "The review link is unknown, expired or revoked." }, { status: 404 });
  return json(review, { headers: { "Cache-Control": "private, no-store" } });
}
