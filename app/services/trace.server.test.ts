import { context, trace } from "@opentelemetry/api";
import { NodeSDK, tracing } from "@opentelemetry/sdk-node";
import { afterEach, describe, expect, it, vi } from "vitest";

// traced and inSpan: nothing at all with tracing off; with it on, one span per call, named, with the function's name
// as its one attribute, ended when the promise settles, failed by the error's kind alone.

let sdk: NodeSDK | undefined;

afterEach(async () => {
  await sdk?.shutdown();
  sdk = undefined;
  vi.unstubAllEnvs();
  vi.resetModules();
  trace.disable();
  context.disable();
});

/** Everything the spans say: names, attributes, events. */
function said(spans: tracing.ReadableSpan[]): string {
  return JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.status]));
}

async function withTracing() {
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://localhost:4318");
  vi.resetModules();
  // The SDK as app/server/telemetry.ts starts it, its spans kept in memory.
  const exporter = new tracing.InMemorySpanExporter();
  sdk = new NodeSDK({
    autoDetectResources: false,
    spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  return { module: await import("./trace.server"), spans: () => exporter.getFinishedSpans() };
}

describe("traced", () => {
  it("is the function itself when OTEL_EXPORTER_OTLP_ENDPOINT is not set", async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", "");
    vi.resetModules();
    const { traced, inSpan, tracing: on } = await import("./trace.server");
    const save = async (id: number) => id + 1;
    expect(on).toBe(false);
    expect(traced("model.save", save)).toBe(save);
    expect(inSpan("report referral", () => 7)).toBe(7);
  });

  it("gives each call a span named for the function, without its arguments, and keeps its type", async () => {
    const { module, spans } = await withTracing();
    const find = module.traced("model.find", async function find<T>(_db: unknown, value: T): Promise<T[]> {
      return [value];
    });
    const count = module.traced("model.count", function count(items: string[]) {
      return items.length;
    });
    const rows: string[] = await find(null, "Jane Doe");
    expect(rows).toEqual(["Jane Doe"]);
    expect(count(["a", "b"])).toBe(2);
    expect(find.name).toBe("find");
    const [first, second] = spans();
    expect(first.name).toBe("model.find");
    expect(first.attributes).toEqual({ "code.function.name": "find" });
    expect(second.name).toBe("model.count");
    expect(said(spans())).not.toContain("Jane Doe");
  });

  it("nests the spans of the calls made inside, and ends a failed one with the error's kind only", async () => {
    const { module, spans } = await withTracing();
    const inner = module.traced("model.inner", async function inner(email: string) {
      throw new TypeError(`no account for ${email}`);
    });
    const outer = module.traced("model.outer", async function outer(email: string) {
      return inner(email);
    });
    await expect(outer("jane@example.com")).rejects.toThrow(TypeError);
    const [innerSpan, outerSpan] = spans();
    expect(innerSpan.parentSpanContext?.spanId).toBe(outerSpan.spanContext().spanId);
    expect(innerSpan.spanContext().traceId).toBe(outerSpan.spanContext().traceId);
    expect(innerSpan.status.code).toBe(2);
    expect(innerSpan.events.map((event) => event.attributes)).toEqual([{ "exception.type": "TypeError" }]);
    expect(said(spans())).not.toContain("jane@example.com");
  });

  it("takes a thrown answer below 500 (a redirect, a 404 page) for an answer, not a failure", async () => {
    const { module, spans } = await withTracing();
    await expect(
      module.inSpan("action routes/login", async () => {
        throw new Response(null, { status: 302 });
      }),
    ).rejects.toBeInstanceOf(Response);
    expect(spans()[0].status.code).toBe(0);
    expect(spans()[0].attributes).toEqual({ "http.response.status_code": 302 });
  });
});
