import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { hostname } from "node:os";
import { trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import { singleton } from "~/utils/singleton.server";

// The server's log (docs/operations.md): one JSON object per line on stdout, for the tools operators already read
// them with; pretty lines only when a person runs the server in a terminal. Every line written while a request is
// answered carries its request id, and the signed-in person's user id once known, and the trace id when traces are
// on. Nothing else of the request: never a name, an e-mail, a child's data, a token or a query string's values
// (docs/product-rules.md R143).

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

// One of each per process: the server's entry and the application's build are bundled apart, and both read them.
const requests = singleton("log-requests", () => new AsyncLocalStorage<RequestContext>());

/** Runs `next` (the rest of a request's handling) with `context` as the request every log line names. */
export function withRequest<T>(context: RequestContext, next: () => T): T {
  return requests.run(context, next);
}

/** The request being answered, if any. */
export function currentRequest(): RequestContext | undefined {
  return requests.getStore();
}

/**
 * A route's loader or action runs for the request being answered: of those that run for it (a page's, its frame's,
 * the root's), the deepest names it.
 */
export function noteRoute(route: string, depth: number) {
  const context = requests.getStore();
  if (context && depth >= (context.depth ?? -1)) {
    context.route = route;
    context.depth = depth;
  }
}

/** The request being answered is for this user (the session's or the API key's): said in its log line. */
export function noteUser(userId: number) {
  const context = requests.getStore();
  if (context) context.userId = userId;
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
    // An error's kind, message, code and stack: not the other fields a driver adds (PostgreSQL's detail names the
    // value a unique key refused, an e-mail address).
    serializers: { err: (error: unknown) => errorLine(error) },
    // The request and the trace a line was written in, unless the line says them itself (the request's own line).
    mixin(line: object) {
      const request = requests.getStore();
      const span = trace.getActiveSpan();
      const said: Record<string, unknown> = {};
      if (request && !("reqId" in line)) {
        said.reqId = request.id;
        if (request.userId !== undefined) said.userId = request.userId;
      }
      if (span) said.traceId = span.spanContext().traceId;
      return said;
    },
    ...(process.stdout.isTTY && level !== "silent" && { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }),
  });
}

export const log: Logger = singleton("log", createLog);
