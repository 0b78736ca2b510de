// The production server's entry (build/server.js; the workers of app/server/cluster.ts run it again). With
// OTEL_EXPORTER_OTLP_ENDPOINT set, OpenTelemetry starts first (build/telemetry.js), so that its instrumentations see
// http, express and pg load; then the server itself (build/main.js, app/server/index.ts). Both are read by address,
// not bundled here: without the setting, nothing of OpenTelemetry's SDK is loaded
// (docs/decisions/0017-traces-start-before-the-server.md).

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(new URL("./telemetry.js", import.meta.url).href);
await import(new URL("./main.js", import.meta.url).href);

export {};
