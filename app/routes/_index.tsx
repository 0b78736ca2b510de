import { redirect } from "@remix-run/node";
import { route } from "~/utils/route.server";

// "/" is the dashboard (R32); one address for it keeps bookmarks and history simple.
export const loader = /* @__PURE__ */ route(function loader() {
  return redirect("/app/dashboard");
});
