import { createCookie } from "@remix-run/node";

/** Whether the side navigation is open; remembered so the choice holds on every page. */
export const navigationCookie = createCookie("nav", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function isNavigationOpen(request: Request): Promise<boolean> {
  const value = await navigationCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}
