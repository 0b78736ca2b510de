// Health and metrics paths polled every few seconds (docs/operations.md): logged at debug and not traced, so they do
// not drown people's requests.

const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Whether a request's address (its path, with or without a query) is a probe's. */
export function isProbe(url: string): boolean {
  const query = url.indexOf("?");
  return PROBE_PATHS.has(query === -1 ? url : url.slice(0, query));
}
