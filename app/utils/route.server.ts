import { json, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "~/models/errors.server";
import { HTTP_STATUS } from "~/models/errors";
import { inSpan, nameRequest, tracing } from "~/services/trace.server";
import { noteRoute } from "~/services/log.server";
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

/**
 * Each route's path from the root, as its definition says it (`/app/child/:childId/…`, `/api/*`), and its depth (the
 * root 0, its children 1…).
 */
function routePaths(routes: ServerBuild["routes"]): Record<string, { path: string; depth: number }> {
  const paths: Record<string, { path: string; depth: number }> = {};
  for (const id of Object.keys(routes)) {
    const parts: string[] = [];
    let depth = -1;
    for (let route: (typeof routes)[string] | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
      depth += 1;
      if (route.path) parts.unshift(route.path.replace(/^\/+|\/+$/g, ""));
    }
    paths[id] = { path: `/${parts.filter(Boolean).join("/")}`, depth };
  }
  return paths;
}

/**
 * The one place where the models' refusals become HTTP: every route's loader and action, wrapped once as the server
 * loads the build (app/server/app.ts), so that no page has to remember it at each model call. (InputError is the
 * form's to say, next to its fields: app/components/ui/page.server.ts.) With tracing on
 * (app/services/trace.server.ts), each runs in a span named "loader <route id>" or "action <route id>", and the
 * request is named by its route's path. The log and the metrics name the request by the deepest route that ran. An
 * action that refuses its form marks the request's context (`formRefused`): without JavaScript the loaders that run
 * after it in the same request render that page, and the root's tells the title (app/components/title.tsx).
 */
export function modelErrorsAsHttp(build: ServerBuild): ServerBuild {
  const paths = routePaths(build.routes);
  const wrap = <Args extends unknown[], Result>(kind: "loader" | "action", id: string, run: ((...args: Args) => Result) | undefined) => {
    if (!run) return run;
    const answer = async (...args: Args) => {
      // The request's log line and metrics are named by the deepest route whose loader or action ran (R143).
      noteRoute((args[0] as { request?: Request } | undefined)?.request, id, paths[id].depth);
      try {
        const result = await run(...args);
        const context = (args[0] as { context?: AppLoadContext } | undefined)?.context;
        if (kind === "action" && context && (await refusesForm(result))) context.formRefused = true;
        return result;
      } catch (error) {
        asHttp(error);
      }
    };
    if (!tracing) return answer;
    return (...args: Args) => {
      nameRequest(paths[id].path);
      return inSpan(`${kind} ${id}`, () => answer(...args), { "remix.route.id": id });
    };
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module;
      return [id, { ...route, module: { ...module, loader: wrap("loader", id, module.loader as never), action: wrap("action", id, module.action as never) } }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
