import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { route } from "~/utils/route.server";

// Every address under /app/referral/review goes to the external review page, keeping its token.
export const loader = /* @__PURE__ */ route(function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/app/referral/review/external${new URL(request.url).search}`);
});
