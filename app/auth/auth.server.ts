import { json, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { DB } from "~/db.server";
import type { SessionAwaiting } from "../../db/schema";
import { signIn, type SignInOutcome } from "~/models/sign-in.server";
import { getCurrentUser, type CurrentUser } from "~/models/user.server";
import { actsForProgram } from "~/models/policy";
import { readSession } from "./session.server";
import { noteUser } from "~/services/log.server";

/** Sign-in by form through remix-auth, counted against this address's limits; answers the session it made. */
export function signInWithForm(request: Request, db: DB, clientIp: string): Promise<SignInOutcome> {
  const authenticator = new Authenticator<SignInOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form, request: sent }) =>
      signIn(
        db,
        { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
        clientIp,
        sent.headers.get("User-Agent"),
      ),
    ),
    "form",
  );
  return authenticator.authenticate("form", request);
}

type Lookup = {
  user: CurrentUser | null;
  /** The signed-in session's id hash (what a set-up of the second step is tied to). */
  sessionIdHash?: string;
  expired: boolean;
  /** A session past the password, waiting for the second factor (R129): its id and what it waits for. */
  waiting?: { sessionIdHash: string; awaiting: SessionAwaiting; userId: number };
};
const inFlight = new Map<string, Promise<Lookup>>();

/**
 * The signed-in person, looked up once per request: each loader gets a copy of the request, so concurrent loaders
 * share the lookup. Nothing outlives the request, so a sign-out anywhere is seen at once (R124).
 */
function lookUp(request: Request, db: DB): Promise<Lookup> {
  const cookie = request.headers.get("Cookie") ?? "";
  let pending = inFlight.get(cookie);
  if (!pending) {
    pending = (async () => {
      const session = await readSession(db, request);
      if (session.status !== "active") return { user: null, expired: session.status === "expired" };
      if (session.awaiting)
        return {
          user: null,
          expired: false,
          waiting: { sessionIdHash: session.sessionIdHash, awaiting: session.awaiting, userId: session.userId },
        };
      const user = await getCurrentUser(db, session.userId);
      return { user, expired: !user, sessionIdHash: session.sessionIdHash };
    })();
    inFlight.set(cookie, pending);
    void pending.finally(() => inFlight.delete(cookie)).catch(() => undefined);
  }
  // The request's log line names the person it was answered for (by id alone: R143).
  return pending.then((found) => {
    const userId = found.user?.id ?? found.waiting?.userId;
    if (userId !== undefined) noteUser(request, userId);
    return found;
  });
}

export async function getUser(request: Request, db: DB): Promise<CurrentUser | null> {
  return (await lookUp(request, db)).user;
}

/** Where to come back to after signing in: the page asked for (for a form post, the page it posted from). */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

/** The second factor's page a session past the password is waiting on. */
export const SIGN_IN_STEPS: Record<SessionAwaiting, string> = {
  mailCode: "/login/mail-code",
  code: "/login/second-factor",
  setup: "/login/second-factor-setup",
};

export async function requireUser(request: Request, db: DB): Promise<CurrentUser> {
  return (await requireSession(request, db)).user;
}

/** The signed-in person and their session's id hash; anyone else is sent to sign in (or to their second step). */
export async function requireSession(request: Request, db: DB): Promise<{ user: CurrentUser; sessionIdHash: string }> {
  const { user, expired, waiting, sessionIdHash } = await lookUp(request, db);
  if (user && sessionIdHash) return { user, sessionIdHash };
  const params = new URLSearchParams({ redirectTo: returnPath(request) });
  // Past the password only: nothing opens but the second factor's pages and sign-out (R129).
  if (waiting) throw redirect(`${SIGN_IN_STEPS[waiting.awaiting]}?${params}`);
  if (expired) params.set("expired", "1");
  throw redirect(`/login?${params}`);
}

/** The second-step pages: signed in goes to the dashboard, waiting for the other step to its page, else sign-in. */
export async function requireSignInStep(
  request: Request,
  db: DB,
  awaiting: SessionAwaiting,
): Promise<{ sessionIdHash: string; userId: number }> {
  const { user, waiting } = await lookUp(request, db);
  if (waiting?.awaiting === awaiting) return waiting;
  if (user) throw redirect("/app/dashboard");
  if (waiting) throw redirect(SIGN_IN_STEPS[waiting.awaiting]);
  throw redirect("/login");
}

/** Administrators only; anyone else signed in is told the page is not for them. */
export async function requireAdmin(request: Request, db: DB): Promise<CurrentUser> {
  const user = await requireUser(request, db);
  if (!user.isAdmin) throw json({ error: "forbidden" }, { status: 403 });
  return user;
}

/** The program: administrators and a local program's staff (R137); anyone else is told the page is not for them. */
export async function requireProgram(request: Request, db: DB): Promise<CurrentUser> {
  const user = await requireUser(request, db);
  if (!actsForProgram(user)) throw json({ error: "forbidden" }, { status: 403 });
  return user;
}

/** Referrers only: administrators and program staff do not create or change children or referrals (R43, R87, R138). */
export async function requireReferrer(request: Request, db: DB): Promise<CurrentUser> {
  const user = await requireUser(request, db);
  if (actsForProgram(user)) throw json({ error: "forbidden" }, { status: 403 });
  return user;
}

/** Sign-in, registration and the password pages are for people not signed in. */
export async function requireAnonymous(request: Request, db: DB): Promise<void> {
  if (await getUser(request, db)) throw redirect("/app/dashboard");
}
