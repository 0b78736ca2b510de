import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { ChildrenListPage } from "~/components/children/ChildrenList";
import { getProfile } from "~/models/profile.server";
import { loadChildrenList } from "~/components/children/children-list.server";
import { idParam, route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "children"] };

export const meta = pageMeta;

/** One user's children, for administrators (R43, R92). */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const owner = await getProfile(context.db, actor, idParam(params.id));
  return loadChildrenList(context.db, request, actor, { id: owner.id, name: `${owner.firstName} ${owner.lastName}` });
});

export default ChildrenListPage;
