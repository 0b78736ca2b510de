import { json, type ServerBuild } from "@remix-run/node";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "~/models/errors.server";
import { HTTP_STATUS } from "~/models/errors";

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

/**
 * The one place where the models' refusals become HTTP: every route's loader and action, wrapped once as the server
 * loads the build (app/server/app.ts), so that no page has to remember it at each model call. (InputError is the
 * form's to say, next to its fields: app/components/ui/page.server.ts.)
 */
export function modelErrorsAsHttp(build: ServerBuild): ServerBuild {
  const wrap = <Args extends unknown[], Result>(run: ((...args: Args) => Result) | undefined) =>
    run &&
    (async (...args: Args) => {
      try {
        return await run(...args);
      } catch (error) {
        asHttp(error);
      }
    });
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module;
      return [id, { ...route, module: { ...module, loader: wrap(module.loader as never), action: wrap(module.action as never) } }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
