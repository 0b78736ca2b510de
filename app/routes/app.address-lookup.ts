import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { lookUpAddress } from "~/services/geocoder.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { route } from "~/utils/route.server";

// As-you-type suggestions; without JavaScript the form's Look up button calls the same function.
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.db);
  const db = context.db;
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  const limit = await hitRateLimit(db, "addressLookup", String(user.id));
  if (!limit.allowed) {
    return json(
      { status: "rateLimited" as const },
      { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  return json(await lookUpAddress(db, query), { headers });
});
