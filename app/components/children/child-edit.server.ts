import type { AppLoadContext } from "@remix-run/node";
import { getChild } from "~/models/child.server";
import type { CurrentUser } from "~/models/user.server";
import { isCalendarDate } from "~/utils/child-age";
import { idParam } from "~/utils/route.server";

/**
 * The child being added or edited, from the address of the pre-verification and name steps:
 * `id` (an existing child of the person's own, else 404), and the birthdate and state chosen so
 * far, which win over the stored ones.
 */
export async function childBeingEdited(db: AppLoadContext["db"], request: Request, actor: CurrentUser) {
  const url = new URL(request.url);
  const idText = url.searchParams.get("id");
  const child = idText ? await getChild(db, actor, idParam(idText)) : null;
  const askedDate = url.searchParams.get("birthdate") ?? "";
  return {
    child,
    birthdate: isCalendarDate(askedDate) ? askedDate : (child?.birthdate ?? ""),
    stateOfResidence: url.searchParams.get("stateOfResidence") || child?.stateOfResidence || "",
  };
}

/**
 * Whether the child is being added on the way to a referral ("Refer a child"): the address, then
 * the forms of both steps, carry `next=referral`, and adding the child then opens its new referral.
 */
export function referralNext(params: URLSearchParams | FormData): boolean {
  return params.get("next") === "referral";
}
