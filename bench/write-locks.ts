import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { loadAcross, type LoadFigure } from "./http";
import { startInstance, type Instance } from "./instance";
import { processesOf } from "./processes";
import { CLIENTS, saveOf, warm, WIZARD_SECONDS, type BenchServer } from "./wizard";

// PostgreSQL only: the wizard step's POST and its redirect on one instance and on two, with every write transaction
// taking one lock for the whole database (DATABASE_WRITE_LOCK=database, as before row locks) and with each holding only
// the rows it depends on (DATABASE_WRITE_LOCK=rows, the default; db/dialect.ts writeTransaction). Whether two instances
// answer more than one depends on the machine's cores as much as on the locks, so the CPU that each part of the run
// used (the instances, PostgreSQL, autocannon) is read from /proc around every load.

/** DATABASE_WRITE_LOCK: one lock for the whole database, or the rows each write depends on. */
export type WriteLock = "database" | "rows";

/** Shares of the machine's cores over one load: 1 is every core busy for the whole of it. */
export interface CpuShares {
  /** The whole machine (/proc/stat), whatever ran on it. */
  machine: number;
  /**
   * Of that, the kernel's interrupt work (/proc/stat's irq and softirq: the packets over loopback), which no process is
   * charged with.
   */
  kernel?: number;
  /** The instances measured, every process of each. */
  instances: number;
  /** PostgreSQL's processes (the postmaster and every backend); absent when it runs on another machine. */
  postgres?: number;
  /** The benchmark's own process: autocannon. */
  loadGenerator: number;
}

export interface WriteLockRun {
  lock: WriteLock;
  /** WEB_CONCURRENCY given to every instance; absent, the default (one worker per core). */
  webConcurrency?: number;
  /** The processes that answer requests in each instance: its workers, or the one process. */
  answering: number;
  /** 1: the 50 clients at one instance; 2: 25 at each of two at the same time. */
  instances: number;
  post: LoadFigure;
  cpu: CpuShares;
}

export interface WriteLockFigures {
  /** The machine's cores, which the instances, PostgreSQL and autocannon share. */
  cores: number;
  /** Each load's length. */
  seconds: number;
  runs: WriteLockRun[];
}

/** Clock ticks a second, the unit of /proc's CPU times (100 on Linux as almost every distribution builds it). */
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A file of /proc, or "" once its process is gone. */
function procFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** The children of a process, whichever of its threads started them. */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) =>
    procFile(`/proc/${pid}/task/${task}/children`).split(/\s+/).filter(Boolean).map(Number),
  );
}

/**
 * The CPU seconds used by a process and every process under it: each live one's user and system time, and that of the
 * children it has already reaped (a backend or a worker that ends between two readings still counts).
 */
function cpuSecondsOfTree(pid: number): number {
  const stat = procFile(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // After the name (which may hold spaces and brackets) come the fields from the 3rd on; utime, stime, cutime and
  // cstime are the 14th to 17th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return sum(childrenOf(pid).map(cpuSecondsOfTree)) + sum(fields.slice(11, 15).map(Number)) / TICKS_PER_SECOND;
}

/**
 * The machine's busy, interrupt and total clock ticks since it started, all cores together (/proc/stat); time stolen by
 * the host counts as busy.
 */
function machineTicks(): { busy: number; kernel: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = procFile("/proc/stat")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, kernel: irq + softirq, total: busy + idle + iowait };
}

const isPostgres = (pid: number) => procFile(`/proc/${pid}/comm`).trim() === "postgres";

/**
 * PostgreSQL's first process (the postmaster, parent of every backend) when it runs on this machine, else undefined.
 */
async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;
    const parent = Number(/^PPid:\s+(\d+)/m.exec(procFile(`/proc/${backend}/status`))?.[1] ?? 0);
    // A process of that number here that is not PostgreSQL's: the server is elsewhere.
    return isPostgres(backend) && parent > 0 && isPostgres(parent) ? parent : undefined;
  } finally {
    await client.end();
  }
}

/** `work`, and the share of the machine's cores that each part of the run used meanwhile. */
async function measuringCpu<T>(
  instances: Instance[],
  postmaster: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShares }> {
  const reading = () => ({
    machine: machineTicks(),
    instances: sum(instances.map((instance) => cpuSecondsOfTree(instance.pid))),
    postgres: postmaster === undefined ? 0 : cpuSecondsOfTree(postmaster),
    own: process.cpuUsage(),
    at: performance.now(),
  });
  const before = reading();
  const result = await work();
  const after = reading();
  // The seconds of every core together while the work ran.
  const available = ((after.at - before.at) / 1000) * os.cpus().length;
  const ownSeconds = (after.own.user - before.own.user + after.own.system - before.own.system) / 1e6;
  return {
    result,
    cpu: {
      machine: (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
      kernel: (after.machine.kernel - before.machine.kernel) / (after.machine.total - before.machine.total),
      instances: (after.instances - before.instances) / available,
      ...(postmaster === undefined ? {} : { postgres: (after.postgres - before.postgres) / available }),
      loadGenerator: ownSeconds / available,
    },
  };
}

/**
 * For each of WEB_CONCURRENCY unset (one worker per core) and WEB_CONCURRENCY=1, and each DATABASE_WRITE_LOCK: two
 * fresh
 * instances over the bench server's data folder and database, behind its address (as `startAnother` starts them), both
 * warmed; the 50 clients save their step on the first alone (the second idle), then 25 on each at the same time.
 * Stopped after. The bench server stays up, idle.
 */
export async function benchWriteLocks(server: BenchServer): Promise<WriteLockFigures> {
  const postmaster = await postmasterOf(server.database);
  const runs: WriteLockRun[] = [];
  for (const webConcurrency of [undefined, 1]) {
    for (const lock of ["database", "rows"] as const) {
      const env: Record<string, string> = {
        DATABASE_WRITE_LOCK: lock,
        ...(webConcurrency === undefined ? {} : { WEB_CONCURRENCY: String(webConcurrency) }),
      };
      const instances: Instance[] = [];
      try {
        for (let n = 0; n < 2; n += 1)
          instances.push(
            await startInstance({ dataDir: server.dataDir, database: server.database, appUrl: server.base, env }),
          );
        for (const instance of instances) await warm(instance.base, server.clients);
        // The first process answers nothing when it has workers.
        const processes = processesOf(instances[0].pid).length;
        const answering = processes === 1 ? 1 : processes - 1;
        for (const count of [1, 2]) {
          const measured = instances.slice(0, count);
          const bases = measured.map((instance) => instance.base);
          const { result: post, cpu } = await measuringCpu(measured, postmaster, () =>
            loadAcross(bases, {
              connections: CLIENTS,
              seconds: WIZARD_SECONDS,
              status: 302,
              requestOf: saveOf(server),
            }),
          );
          runs.push({
            lock,
            ...(webConcurrency === undefined ? {} : { webConcurrency }),
            answering,
            instances: count,
            post,
            cpu,
          });
        }
      } catch (error) {
        for (const instance of instances)
          console.error(`An instance's last output (DATABASE_WRITE_LOCK=${lock}):\n${instance.recentOutput()}`);
        throw error;
      } finally {
        for (const instance of instances) await instance.stop();
      }
    }
  }
  return { cores: os.cpus().length, seconds: WIZARD_SECONDS, runs };
}
