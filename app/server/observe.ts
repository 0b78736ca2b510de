import cluster from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { Express, Request, Response } from "express";
import { pinoHttp } from "pino-http";
import client from "prom-client";
import type { Config } from "../config.server";
import { getDb } from "../db.server";
import { readiness } from "../models/health.server";
import { CONTEXT_HEADER, log, openRequest, type RequestContext } from "../services/log.server";
import { isProbe } from "./probes";
import { collectProcessMetrics, metrics, primaryMetrics, watchDataFolder } from "../services/metrics.server";

// What operators see (docs/operations.md): a log line per request, /metrics, and /readyz.

/** The answers the server gives itself, outside the application's routes (/metrics only when METRICS_TOKEN is set). */
const ownRoutes = (measuring: boolean): Record<string, string> =>
  measuring ? { "/metrics": "metrics", "/readyz": "readyz" } : { "/readyz": "readyz" };
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** An X-Request-Id a proxy may hand on: letters, digits and a few marks, not too long to be a log's key. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * A request's first name: `readyz`, `metrics`, `static`, or `unmatched` until a route renames it. It labels metrics and
 * logs, so it stays a small set: never an address with an id, token or search words.
 */
export function routeNamer(isStatic: (pathname: string) => boolean, measuring = true) {
  const own = ownRoutes(measuring);
  return (url: string): string => {
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    return own[pathname] ?? (isStatic(pathname) ? "static" : "unmatched");
  };
}

function requestIdOf(req: Request, trusted: (address: string, hop: number) => boolean): string {
  const given = req.headers["x-request-id"];
  if (typeof given === "string" && REQUEST_ID.test(given) && trusted(req.socket.remoteAddress ?? "", 0)) return given;
  return randomUUID();
}

/** First of all: request id (X-Request-Id) and route for every log line, the request's own line, and metrics. */
export function observeRequests(app: Express, config: Config, isStatic: (pathname: string) => boolean) {
  const measuring = Boolean(config.METRICS_TOKEN);
  const routeOf = routeNamer(isStatic, measuring);
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const contextOf = (res: Response) => res.locals.request as RequestContext;
  // The request's line: what was answered, for whom (a user id), how fast. Never the address itself (a review link's
  // token, a search's words), a header or a body (R143).
  const lineOf = (req: Request, res: Response) => {
    const context = contextOf(res);
    return {
      reqId: context.id,
      method: req.method,
      route: context.route,
      status: res.statusCode,
      durationMs: Number((Number(process.hrtime.bigint() - (res.locals.started as bigint)) / 1e6).toFixed(1)),
      ...(context.userId !== undefined && { userId: context.userId }),
      ...(!res.writableFinished && { aborted: true }),
    };
  };
  const requestLog = pinoHttp({
    logger: log,
    quietResLogger: true,
    genReqId: (_req, res) => contextOf(res as Response).id,
    serializers: { req: (req: { method: string }) => ({ method: req.method }) },
    // A probe's answer is a debug line, or a warning when it is not 200 (a 503 of /readyz is expected while stopping).
    customLogLevel: (_req, res, error) => {
      if ((res as Response).locals.probe) return res.statusCode === 200 ? "debug" : "warn";
      return error || res.statusCode >= 500 ? "error" : "info";
    },
    customSuccessMessage: () => "answered",
    customErrorMessage: () => "answered with an error",
    customSuccessObject: (req, res) => lineOf(req as Request, res as Response),
    customErrorObject: (req, res) => lineOf(req as Request, res as Response),
  });
  if (measuring) {
    collectProcessMetrics();
    watchDataFolder(config.dataDir);
  }

  app.use((req, res, next) => {
    const context: RequestContext = { id: requestIdOf(req, trusted), route: routeOf(req.url) };
    res.locals.request = context;
    res.locals.probe = isProbe(req.url);
    res.locals.started = process.hrtime.bigint();
    res.setHeader("X-Request-Id", context.id);
    if (measuring) {
      res.once("close", () => {
        const labels = {
          route: context.route,
          method: METHODS.has(req.method) ? req.method : "other",
          status: res.writableFinished ? String(res.statusCode) : "aborted",
        };
        metrics.httpRequests.inc(labels);
        metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - (res.locals.started as bigint)) / 1e9);
      });
    }
    // The application finds the context by this header's key (set over any the caller sent), until the answer ends.
    const { key, end } = openRequest(context);
    req.headers[CONTEXT_HEADER] = key;
    res.once("close", end);
    requestLog(req, res);
    next();
  });
}

/** The token /metrics asks for, compared in constant time (both hashed to one length first). */
function sameToken(given: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(given?.trim() ?? "");
  if (!match) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

const ASK = "metrics:ask";
const ANSWER = "metrics:answer";
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In a starting worker, before the app loads (so a restarted worker does not stall the primary's gathering): answers
 * the primary's requests for this worker's figures.
 */
export function answerGathering() {
  new client.AggregatorRegistry();
}

/** A worker's /metrics: the primary gathers every worker's figures (prom-client's cluster registry). */
function metricsOfAllWorkers(): () => Promise<string> {
  const waiting = new Map<number, (answer: MetricsAnswer) => void>();
  let last = 0;
  process.on("message", (message: MetricsAnswer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = (last += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the first process did not gather the metrics in time"));
      }, 10_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(answer.error ?? "no metrics"));
      });
      process.send!({ type: ASK, id });
    });
}

/** In the first process: gathers the workers' metrics when one of them is asked for /metrics. */
export function gatherWorkerMetrics() {
  const registry = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    Promise.all([registry.clusterMetrics(), primaryMetrics.registry.metrics()]).then(
      ([workers, own]) => worker.send({ type: ANSWER, id: message.id, text: workers + own }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

/** /metrics, to the bearer of METRICS_TOKEN; without it the path is not the server's (404). */
export function serveMetrics(app: Express, config: Config) {
  const token = config.METRICS_TOKEN;
  if (!token) return;
  const gather = cluster.isWorker ? metricsOfAllWorkers() : () => client.register.metrics();
  app.get("/metrics", (req, res) => {
    if (!sameToken(req.get("authorization"), token)) {
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" })
        .type("text/plain")
        .send("unauthorized\n");
      return;
    }
    gather().then(
      (text) => res.set("Cache-Control", "no-store").type(client.register.contentType).send(text),
      (error: Error) => {
        log.error({ err: error }, "gathering the metrics failed");
        res.status(503).type("text/plain").send("metrics unavailable\n");
      },
    );
  });
}

let draining = false;

/** SIGTERM came: /readyz answers 503 so that the load balancer sends no more, while the server still answers. */
export function startDraining() {
  draining = true;
}

/** /readyz: 200 when this instance should be sent requests, else 503 with the reasons, a line each. */
export function serveReadiness(app: Express, config: Config) {
  app.get("/readyz", (_req, res) => {
    readiness(getDb(), { dataDir: config.dataDir, draining }).then(
      (reasons) => {
        res.set("Cache-Control", "no-store").type("text/plain");
        if (reasons.length === 0) res.send("ready\n");
        else res.status(503).send(reasons.join("\n") + "\n");
      },
      (error: Error) => {
        log.error({ err: error }, "the readiness check failed");
        res.status(503).type("text/plain").send("the readiness check failed\n");
      },
    );
  });
}
