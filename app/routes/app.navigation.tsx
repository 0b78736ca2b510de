import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { navigationCookie } from "~/services/preferences.server";
import { safeRedirect } from "~/utils/redirect";
import { route } from "~/utils/route.server";

// The side-navigation toggle posts here, so it works without JavaScript.
export const action = /* @__PURE__ */ route(async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const open = form.get("open") !== "false";
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await navigationCookie.serialize(open ? "open" : "closed") },
  });
});

export const loader = /* @__PURE__ */ route(function loader() {
  return redirect("/app/dashboard");
});
