// The production entry. With OTEL_EXPORTER_OTLP_ENDPOINT set, OpenTelemetry starts first so its instrumentations see
// http, express and pg load (decision 0017); both are loaded by path, so without it none of the SDK loads.

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(new URL("./telemetry.js", import.meta.url).href);
await import(new URL("./main.js", import.meta.url).href);

export {};
