import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { configWarnings, loadConfig, productionChecks, type Config } from "../config.server";
import { checkDatabase, connectionsProblem, describeDatabase, getDb } from "../db.server";
import { endAdminRolesOutsideDomains } from "../models/admin-users.server";
import { sweepOrphanUploads } from "../models/document.server";
import { sweepOldReports } from "../models/report-files.server";
import { sweepSecurityEvents } from "../models/security-events.server";
import { sweepSpentSignIns } from "../models/sign-in.server";
import { sweepOutbox } from "../services/mail.server";
import { administratorExists } from "../models/user.server";
import { log } from "../services/log.server";
import { createApp } from "./app";
import { STOP_GRACE_MS, superviseWorkers } from "./cluster";
import { answerGathering, gatherWorkerMetrics, startDraining } from "./observe";
import { exitAfterTasks } from "../services/stopping.server";

// The production server. With WEB_CONCURRENCY above 1 (default: one per core) this process does start-up work once
// and forks the workers (app/server/cluster.ts); with 1 it serves itself.

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const config = loadConfig();
const root = process.cwd();

function announce(config: Config) {
  log.info(
    `Maryland early-intervention referral application: http://localhost:${config.PORT}${config.isProduction ? "" : " (NODE_ENV is not production)"}`,
  );
  log.info(`Data: ${config.dataDir}${config.DATABASE_URL ? `, database ${describeDatabase(config.database)}` : ""}`);
  log.info(
    config.SMTP_URL
      ? "Mail: sent through SMTP_URL"
      : `Mail: written to ${config.outboxDir} (one .eml file per message)`,
  );
  if (config.METRICS_TOKEN) log.info("Metrics: on /metrics, to the bearer of METRICS_TOKEN");
  for (const warning of configWarnings(config)) log.warn(warning);
  for (const warning of checks.warnings) log.warn(warning);
}

/** What production forbids stops the start, before any request (R110). */
let checks: { errors: string[]; warnings: string[] } = { errors: [], warnings: [] };
async function checkProduction() {
  checks = productionChecks(config, { administratorExists: await administratorExists(getDb()) });
  if (checks.errors.length === 0) return;
  for (const error of checks.errors) log.fatal(error);
  process.exit(1);
}

/**
 * Before any request (R124): orphan uploads, administrators outside ADMIN_EMAIL_DOMAINS (R91), old reports, spent
 * sign-ins, week-old outbox mail, 400-day-old security events (R133); all but the first two again hourly.
 */
async function sweep() {
  const failed = (what: string) => (error: unknown) => log.error({ err: error }, `${what} failed`);
  const uploads = await sweepOrphanUploads(getDb()).catch(failed("Uploads: the sweep of unfinished files"));
  if (uploads) log.info(`Uploads: removed ${uploads} unfinished file(s) that no document names`);
  // The setting changes only with a restart: looked at once.
  const outside = await endAdminRolesOutsideDomains(getDb(), config.ADMIN_EMAIL_DOMAINS).catch(
    failed("Administrators: the check of their domains"),
  );
  if (outside)
    log.warn(`Administrators: ${outside} whose e-mail is outside ADMIN_EMAIL_DOMAINS stopped being administrators`);
  const hourly = async () => {
    await sweepOldReports(getDb()).catch(failed("Reports: the sweep of old reports"));
    await sweepSpentSignIns(getDb()).catch(failed("Sign-in: the sweep of spent sessions and limits"));
    await sweepOutbox().catch(failed("Mail: the sweep of the outbox"));
    await sweepSecurityEvents(getDb()).catch(failed("Security events: the sweep of old events"));
  };
  await hourly();
  setInterval(hourly, SWEEP_EVERY_MS).unref();
}

async function serve() {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const server = createApp(build, config, root).listen(config.PORT, () => {
    if (cluster.isPrimary) announce(config);
  });
  // 30 MB at 750 kbit/s takes about 6 minutes; Node's default would cut it off at 5.
  server.requestTimeout = 15 * 60 * 1000;
  server.headersTimeout = 60 * 1000;
  server.keepAliveTimeout = 65 * 1000;
  // The signal may come twice (process group, then the primary). /readyz reports stopping for SHUTDOWN_DRAIN_SECONDS
  // while requests are still served, then new connections stop and those under way finish.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      startDraining();
      if (config.SHUTDOWN_DRAIN_SECONDS)
        log.info(
          `Stopping: not ready, still answering for ${config.SHUTDOWN_DRAIN_SECONDS} s (SHUTDOWN_DRAIN_SECONDS)`,
        );
      setTimeout(() => {
        server.close(() => exitAfterTasks(0));
        setTimeout(() => exitAfterTasks(0), STOP_GRACE_MS).unref();
      }, config.SHUTDOWN_DRAIN_SECONDS * 1000).unref();
    });
  }
}

if (cluster.isWorker) {
  if (config.METRICS_TOKEN) answerGathering();
  await serve();
} else {
  // An unreachable PostgreSQL stops the start naming DATABASE_URL; SQLite opens lazily so /healthz can report it.
  if (config.DATABASE_URL) {
    await checkDatabase(getDb(), config.database).catch((error: Error) => {
      log.fatal(error.message);
      process.exit(1);
    });
    // Every pool of every process of every instance, full at once, must fit the server (R135).
    const processes = config.WEB_CONCURRENCY === 1 ? 1 : config.WEB_CONCURRENCY + 1;
    const problem = await connectionsProblem(getDb(), {
      poolSize: config.DATABASE_POOL_SIZE,
      processes,
      instances: config.DATABASE_INSTANCES,
    });
    if (problem) {
      log.fatal(problem);
      process.exit(1);
    }
  }
  await checkProduction();
  await sweep();
  if (config.WEB_CONCURRENCY === 1) {
    await serve();
  } else {
    // Said before the workers start, so that it comes before their first answer.
    announce(config);
    if (config.METRICS_TOKEN) gatherWorkerMetrics();
    await superviseWorkers(config.WEB_CONCURRENCY, config.WORKER_HEAP_MB, config.SHUTDOWN_DRAIN_SECONDS * 1000).ready;
    log.info(`Processes: ${config.WEB_CONCURRENCY} (WEB_CONCURRENCY), every one answering`);
  }
}
