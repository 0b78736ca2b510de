import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { route } from "~/utils/route.server";

// "Stay signed in" and the activity ping: any signed-in request counts as activity; this does nothing else.
export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context.db);
  return new Response(null, { status: 204 });
});
