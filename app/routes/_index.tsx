import { redirect } from "@remix-run/node";

// "/" is the dashboard (docs/product-rules.md R32); one address for it keeps bookmarks and history simple.
export function loader() {
  return redirect("/app/dashboard");
}
