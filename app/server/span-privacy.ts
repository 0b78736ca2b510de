import type { NodeSDKConfiguration } from "@opentelemetry/sdk-node";

// Every span, ours or an instrumentation's, is scrubbed here before it leaves (R146, as R143 for the log).

type SpanExporter = NodeSDKConfiguration["traceExporter"];
type ReadableSpan = Parameters<SpanExporter["export"]>[0][number];

/** Dropped: query strings (searches hold names, links hold tokens), client address and agent, every header. */
const DROPPED = new Set([
  "url.query",
  "client.address",
  "network.peer.address",
  "network.peer.port",
  "user_agent.original",
  "http.user_agent",
  "http.client_ip",
  "net.peer.ip",
  "net.sock.peer.addr",
]);
const HEADER = /^http\.(request|response)\.header\./;

/** An address or a path (url.full, http.target, http.url …) without its query string or fragment. */
export function withoutQuery(value: string): string {
  if (!/^(\/|https?:\/\/)/i.test(value)) return value;
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}

/** A stack without its first line, the error's message: where it was thrown, not with what. */
function framesOnly(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** Cleans one ended span in place, before it is exported. */
export function cleanSpan(span: ReadableSpan) {
  const attributes = span.attributes as Record<string, unknown>;
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.has(key) || HEADER.test(key)) delete attributes[key];
    else if (typeof value === "string") attributes[key] = withoutQuery(value);
  }
  // Error messages may quote typed input ("invalid input syntax … \"<value>\""): keep only kind and location.
  for (const event of span.events) {
    const eventAttributes = event.attributes as Record<string, unknown> | undefined;
    if (!eventAttributes) continue;
    delete eventAttributes["exception.message"];
    const stack = eventAttributes["exception.stacktrace"];
    if (typeof stack === "string") eventAttributes["exception.stacktrace"] = framesOnly(stack);
  }
  delete (span.status as { message?: string }).message;
}

export function cleaningExporter(exporter: SpanExporter): SpanExporter {
  return {
    export(spans, done) {
      for (const span of spans) cleanSpan(span);
      exporter.export(spans, done);
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
