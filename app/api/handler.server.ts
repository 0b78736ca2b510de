import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getUser } from "~/auth/auth.server";
import { getConfig } from "~/config.server";
import type { Language } from "~/i18n/config";
import { fixedT, getLanguage } from "~/i18n/i18next.server";
import { callerOfApiKey } from "~/models/api-key.server";
import { logFor, noteUser, requestContextOf } from "~/services/log.server";
import type { CurrentUser } from "~/models/user.server";
import { addressKey, hitRateLimit } from "~/services/rate-limit.server";
import { ApiError, errorResponse, toApiError } from "./errors.server";
import { actsForProgram } from "~/models/policy";

// Every JSON API call goes through here (issue 11): caller, rate limit, zod-checked id, query and body, one error
// format. The OpenAPI description comes from the same operations.

type DB = AppLoadContext["db"];

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** program: administrators and local program staff (R137); referrer: signed in, neither administrator nor staff. */
export type Access = "public" | "user" | "admin" | "program" | "superAdmin" | "referrer";

export interface Context<Query, Body> {
  request: Request;
  db: DB;
  /** Who asks; reading it in an operation open to the public without a caller is a 401. */
  readonly actor: CurrentUser;
  /** The record id of the path (`{id}`). */
  id: number;
  query: Query;
  body: Body;
  language: Language;
  clientIp: string;
}

/** Any zod 4 schema, classic or zod/mini (the forms'), so read with zod's functions, not methods. */
type Schema = z.core.$ZodType;

export interface Operation<Q extends Schema = Schema, B extends Schema = Schema> {
  operationId: string;
  method: Method;
  /** The OpenAPI path, with `{id}` for the record id. */
  path: string;
  /** Its group in the description; the summary is the text api:operations.<operationId> of the locales. */
  tag: string;
  access: Access;
  query?: Q;
  body?: B;
  /** A body the operation reads itself (a form or JSON), described for the OpenAPI document. */
  bodyDoc?: Schema;
  /** A multipart upload: the text fields' schema (the file part is read by the operation). */
  multipart?: z.core.$ZodObject;
  response?: Schema;
  /** A paged list: `{ data, total }`, with the total also in X-Total-Count. */
  list?: { params: Array<{ name: string; description: string; schema: Record<string, unknown> }> };
  /** Answers 201 with a Location header (the new record's `@id`). */
  creates?: boolean;
  /** Answers 202: taken, its outcome told elsewhere (by mail). The operation answers with its own Response. */
  accepted?: boolean;
  run(context: Context<z.output<Q>, z.output<B>>): Promise<unknown>;
}

export function operation<Q extends Schema = Schema, B extends Schema = Schema>(
  spec: Operation<Q, B>,
): Operation<Q, B> {
  return spec;
}

/** Largest JSON body taken (a referral's longest text is 2,000 characters). */
export const JSON_LIMIT_BYTES = 256 * 1024;
const ID = /^[1-9]\d{0,9}$/;

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="api"' };

/** A Bearer key if given (a wrong one is refused even with a session), else the session; read-only keys read (R101). */
async function caller(db: DB, request: Request, method: Method): Promise<{ user: CurrentUser | null; keyId?: number }> {
  const authorization = request.headers.get("Authorization");
  if (authorization === null) {
    const user = await getUser(request, db);
    return { user: user && { ...user, via: { channel: "api", apiKeyId: null } } };
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  const found = match ? await callerOfApiKey(db, match[1]) : ({ ok: false, why: "unknown" } as const);
  if (!found.ok) {
    if (found.why === "unknown") throw new ApiError("invalid_api_key", { headers: CHALLENGE });
    const extra = { reason: found.why, endedAt: found.at };
    if (found.why === "expired") throw new ApiError("api_key_expired", { headers: CHALLENGE, extra });
    throw new ApiError("api_key_ended", { headers: CHALLENGE, extra, messageKey: `api:apiKeyEnded.${found.why}` });
  }
  if (found.scope === "read" && method !== "GET") throw new ApiError("api_key_read_only");
  noteUser(request, found.user.id);
  return { user: { ...found.user, via: { channel: "api", apiKeyId: found.keyId } }, keyId: found.keyId };
}

/** Drains a refused body (up to a cap) so a still-sending client gets the 413, not a hung connection. */
async function discardBody(reader: ReadableStreamDefaultReader<Uint8Array>, cap = 8 * 1024 * 1024): Promise<void> {
  let read = 0;
  try {
    while (read < cap) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) throw new ApiError("unsupported_media_type");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > JSON_LIMIT_BYTES) {
      void discardBody(reader);
      throw new ApiError("payload_too_large");
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json");
  }
}

/** The query without a prototype ("__proto__" is just a name); a repeated name becomes a list. */
function queryObject(url: URL): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of url.searchParams) {
    if (name === "lang") continue;
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}

