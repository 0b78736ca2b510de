import { redirect } from "@remix-run/node";

// "/" is the dashboard (SPEC §2); one address for it keeps bookmarks and history simple.
export function loader() {
  return redirect("/app/dashboard");
}
