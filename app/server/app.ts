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

/**
 * The production server's request handling: Remix behind a small Express app that adds what must happen before any
 * action runs (the cross-site check), the security headers with a CSP nonce, and static files.
 */
export function createApp(build: ServerBuild, config: Config, root: string) {
  const https = config.https;
  const appOrigin = new URL(config.appUrl).origin.toLowerCase();

  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer the address every per-address limit counts is the client's, which the proxies named by
  // TRUST_PROXY write into X-Forwarded-For; untrusted, that header is ignored (docs/product-rules.md R11).
  app.set("trust proxy", config.TRUST_PROXY);
  // Nothing reads Express's parsed query (Remix reads the address itself): not parsed on every request.
  app.set("query parser", false);
  // The public files, looked for on disk only under the names public/ holds (favicon.svg, img/): a page's address is
  // not first tried as a file, one system call less on every request.
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
    for (const [name, value] of Object.entries(securityHeaders(nonce, { https, path: req.path, allow }))) res.setHeader(name, value);
    next();
  });

  // No answer is kept by a browser or a proxy unless it says so itself (the scripts and styles, the translations): a
  // child's record seen before signing out is not there again behind the Back button, nor for the next person at a
  // shared computer (docs/product-rules.md R132). Said as the headers go out, after whatever the route set.
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

  // Each loader and action (written with route()) learns its route from the build, read and left as it is: for the
  // log line, the metrics and the spans. One written otherwise stops the start here.
  nameRoutes(build);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: build.mode,
      // The database handle that routes pass to the model functions (they import no database). It is
      // opened at its first use, so that a database that cannot be opened still lets /healthz answer 503.
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
