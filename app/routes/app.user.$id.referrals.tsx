import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { ReferralListPage } from "~/components/referrals/ReferralList";
import { getProfile } from "~/models/profile.server";
import { loadReferralList } from "~/components/referrals/referral-list.server";
import { idParam, route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals"] };

export const meta = pageMeta;

/** One user's referrals, whatever their status, for administrators (R75, R92). */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const owner = await getProfile(context.db, actor, idParam(params.id));
  return loadReferralList(context.db, request, actor, "user", {
    id: owner.id,
    name: `${owner.firstName} ${owner.lastName}`,
  });
});

export default ReferralListPage;
