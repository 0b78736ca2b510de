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

// Traces (decision 0017), started by app/server/start.ts before the server loads when OTEL_EXPORTER_OTLP_ENDPOINT is
// set; OTLP/HTTP JSON, batched per the OTEL_BSP_ settings. Metrics and logs do not go this way.

const SERVICE_NAME = "md-early-intervention-referral";

// The ESM server's express import is only visible through this hook; pg and http are seen without it.
register(import.meta.resolve("@opentelemetry/instrumentation/hook.mjs"), { data: { include: ["express"] } });

const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
if (protocol && protocol !== "http/json")
  log.warn(`Traces: sent as http/json; OTEL_EXPORTER_OTLP_PROTOCOL ${protocol} is not read`);

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
    // Remix's handler only: the middleware would add seven spans of little to each request.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // The statements only, never their values (Kysely sends every value as a parameter).
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
  ],
});
sdk.start();

// On stop, after requests finish, flush the remaining spans (waiting at most a second).
beforeExit(() => sdk.shutdown());
