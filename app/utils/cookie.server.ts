import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { singleton } from "./singleton.server";

/** A cookie signed with the session secret: HttpOnly, SameSite=Lax, Secure when served over https. */
export function signedCookie(name: string) {
  return singleton(`cookie:${name}`, () =>
    createCookie(name, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: getConfig().https,
      secrets: [getConfig().sessionSecret],
    }),
  );
}
