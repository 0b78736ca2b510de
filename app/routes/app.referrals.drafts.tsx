import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { ReferralListPage } from "~/components/referrals/ReferralList";
import { loadReferralList, referralListAction } from "~/components/referrals/referral-list.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  return loadReferralList(context.db, request, await requireUser(request, context.db), "drafts");
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  return referralListAction(context.db, request, await requireUser(request, context.db), "/app/referrals/drafts");
});

export default ReferralListPage;
