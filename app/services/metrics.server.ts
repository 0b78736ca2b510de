import cluster from "node:cluster";
import { statfs } from "node:fs/promises";
import { getHeapStatistics } from "node:v8";
import client from "prom-client";
import { singleton } from "~/utils/singleton.server";

// /metrics (docs/operations.md). Labels are route ids, kinds and status codes only, never a person or record (R144).

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
const REPORT_SECONDS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The PostgreSQL pools of this process, read as /metrics is asked. */
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A figure of each worker of its own, labelled by the worker (its cluster id). */
function workerGauge(name: string, help: string, read: () => number) {
  return new client.Gauge({
    name,
    help,
    labelNames: ["worker"] as const,
    collect() {
      this.set({ worker: String(cluster.worker?.id ?? 0) }, read());
    },
  });
}

function createMetrics() {
  const register = client.register;
  const pools = new Set<PoolFigures>();
  return {
    pools,
    httpRequests: new client.Counter({
      name: "http_requests_total",
      help: "Requests answered, by route, method and status.",
      labelNames: ["route", "method", "status"] as const,
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
    }),
    queryDuration: new client.Histogram({
      name: "db_query_duration_seconds",
      help: "Time each database query took, by kind (select, insert, update, delete, other) and outcome.",
      labelNames: ["kind", "outcome"] as const,
      buckets: QUERY_SECONDS,
    }),
    poolConnections: new client.Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL: the pool's connections, open (total) and of those idle.",
      labelNames: ["state"] as const,
      collect() {
        let total = 0;
        let idle = 0;
        for (const pool of pools) {
          total += pool.totalCount;
          idle += pool.idleCount;
        }
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
      },
    }),
    poolWaiting: new client.Gauge({
      name: "db_pool_waiting_requests",
      help: "PostgreSQL: queries waiting for a connection of the pool.",
      collect() {
        let waiting = 0;
        for (const pool of pools) waiting += pool.waitingCount;
        this.set(waiting);
      },
    }),
    mailSent: new client.Counter({
      name: "mail_sent_total",
      help: "Mails handed to the mail server, or written to the outbox without SMTP_URL.",
    }),
    mailFailed: new client.Counter({ name: "mail_failed_total", help: "Mails that could not be sent." }),
    uploads: new client.Counter({ name: "uploads_total", help: "Documents uploaded and kept." }),
    uploadBytes: new client.Counter({ name: "upload_bytes_total", help: "Bytes of the documents uploaded and kept." }),
    reports: new client.Counter({
      name: "reports_total",
      help: "Reports made, by kind and outcome.",
      labelNames: ["kind", "outcome"] as const,
    }),
    reportDuration: new client.Histogram({
      name: "report_duration_seconds",
      help: "Time each report took to make, by kind.",
      labelNames: ["kind"] as const,
      buckets: REPORT_SECONDS,
    }),
    signInFailures: new client.Counter({
      name: "sign_in_failures_total",
      help: "Sign-ins refused for a wrong e-mail or password (step password) or a wrong or used code (step code).",
      labelNames: ["step"] as const,
    }),
    limitsReached: new client.Counter({
      name: "rate_limits_reached_total",
      help: "Requests refused because a limit was reached, by limit.",
      labelNames: ["limit"] as const,
    }),
    referralsSubmitted: new client.Counter({ name: "referrals_submitted_total", help: "Referrals submitted." }),
    statusChanges: new client.Counter({
      name: "referral_status_changes_total",
      help: "Referral statuses recorded, by status.",
      labelNames: ["status"] as const,
    }),
    // Each worker's own memory beside its limit (summed over the workers, the process metrics hide the one near it).
    heapUsed: workerGauge(
      "worker_heap_used_bytes",
      "The JavaScript heap each worker uses.",
      () => process.memoryUsage().heapUsed,
    ),
    heapLimit: workerGauge(
      "worker_heap_limit_bytes",
      "The most each worker's JavaScript heap may hold (WORKER_HEAP_MB).",
      () => getHeapStatistics().heap_size_limit,
    ),
    residentMemory: workerGauge("worker_resident_memory_bytes", "The memory each worker holds (resident set).", () =>
      process.memoryUsage.rss(),
    ),
    // Shared by all workers, so gathered as the largest any worker saw, not their sum.
    dataFolderFree: new client.Gauge({
      name: "data_folder_free_bytes",
      help: "Free space of the file system that holds DATA_DIR.",
      aggregator: "max",
      async collect() {
        if (!dataDir) return;
        const stats = await statfs(dataDir).catch(() => null);
        if (stats) this.set(stats.bavail * stats.bsize);
      },
    }),
    register,
  };
}

let dataDir: string | undefined;

export function watchDataFolder(folder: string) {
  dataDir = folder;
}

/** The primary process's own figures (with WEB_CONCURRENCY above 1): workers restarted. */
export const primaryMetrics = singleton("metrics-primary", () => {
  const registry = new client.Registry();
  const workerRestarts = new client.Counter({
    name: "worker_restarts_total",
    help: "Workers started again after one stopped unasked (a crash, the out-of-memory killer).",
    registers: [registry],
  });
  return { registry, workerRestarts };
});

export const metrics = singleton("metrics", createMetrics);

/** The process's own metrics (CPU, memory, event loop, handles), once, when /metrics is served. */
export function collectProcessMetrics() {
  singleton("metrics-process", () => client.collectDefaultMetrics());
}

export function watchPool(pool: PoolFigures) {
  metrics.pools.add(pool);
}

const QUERY_KINDS: Record<string, string> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
};

/** One database query's time (Kysely's log event). */
export function observeQuery(kind: string, failed: boolean, ms: number) {
  metrics.queryDuration.observe({ kind: QUERY_KINDS[kind] ?? "other", outcome: failed ? "error" : "ok" }, ms / 1000);
}

/** Times `make` (a report) into the report metrics, whatever its end. */
export async function measureReport<T>(kind: string, make: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  let outcome = "error";
  try {
    const made = await make();
    outcome = "ok";
    return made;
  } finally {
    metrics.reports.inc({ kind, outcome });
    if (outcome === "ok") metrics.reportDuration.observe({ kind }, Number(process.hrtime.bigint() - started) / 1e9);
  }
}
