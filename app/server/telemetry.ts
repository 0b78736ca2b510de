import { register } from "node:module";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { ExpressInstrumentation, ExpressLayerType } from "@opentelemetry/instrumentation-express";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { log } from "../services/log.server";
import { beforeExit } from "../services/stopping.server";
import { isProbe } from "./probes";
import { cleaningExporter } from "./span-privacy";

// Traces (build/telemetry.js), started by app/server/start.ts before the server loads, when OTEL_EXPORTER_OTLP_ENDPOINT
// is set: the http server's and client's spans, express's, PostgreSQL's queries, and the application's own
// (app/services/trace.server.ts), sent over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT's /v1/traces (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), in batches (OTEL_BSP_SCHEDULE_DELAY and the other OTEL_BSP_ settings). No
// metrics nor logs go this way: the server has its own. See docs/decisions/0017-traces-start-before-the-server.md.

const SERVICE_NAME = "md-early-intervention-referral";

// The server is an ES module that imports express: express's instrumentation sees it only through this hook, told to
// look at express alone. pg (whose ES module entry requires its CommonJS one) and node's http are seen without it.
register(import.meta.resolve("@opentelemetry/instrumentation/hook.mjs"), { data: { include: ["express"] } });

const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
if (protocol && protocol !== "http/json") log.warn(`Traces: sent as http/json; OTEL_EXPORTER_OTLP_PROTOCOL ${protocol} is not read`);

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? SERVICE_NAME,
  traceExporter: cleaningExporter(new OTLPTraceExporter()),
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [
    new HttpInstrumentation({
      // The probes' requests (app/server/probes.ts) make no trace.
      ignoreIncomingRequestHook: (request) => isProbe(request.url ?? ""),
    }),
    // The route's handler (Remix) only: the middleware before it (headers, the cross-site check, compression) would
    // add seven spans of little to each request.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // The statements only, never their values (Kysely sends every value as a parameter).
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
  ],
});
sdk.start();

// The server's stop (app/server/index.ts, cluster.ts) lets the requests under way finish, then sends the spans not yet
// sent before it exits (waiting at most a second).
beforeExit(() => sdk.shutdown());