async function answer(
  db: DB,
  op: Operation,
  request: Request,
  params: Record<string, string | undefined>,
  clientIp: string,
  language: Language,
): Promise<Response> {
  const { user, keyId } = await caller(db, request, op.method);
  if (op.access !== "public") {
    if (!user) throw new ApiError("unauthorized");
    if (op.access === "admin" && !user.isAdmin) throw new ApiError("forbidden");
    if (op.access === "superAdmin" && !user.isSuperAdmin) throw new ApiError("forbidden");
    if (op.access === "program" && !actsForProgram(user)) throw new ApiError("forbidden");
    if (op.access === "referrer" && actsForProgram(user)) throw new ApiError("forbidden");
  }
  const limit = await hitRateLimit(
    db,
    "api",
    keyId ? `key:${keyId}` : user ? `user:${user.id}` : `ip:${addressKey(clientIp)}`,
    new Date(),
    {
      limit: getConfig().API_RATE_LIMIT,
      windowMs: 60 * 1000,
    },
  );
  if (!limit.allowed)
    throw new ApiError("rate_limited", { headers: { "Retry-After": String(limit.retryAfterSeconds) } });

  let id = 0;
  if (op.path.includes("{id}")) {
    if (!ID.test(params.id ?? "")) throw new ApiError("not_found");
    id = Number(params.id);
  }
  // reportInput keeps each issue's value, so missing or null is told from wrong type (errors.server.ts).
  const query = op.query ? z.parse(op.query, queryObject(new URL(request.url)), { reportInput: true }) : {};
  const body = op.body ? z.parse(op.body, await readJson(request), { reportInput: true }) : undefined;
  const context: Context<unknown, unknown> = {
    request,
    db,
    get actor() {
      if (!user) throw new ApiError("unauthorized");
      return user;
    },
    id,
    query,
    body,
    language,
    clientIp,
  };
  const result = await op.run(context);
  // Every answer is one caller's own: never cached, records and Responses (files, cookies) alike.
  if (result instanceof Response) {
    if (!result.headers.has("Cache-Control")) result.headers.set("Cache-Control", "private, no-store");
    return result;
  }
  const headers: Record<string, string> = { "Cache-Control": "private, no-store" };
  if (op.list) headers["X-Total-Count"] = String((result as { total: number }).total);
  if (op.creates) {
    const location = (result as { "@id"?: string })["@id"];
    if (location) headers.Location = location;
    return json(result, { status: 201, headers });
  }
  if (result === undefined) return new Response(null, { status: 204, headers });
  return json(result, { headers });
}

/** Answers one API request with the operation of its method, or 405 naming those there are. */
export async function handle(
  db: DB,
  operations: Operation[],
  request: Request,
  params: Record<string, string | undefined>,
  clientIp = "unknown",
): Promise<Response> {
  const language = await getLanguage(request);
  const t = await fixedT(language, ["api", "common"]);
  const method = request.method === "HEAD" ? "GET" : request.method;
  const op = operations.find((candidate) => candidate.method === method);
  try {
    if (!op)
      throw new ApiError("method_not_allowed", {
        headers: { Allow: operations.map((candidate) => candidate.method).join(", ") },
      });
    // The log and the metrics name the operation (its path's template), not the route every API path shares.
    const answering = requestContextOf(request);
    if (answering) answering.route = `api ${op.method} ${op.path}`;
    return await answer(db, op, request, params, clientIp, language);
  } catch (thrown) {
    // A Response thrown by a helper shared with the pages (the 404 of idParam) keeps its status.
    const error =
      thrown instanceof Response
        ? new ApiError(
            thrown.status === 404
              ? "not_found"
              : thrown.status === 403
                ? "forbidden"
                : thrown.status === 401
                  ? "unauthorized"
                  : "server_error",
          )
        : toApiError(thrown);
    if (error.code === "server_error") logFor(request).error({ err: thrown }, "an API operation failed");
    // A body nobody read (refused before it was looked at) is read into nothing as the answer goes out.
    if (request.body && !request.body.locked && !request.bodyUsed) void discardBody(request.body.getReader());
    return errorResponse(error, t);
  }
}

/** One path's resource route; the database is the route's (`context.db`). */
export function apiRoute(...operations: Operation[]) {
  const serve = ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
    handle(context.db, operations, request, params, context.clientIp);
  return { loader: serve, action: serve };
}

/** The parts of an address, without a trailing slash; static parts compared as the router does, without case. */
const partsOf = (pathname: string) => pathname.replace(/\/+$/, "").split("/");

/** The path's `{id}` when `pathname` is an address of `template` (an operation's path), else null. */
function matchPath(template: string, pathname: string): Record<string, string> | null {
  const want = partsOf(template);
  const got = partsOf(pathname);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    if (want[index] === "{id}") {
      try {
        params.id = decodeURIComponent(got[index]);
      } catch {
        params.id = got[index];
      }
    } else if (want[index].toLowerCase() !== got[index].toLowerCase()) return null;
  }
  return params;
}

/** The loader and action of app/routes/api.$.ts: dispatch by each operation's path, else the API's 404. */
export function apiRoutes(operations: readonly Operation[]) {
  const paths = [...new Set(operations.map((op) => op.path).filter((path) => path.startsWith("/api/")))].map(
    (path) => ({
      path,
      operations: operations.filter((op) => op.path === path),
    }),
  );
  const serve = async ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const { pathname } = new URL(request.url);
    for (const { path, operations: ofPath } of paths) {
      const params = matchPath(path, pathname);
      if (params) return handle(context.db, ofPath, request, params, context.clientIp);
    }
    return errorResponse(new ApiError("not_found"), await fixedT(await getLanguage(request), ["api", "common"]));
  };
  return { loader: serve, action: serve };
}
