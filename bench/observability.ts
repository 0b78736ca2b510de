import { randomBytes } from "node:crypto";
import { load, type LoadFigure } from "./http";
import { startInstance } from "./instance";
import { CLIENTS, saveOf, stepOf, warm, type BenchServer } from "./wizard";

// The wizard step with the server's log and metrics on (LOG_LEVEL=info, METRICS_TOKEN set: a line and a count for
// every request), beside off (LOG_LEVEL=silent, no METRICS_TOKEN), in one run: two instances of their own over the
// same data, one after the other, twice each in turns so that the machine's drift falls on both (docs/operations.md).

const SECONDS = 10;
const ROUNDS = 2;

interface Side {
  get: LoadFigure;
  post: LoadFigure;
}

export interface ObservabilityFigures {
  off: Side;
  on: Side;
  /** What /metrics of the instance with them on said after its last round: the runbook's normal ranges. */
  metrics: string;
}

/** Two loads of the same kind, as one: their requests and rate added up, their percentiles the worse of the two. */
function together(figures: LoadFigure[]): LoadFigure {
  const requests = figures.reduce((sum, figure) => sum + figure.requests, 0);
  return {
    requests,
    perSecond: figures.reduce((sum, figure) => sum + figure.perSecond, 0) / figures.length,
    p50: Math.max(...figures.map((figure) => figure.p50)),
    p95: Math.max(...figures.map((figure) => figure.p95)),
  };
}

export async function benchObservability(server: BenchServer): Promise<ObservabilityFigures> {
  const token = randomBytes(24).toString("hex");
  const settings = { off: { LOG_LEVEL: "silent" }, on: { LOG_LEVEL: "info", METRICS_TOKEN: token } };
  const runs: Record<"off" | "on", Side[]> = { off: [], on: [] };
  let metrics = "";
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of ["off", "on"] as const) {
      const instance = await startInstance({ dataDir: server.dataDir, database: server.database, env: settings[side] });
      try {
        await warm(instance.base, server.clients);
        const get = await load(instance.base, {
          connections: CLIENTS,
          seconds: SECONDS,
          status: 200,
          requestOf: stepOf(server),
        });
        const post = await load(instance.base, {
          connections: CLIENTS,
          seconds: SECONDS,
          status: 302,
          requestOf: saveOf(server),
        });
        runs[side].push({ get, post });
        if (side === "on")
          metrics = await (
            await fetch(`${instance.base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
          ).text();
      } catch (error) {
        console.error(
          `The instance with the log and the metrics ${side}, its last output:\n${instance.recentOutput()}`,
        );
        throw error;
      } finally {
        await instance.stop();
      }
    }
  }
  const sideOf = (side: "off" | "on"): Side => ({
    get: together(runs[side].map((run) => run.get)),
    post: together(runs[side].map((run) => run.post)),
  });
  return { off: sideOf("off"), on: sideOf("on"), metrics };
}

/** The sum of every series of a metric whose labels include `match` (all of them when none is given). */
function total(text: string, name: string, match = ""): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => line.includes(match))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** The smallest bucket bound holding `share` of a histogram's observations, over every series matching `match`. */
function quantileBound(text: string, name: string, share: number, match = ""): string {
  const buckets = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}_bucket{`) || !line.includes(match)) continue;
    const bound = /le="([^"]+)"/.exec(line)![1];
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(" ") + 1)));
  }
  const all = buckets.get("+Inf") ?? 0;
  const sorted = [...buckets.entries()]
    .filter(([bound]) => bound !== "+Inf")
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  const found = sorted.find(([, count]) => count >= share * all);
  return found ? `≤ ${Number(found[0]) * 1000} ms` : "over the last bucket";
}

/** The section of bench/RESULTS.md: the two sides, and what /metrics read. */
export function observabilitySection({ off, on, metrics }: ObservabilityFigures): string {
  const slower = (offFigure: LoadFigure, onFigure: LoadFigure) => (1 - onFigure.perSecond / offFigure.perSecond) * 100;
  const row = (label: string, offFigure: LoadFigure, onFigure: LoadFigure) => {
    const cost = slower(offFigure, onFigure);
    return `| ${label} | ${offFigure.perSecond.toFixed(0)} a second, p95 ${offFigure.p95.toFixed(1)} ms | ${onFigure.perSecond.toFixed(0)} a second, p95 ${onFigure.p95.toFixed(1)} ms | ${cost.toFixed(1)} % ${cost <= 10 ? "✅" : "❌"} |`;
  };
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const workers = metrics.split("\n").filter((line) => line.startsWith("worker_heap_used_bytes{"));
  const heap = workers.map((line) => mb(Number(line.slice(line.lastIndexOf(" ") + 1)))).join(", ");
  const limit = mb(Number(/^worker_heap_limit_bytes\{[^}]*\} (\S+)/m.exec(metrics)?.[1] ?? 0));
  const resident = metrics
    .split("\n")
    .filter((line) => line.startsWith("worker_resident_memory_bytes{"))
    .map((line) => mb(Number(line.slice(line.lastIndexOf(" ") + 1))))
    .join(", ");
  return `## The log and the metrics on, beside off (issue 36)

The wizard step of the table above, ${CLIENTS} clients, ${SECONDS} s a load, ${ROUNDS} rounds of each side in turns, each on an
instance of its own over the same data: off is \`LOG_LEVEL=silent\` without \`METRICS_TOKEN\`; on is \`LOG_LEVEL=info\`
with \`METRICS_TOKEN\` (a JSON line and the request metrics for every request, the query times). The budget: on at most
10 % slower.

| Load | Off | On | Slower |
|---|---|---|---|
${row("GET the step", off.get, on.get)}
${row("POST the step and its redirect", off.post, on.post)}

What \`/metrics\` of the instance with them on read after its last round (${SECONDS * 2} s of load; the runbook's normal
ranges, docs/operations.md): ${total(metrics, "http_requests_total").toLocaleString("en-US")} requests; of the step's GETs, 95 %
answered ${quantileBound(metrics, "http_request_duration_seconds", 0.95, 'method="GET",status="200"')} and of its saves
${quantileBound(metrics, "http_request_duration_seconds", 0.95, 'method="POST",status="302"')}, as the server timed them (the wait for a busy worker is not in it: the clients' p95
above is); 95 % of the queries took
${quantileBound(metrics, "db_query_duration_seconds", 0.95)} (${total(metrics, "db_query_duration_seconds_count").toLocaleString("en-US")} queries);
each worker's heap ${heap} of ${limit}; each worker's resident memory ${resident}; the event loop's lag at most
${(total(metrics, "nodejs_eventloop_lag_max_seconds") * 1000).toFixed(0)} ms (the worse worker, since the scrape before).
`;
}
