// The addresses a load balancer, a process supervisor and the monitoring ask every few seconds (docs/operations.md):
// their log lines are at debug (a warning when not 200), and they make no trace, so they do not drown the requests of
// people. One list for the log (app/server/observe.ts) and the traces (app/server/telemetry.ts).

const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Whether a request's address (its path, with or without a query) is a probe's. */
export function isProbe(url: string): boolean {
  const query = url.indexOf("?");
  return PROBE_PATHS.has(query === -1 ? url : url.slice(0, query));
}
