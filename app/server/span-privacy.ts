import type { NodeSDKConfiguration } from "@opentelemetry/sdk-node";

// What a span may say (docs/product-rules.md R146, as R143 says it of the log). The spans go
// out as the work was done, by route and function, never with what a person typed: every span is read once more
// here before it leaves, whatever made it (the http, express and pg instrumentations, our own).

type SpanExporter = NodeSDKConfiguration["traceExporter"];
type ReadableSpan = Parameters<SpanExporter["export"]>[0][number];

/**
 * Attributes dropped: the query string (the lists' search holds a child's name, links hold their tokens), who asked
 * (their address and their browser), and any header.
 */
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
  // An error's message may quote what was typed (a database's "invalid input syntax … \"<value>\""): its kind and
  // where it was thrown are kept.
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
