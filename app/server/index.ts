import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { configWarnings, loadConfig } from "../config.server";
import { checkDatabase, describeDatabase, getDb } from "../db.server";
import { resources } from "../i18n/resources.server";
import { createNonce, isCrossSiteWrite, securityHeaders } from "./security";

// The production server: Remix behind a small Express app that adds what must happen before
// any action runs (the cross-site check), the security headers with a CSP nonce, static files,
// and request timeouts long enough for a 30 MB upload on a slow phone connection.

const config = loadConfig();
const root = process.cwd();
// A PostgreSQL database that cannot be reached stops the start, naming DATABASE_URL; SQLite's file
// is opened at its first use, so that /healthz can say when it cannot be.
if (config.DATABASE_URL) {
  await checkDatabase(getDb(), config.database).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
const https = config.appUrl.startsWith("https:");
const appOrigin = new URL(config.appUrl).origin.toLowerCase();

const app = express();
app.disable("x-powered-by");
app.use(compression());

app.use((req, res, next) => {
  const nonce = createNonce();
  res.locals.cspNonce = nonce;
  for (const [name, value] of Object.entries(securityHeaders(nonce, { https, path: req.path }))) res.setHeader(name, value);
  next();
});

app.use((req, res, next) => {
  const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`.toLowerCase();
  const refused = isCrossSiteWrite({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    allowedOrigins: [ownOrigin, appOrigin],
  });
  if (!refused) return next();
  const lines = [resources.en.common.errors.forbidden.body, resources.es.common.errors.forbidden.body];
  res
    .status(403)
    .type("text/plain; charset=utf-8")
    .send(lines.join("\n") + "\n");
});

app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    // The database handle that routes pass to the model functions (they import no database). It is
    // opened at its first use, as before, so that a database that cannot be opened still lets
    // /healthz answer 503.
    getLoadContext: (req, res) => ({
      get db() {
        return getDb();
      },
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    }),
  }),
);

const server = app.listen(config.PORT, () => {
  const address = `http://localhost:${config.PORT}`;
  console.log(`Maryland early-intervention referral application: ${address}`);
  console.log(`Data: ${config.dataDir}${config.DATABASE_URL ? `, database ${describeDatabase(config.database)}` : ""}`);
  console.log(config.SMTP_URL ? "Mail: sent through SMTP_URL" : `Mail: written to ${config.outboxDir} (one .eml file per message)`);
  for (const warning of configWarnings(config)) console.warn(warning);
});

// 30 MB at 750 kbit/s takes about 6 minutes; Node's default would cut it off at 5.
server.requestTimeout = 15 * 60 * 1000;
server.headersTimeout = 60 * 1000;
server.keepAliveTimeout = 65 * 1000;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
