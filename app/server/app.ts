import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Config } from "../config.server";
import { getDb } from "../db.server";
import { resources } from "../i18n/resources.server";
import { CAPTCHA_PROVIDERS } from "../services/captcha";
import { nameRoutes } from "../utils/route.server";
import { observeRequests, serveMetrics, serveReadiness } from "./observe";
import { createNonce, isCrossSiteWrite, securityHeaders } from "./security";

const PRIVATE_NO_STORE = "private, no-store";

/** Express around Remix: the cross-site check before any action, security headers with a CSP nonce, static files. */
export function createApp(build: ServerBuild, config: Config, root: string) {
  const https = config.https;
  const appOrigin = new URL(config.appUrl).origin.toLowerCase();

  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer the address every per-address limit counts is the client's, which the proxies named by
  // TRUST_PROXY write into X-Forwarded-For; untrusted, that header is ignored (R11).
  app.set("trust proxy", config.TRUST_PROXY);
  // Nothing reads Express's parsed query (Remix reads the address itself): not parsed on every request.
  app.set("query parser", false);
  // Only names public/ holds are looked up on disk: one system call less per page request.
  const names = new Set(readdirSync(path.join(root, "public")).filter((name) => name !== "build"));
  const isStatic = (pathname: string) => pathname.startsWith("/build/") || names.has(pathname.split("/")[1]);
  // Every request's id, log line and metrics, before anything else answers (docs/operations.md).
  observeRequests(app, config, isStatic);
  app.use(compression());
  // The operators' answers, without the pages' headers: whether to send this instance requests, and the metrics.
  serveReadiness(app, config);
  serveMetrics(app, config);

  // The registration page's captcha draws its check from its service's origins, which that page alone may use.
  const captchaOrigins = config.captcha ? CAPTCHA_PROVIDERS[config.captcha.provider].origins : [];
  app.use((req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    const allow = req.path === "/register" ? captchaOrigins : [];
    for (const [name, value] of Object.entries(securityHeaders(nonce, { https, path: req.path, allow })))
      res.setHeader(name, value);
    next();
  });

  // No-store unless the answer says otherwise (decision 0004), set last: a child's record must not come back via the
  // Back button or for the next person at a shared computer (R132).
  app.use((_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!this.getHeader("Cache-Control")) this.setHeader("Cache-Control", PRIVATE_NO_STORE);
      return writeHead.apply(this, args);
    } as typeof writeHead;
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
  const files = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (names.has(req.path.split("/")[1]) ? files(req, res, next) : next()));

  // Tells loaders and actions their route (log, metrics, spans); an unwrapped one stops the start here.
  nameRoutes(build);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: build.mode,
      // Opened lazily, so an unopenable database still lets /healthz answer 503.
      getLoadContext: (req, res) => ({
        get db() {
          return getDb();
        },
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );
  return app;
}
