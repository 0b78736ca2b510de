import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/models/sign-in.server";
import { createToastHeaders } from "~/services/toast.server";
import { route } from "~/utils/route.server";

// Sign-out deletes the session on the server; the other tabs notice through localStorage.
export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const headers = new Headers();
  const idle = form.get("reason") === "idle";
  headers.append("Set-Cookie", await signOut(context.db, request, context.clientIp, idle));
  if (idle) return redirect("/login?expired=1", { headers });
  for (const [name, value] of await createToastHeaders({ key: "toasts.signedOut", kind: "info" }))
    headers.append(name, value);
  return redirect("/login", { headers });
});

export const loader = /* @__PURE__ */ route(function loader() {
  return redirect("/app/dashboard");
});
