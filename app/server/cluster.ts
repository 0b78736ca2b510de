import cluster, { type Worker } from "node:cluster";
import { log } from "../services/log.server";
import { primaryMetrics } from "../services/metrics.server";
import { exitAfterTasks } from "../services/stopping.server";

// One process per core (R124): the first process starts the workers, which share its port,
// replaces a worker that dies, and on SIGTERM or SIGINT lets every worker finish what it holds before it exits.

/** More deaths than this in a minute is a worker that cannot start: the server stops, saying why. */
const DEATHS_PER_MINUTE = 10;
/** How long the workers have to finish their requests once asked to stop. */
export const STOP_GRACE_MS = 5000;

export interface Supervisor {
  /** Resolves once every worker listens. */
  ready: Promise<void>;
}

export function superviseWorkers(count: number, heapMb: number, drainMs = 0): Supervisor {
  // Each worker's heap limit (decision 0014), after any of node's own options.
  cluster.setupPrimary({
    execArgv: [
      ...process.execArgv.filter((option) => !option.startsWith("--max-old-space-size")),
      `--max-old-space-size=${heapMb}`,
    ],
  });
  let stopping = false;
  const deaths: number[] = [];
  let waiting = count;
  let listening: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));

  const start = () => {
    // Two malloc arenas instead of up to 8 per core: memory freed by node's threads is reused, and an idle worker holds
    // 10-15 MB less (bench/processes.ts). The operator's MALLOC_ARENA_MAX wins.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" });
    worker.once("listening", () => {
      waiting -= 1;
      if (waiting === 0) listening();
    });
    worker.once("exit", (code, signal) => replace(worker, code, signal));
  };
  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths[0] < now - 60_000) deaths.shift();
    log.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    primaryMetrics.workerRestarts.inc();
    if (deaths.length > DEATHS_PER_MINUTE) {
      log.fatal(`Workers stopped ${deaths.length} times in a minute: the server stops`);
      process.exit(1);
    }
    start();
  };

  for (let n = 0; n < count; n += 1) start();

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      let left = workers.length;
      if (left === 0) exitAfterTasks(0);
      for (const worker of workers) {
        worker.once("exit", () => {
          left -= 1;
          if (left === 0) exitAfterTasks(0);
        });
        worker.process.kill(signal);
      }
      // The workers first say they are stopping for drainMs (SHUTDOWN_DRAIN_SECONDS), then finish what they hold.
      setTimeout(() => exitAfterTasks(0), drainMs + STOP_GRACE_MS + 1000).unref();
    });
  }
  return { ready };
}
