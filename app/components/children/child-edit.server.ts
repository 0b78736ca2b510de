import type { AppLoadContext } from "@remix-run/node";
import { getChild } from "~/models/child.server";
import type { CurrentUser } from "~/models/user.server";
import { isCalendarDate } from "~/utils/child-age";
import { idParam } from "~/utils/route.server";

/** The child being added or edited: `id` (the person's own, else 404) and the birthdate and state chosen so far. */
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

/** `next=referral`: adding the child on the way to a referral, which then opens. */
export function referralNext(params: URLSearchParams | FormData): boolean {
  return params.get("next") === "referral";
}
