import cluster from "node:cluster";
import { hostname } from "node:os";
import { trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import { singleton } from "~/utils/singleton.server";

// The server log (docs/operations.md): JSON lines on stdout, pretty in a terminal. Request id, route, user id and
// trace id only: never names, e-mails, child data, tokens or query values (R143).

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** What the log knows of the request being answered; the server makes it before any route runs. */
export interface RequestContext {
  /** X-Request-Id: a trusted proxy's, else made here; sent back in the answer. */
  id: string;
  /** The route that answers (a Remix route id, an API operation, or what the server answers itself). */
  route: string;
  /** The depth of that route in the application's routes, once one of them ran (the root 0). */
  depth?: number;
  /** The person (or API key's owner) the request was answered for, once the session or key is read. */
  userId?: number;
}

/**
 * The request context header, set by the server over any the caller sent, so no caller can name another's. Not
 * AsyncLocalStorage: too slow on Node 20 (decision 0018).
 */
export const CONTEXT_HEADER = "x-request-context";

// Requests under way, one map per process: entry and build are bundled apart and both read it.
const open = singleton("log-requests", () => new Map<string, RequestContext>());
let last = 0;

/** A request begins: its context, under a key of this process's own that `CONTEXT_HEADER` carries; `end` forgets it. */
export function openRequest(context: RequestContext): { key: string; end: () => void } {
  const key = String((last += 1));
  open.set(key, context);
  return { key, end: () => open.delete(key) };
}

/** The context of the request a route or the API answers (its `request`), if the server made one. */
export function requestContextOf(request: Request | undefined): RequestContext | undefined {
  const key = request?.headers.get(CONTEXT_HEADER) ?? null;
  return key === null ? undefined : open.get(key);
}

/** Of the loaders and actions that run for a request, the deepest names it. */
export function noteRoute(request: Request | undefined, route: string, depth: number) {
  const context = requestContextOf(request);
  if (context && depth >= (context.depth ?? -1)) {
    context.route = route;
    context.depth = depth;
  }
}

/** The request is answered for this user (the session's or the API key's): said in its log line. */
export function noteUser(request: Request, userId: number) {
  const context = requestContextOf(request);
  if (context) context.userId = userId;
}

/** The log for what one request does: its lines carry the request's id. */
export function logFor(request: Request): Logger {
  const context = requestContextOf(request);
  return context ? log.child({ reqId: context.id }) : log;
}

function errorLine(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === "string" && { code }), stack: error.stack };
}

function createLog(): Logger {
  const level = process.env.LOG_LEVEL && LEVELS.has(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : "info";
  return pino({
    level,
    base: { pid: process.pid, hostname: hostname(), worker: cluster.worker?.id ?? 0 },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Kind, message, code and stack only: a driver's extra fields (PostgreSQL's detail) may hold an e-mail address.
    serializers: { err: (error: unknown) => errorLine(error) },
    mixin() {
      const span = trace.getActiveSpan();
      return span ? { traceId: span.spanContext().traceId } : {};
    },
    ...(process.stdout.isTTY &&
      level !== "silent" && { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }),
  });
}

export const log: Logger = singleton("log", createLog);
