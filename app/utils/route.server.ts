import { json, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "~/models/errors.server";
import { HTTP_STATUS } from "~/models/errors";
import { inSpan, nameRequest, tracing } from "~/services/trace.server";
import { noteRoute } from "~/services/log.server";
import { singleton } from "~/utils/singleton.server";
import { isRefusal } from "./refusal";

// How routes turn the model's answers into HTTP: a record that is missing, or not the asker's to
// see, is a 404 page (R108: never someone else's data, nor a hint that it exists).

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

/** The database timed out: nothing written, "try again" (R135). Retry-After tells the script the session lives. */
function busy(): never {
  throw json({ message: "Busy" }, { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } });
}

/** NotFoundError -> 404 page, ForbiddenError -> 403, database busy -> 503; anything else is rethrown. */
function asHttp(error: unknown): never {
  const status = error instanceof Error ? (error as { [HTTP_STATUS]?: number })[HTTP_STATUS] : undefined;
  if (status === 404) notFound();
  if (status === 403) forbidden();
  if (isBusyError(error)) busy();
  throw error;
}

/** A loader's or action's route: id, full path and depth (root 0). */
interface RouteName {
  kind: "loader" | "action";
  id: string;
  path: string;
  depth: number;
}

// route()'s functions, per process (server and build are separate bundles), so the server spots unwrapped ones.
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
 * Runs a loader or action, refusals made HTTP. A refused form marks the context (`formRefused`) so later loaders in
 * the same no-JavaScript request render that page and the title says so.
 */
function answered<Args extends Call, Result>(run: (args: Args) => Result, args: Args): Result {
  let result: Result;
  try {
    result = run(args);
  } catch (error) {
    asHttp(error);
  }
  const method = args?.request?.method ?? "GET";
  if (method === "GET" || method === "HEAD" || !args.context)
    return result instanceof Promise ? (result.catch(asHttp) as Result) : result;
  const context = args.context;
  return Promise.resolve(result).then(async (answer) => {
    if (await refusesForm(answer)) context.formRefused = true;
    return answer;
  }, asHttp) as Result;
}

/**
 * Wraps every loader and action (`@__PURE__`, so the browser build drops it): model refusals become the 404, 403 or
 * 503 page (InputError is the form's: page.server.ts). The deepest route names the log line, metrics (R143) and span.
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

/** Each route's full path as defined (`/app/child/:childId/…`) and its depth (root 0). */
function routePaths(routes: ServerBuild["routes"]): Record<string, { path: string; depth: number }> {
  const paths: Record<string, { path: string; depth: number }> = {};
  for (const id of Object.keys(routes)) {
    const parts: string[] = [];
    let depth = -1;
    for (
      let at: (typeof routes)[string] | undefined = routes[id];
      at;
      at = at.parentId ? routes[at.parentId] : undefined
    ) {
      depth += 1;
      if (at.path) parts.unshift(at.path.replace(/^\/+|\/+$/g, ""));
    }
    paths[id] = { path: `/${parts.filter(Boolean).join("/")}`, depth };
  }
  return paths;
}

/** Tells each loader and action its route; one not wrapped in route() would 500 on refusal, so the start fails. */
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
  if (unwrapped.length > 0)
    throw new Error(`Not written with route() (app/utils/route.server.ts): the ${unwrapped.join(", the ")}`);
}
