import { tracing } from "@opentelemetry/sdk-node";
import { describe, expect, it } from "vitest";
import { cleaningExporter, withoutQuery } from "./span-privacy";

// Whatever made a span, what leaves says no query string, no address or browser of who asked, no header, no error
// message (docs/product-rules.md R146).

describe("span privacy", () => {
  it("cuts the query string and the fragment off addresses and paths, and leaves other text alone", () => {
    expect(withoutQuery("http://localhost:3000/app/referrals/drafts?q=Jane+Doe")).toBe(
      "http://localhost:3000/app/referrals/drafts",
    );
    expect(withoutQuery("/reset-password?token=abc#top")).toBe("/reset-password");
    expect(withoutQuery("/app/dashboard")).toBe("/app/dashboard");
    expect(withoutQuery("select * from users where id = $1")).toBe("select * from users where id = $1");
  });

  it("cleans every span before the exporter sends it", async () => {
    const memory = new tracing.InMemorySpanExporter();
    const provider = new tracing.BasicTracerProvider({
      spanProcessors: [new tracing.SimpleSpanProcessor(cleaningExporter(memory))],
    });
    const span = provider.getTracer("test").startSpan("GET /app/referrals/drafts", {
      attributes: {
        "url.path": "/app/referrals/drafts",
        "url.query": "q=Jane",
        "url.full": "http://localhost/app/referrals/drafts?q=Jane",
        "http.target": "/app/referrals/drafts?q=Jane",
        "client.address": "203.0.113.9",
        "network.peer.address": "203.0.113.9",
        "user_agent.original": "Mozilla/5.0",
        "http.request.header.cookie": ["session=1"],
        "http.response.status_code": 200,
      },
    });
    span.recordException(new Error('invalid input syntax for type date: "Jane"'));
    span.setStatus({ code: 2, message: "Jane" });
    span.end();
    await provider.forceFlush();
    const [sent] = memory.getFinishedSpans();
    expect(sent.attributes).toEqual({
      "url.path": "/app/referrals/drafts",
      "url.full": "http://localhost/app/referrals/drafts",
      "http.target": "/app/referrals/drafts",
      "http.response.status_code": 200,
    });
    expect(sent.events[0].attributes?.["exception.type"]).toBe("Error");
    expect(JSON.stringify([sent.attributes, sent.events, sent.status])).not.toContain("Jane");
    await provider.shutdown();
  });
});
