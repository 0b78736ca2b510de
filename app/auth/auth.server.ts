import { json, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/db.server";
import { checkCredentials, getCurrentUser, type CurrentUser } from "~/models/user.server";
import { readSession } from "./session.server";

export class SignInError extends Error {
  name = "SignInError";
  constructor(
    readonly code: "invalid" | "locked" | "unverified",
    readonly userId?: number,
  ) {
    super(code);
  }
}

/** remix-auth gives back the id of the person who proved who they are; we commit our own session. */
export const authenticator = new Authenticator<number>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const result = await checkCredentials(getDb(), String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (result.status === "ok") return result.userId;
    throw new SignInError(result.status, "userId" in result ? result.userId : undefined);
  }),
  "form",
);

type Lookup = { user: CurrentUser | null; expired: boolean };
const inFlight = new Map<string, Promise<Lookup>>();

/**
 * The signed-in person, read once for the loaders of one request: the framework hands each loader a copy of the
 * request, so the loaders that start together (the page's frame and its step) share the lookup of the session their
 * cookie names while it is under way. Nothing is kept once it is answered: the next request reads the session again,
 * and sees a sign-out or a change made by any other process (docs/product-rules.md R124).
 */
function lookUp(request: Request): Promise<Lookup> {
  const cookie = request.headers.get("Cookie") ?? "";
  let pending = inFlight.get(cookie);
  if (!pending) {
    pending = (async () => {
      const db = getDb();
      const session = await readSession(db, request);
      if (session.status !== "active") return { user: null, expired: session.status === "expired" };
      const user = await getCurrentUser(db, session.userId);
      return { user, expired: !user };
    })();
    inFlight.set(cookie, pending);
    void pending.finally(() => inFlight.delete(cookie)).catch(() => undefined);
  }
  return pending;
}

export async function getUser(request: Request): Promise<CurrentUser | null> {
  return (await lookUp(request)).user;
}

/** Where to come back to after signing in: the page asked for (for a form post, the page it posted from). */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  const { user, expired } = await lookUp(request);
  if (user) return user;
  const params = new URLSearchParams({ redirectTo: returnPath(request) });
  if (expired) params.set("expired", "1");
  throw redirect(`/login?${params}`);
}

/** Administrators only; anyone else signed in is told the page is not for them. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw json({ error: "forbidden" }, { status: 403 });
  return user;
}

/**
 * Referrers only: administrators see children and referrals but do not create or change them
 * (docs/product-rules.md R43, R87), so the screens that do are not for them.
 */
export async function requireReferrer(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.isAdmin) throw json({ error: "forbidden" }, { status: 403 });
  return user;
}

/** Sign-in, registration and the password pages are for people not signed in. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/app/dashboard");
}
