import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { ChildrenListPage } from "~/components/children/ChildrenList";
import { loadChildrenList } from "~/components/children/children-list.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "children"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  return loadChildrenList(context.db, request, await requireUser(request, context.db));
});

export default ChildrenListPage;
