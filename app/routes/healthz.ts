import type { LoaderFunctionArgs } from "@remix-run/node";
import { pingDatabase } from "~/models/health.server";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";

// 200 when the database answers; a load balancer or a person can ask.
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    await pingDatabase(context.db);
    return new Response("ok\n", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    logFor(request).error({ err: error }, "health check failed");
    return new Response("database unavailable\n", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
});
