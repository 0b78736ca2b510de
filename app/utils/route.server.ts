import { json, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "~/models/errors.server";
import { HTTP_STATUS } from "~/models/errors";
import { inSpan, nameRequest, tracing } from "~/services/trace.server";
import { noteRoute } from "~/services/log.server";
import { singleton } from "~/utils/singleton.server";
import { isRefusal } from "./refusal";

// How routes turn the model's answers into HTTP: a record that is missing, or not the asker's to
// see, is a 404 page (docs/product-rules.md R108: never someone else's data, nor a hint that it exists).

export function notFound(): never {
  throw json({ message: "Not found" }, { status: 404 });
}

/** A record id from the path: a positive whole number, or the page does not exist. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) notFound();
  return Number(value);
}

export function forbidden(): never {
  throw json({ message: "Forbidden" }, { status: 403 });
}

/**
 * The database did not answer in time (a row held past lock_timeout, a statement past statement_timeout): nothing was
 * written, and the page says to try again in a moment (docs/product-rules.md R135). Retry-After tells the browser's
 * script this is not the end of the session (R25).
 */
function busy(): never {
  throw json({ message: "Busy" }, { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } });
}

/** NotFoundError becomes the 404 page, ForbiddenError (and its kinds) the 403 page, a database too busy the 503 page; any other error goes on. */
function asHttp(error: unknown): never {
  const status = error instanceof Error ? (error as { [HTTP_STATUS]?: number })[HTTP_STATUS] : undefined;
  if (status === 404) notFound();
  if (status === 403) forbidden();
  if (isBusyError(error)) busy();
  throw error;
}

/** What the server read of a loader or action in the build: its route's id, path from the root and depth (the root 0). */
interface RouteName {
  kind: "loader" | "action";
  id: string;
  path: string;
  depth: number;
}

// One of each per process: the server and the Remix build are two bundles, each with its own copy of this module.
// route()'s functions, so that the server can tell a loader or action written without it.
const made = singleton("route-made", () => new WeakSet<object>());
// Each of them by its route, as the server read the build (nameRoutes); empty where no server runs (unit tests).
const names = singleton("route-names", () => new WeakMap<object, RouteName>());

/** Whether an action's answer refuses its form (Conform's reply with `status: "error"`, as JSON or as data). */
async function refusesForm(answer: unknown): Promise<boolean> {
  if (!(answer instanceof Response)) return isRefusal(answer);
  if (!answer.headers.get("Content-Type")?.includes("application/json")) return false;
  return isRefusal(
    await answer
      .clone()
      .json()
      .catch(() => null),
  );
}

type Call = { request?: Request; context?: AppLoadContext };

/**
 * What `run` answers, a refusal made HTTP; a loader that answers at once still does (a test may read its Response).
 * An action that refuses its form marks the request's context (`formRefused`): without JavaScript the loaders that run
 * after it in the same request render that page, and the root's tells the title (app/components/title.tsx).
 */
function answered<Args extends Call, Result>(run: (args: Args) => Result, args: Args): Result {
  let result: Result;
  try {
    result = run(args);
  } catch (error) {
    asHttp(error);
  }
  const method = args?.request?.method ?? "GET";
  if (method === "GET" || method === "HEAD" || !args.context) return result instanceof Promise ? (result.catch(asHttp) as Result) : result;
  const context = args.context;
  return Promise.resolve(result).then(async (answer) => {
    if (await refusesForm(answer)) context.formRefused = true;
    return answer;
  }, asHttp) as Result;
}

/**
 * Every route's loader and action is written with it, `export const loader = route(async function loader(…) {…})`,
 * the call annotated `@__PURE__` so that the browser's build drops it, and no page has to remember the models'
 * refusals at each call: a refusal is the 404, 403 or 503 page. (InputError is the form's to say, next to its fields:
 * app/components/ui/page.server.ts.) The deepest route whose loader or action ran names the request's log line, its
 * metrics (R143) and, with tracing on, its span.
 */
export function route<Args extends Call, Result>(run: (args: Args) => Result): (args: Args) => Result {
  const answer = (args: Args): Result => {
    const name = names.get(answer);
    if (!name) return answered(run, args);
    noteRoute(args?.request, name.id, name.depth);
    if (!tracing) return answered(run, args);
    nameRequest(name.path);
    return inSpan(`${name.kind} ${name.id}`, () => answered(run, args), { "remix.route.id": name.id });
  };
  made.add(answer);
  return answer;
}

/**
 * Each route's path from the root, as its definition says it (`/app/child/:childId/…`, `/api/*`), and its depth (the
 * root 0, its children 1…).
 */
function routePaths(routes: ServerBuild["routes"]): Record<string, { path: string; depth: number }> {
  const paths: Record<string, { path: string; depth: number }> = {};
  for (const id of Object.keys(routes)) {
    const parts: string[] = [];
    let depth = -1;
    for (let at: (typeof routes)[string] | undefined = routes[id]; at; at = at.parentId ? routes[at.parentId] : undefined) {
      depth += 1;
      if (at.path) parts.unshift(at.path.replace(/^\/+|\/+$/g, ""));
    }
    paths[id] = { path: `/${parts.filter(Boolean).join("/")}`, depth };
  }
  return paths;
}

/**
 * The server reads the build once (app/server/app.ts), and changes nothing in it: each loader and action learns its
 * route. One written without route() would answer a refusal with a 500: the server does not start.
 */
export function nameRoutes(build: ServerBuild): void {
  const paths = routePaths(build.routes);
  const unwrapped: string[] = [];
  for (const [id, { module }] of Object.entries(build.routes)) {
    for (const kind of ["loader", "action"] as const) {
      const run = module[kind];
      if (!run) continue;
      if (made.has(run)) names.set(run, { kind, id, ...paths[id] });
      else unwrapped.push(`${kind} of ${id}`);
    }
  }
  if (unwrapped.length > 0) throw new Error(`Not written with route() (app/utils/route.server.ts): the ${unwrapped.join(", the ")}`);
}
