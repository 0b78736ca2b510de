import type { LoaderFunctionArgs } from "@remix-run/node";
import { pingDatabase } from "~/models/health.server";

// 200 when the database answers; a load balancer or a person can ask.
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await pingDatabase(context.db);
    return new Response("ok\n", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("health check failed", error);
    return new Response("database unavailable\n", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}
