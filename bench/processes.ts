import { readFileSync, writeFileSync } from "node:fs";

// The server's processes and their memory. With WEB_CONCURRENCY above 1 (the default: one per core) the process the
// benchmark starts watches the workers that answer requests (app/server/cluster.ts): a request's memory shows in
// whichever worker took it, so every process is watched and the one that grew most is reported.

/** The server's process and the workers it started. */
export function processesOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** Resident memory now and its high-water mark, in bytes; zeros for a process that has ended. */
export function memory(pid: number): { rss: number; peak: number } {
  let status = "";
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return { rss: 0, peak: 0 };
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Resets a process's high-water mark to its resident memory now (Linux's clear_refs); false where that is refused. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export interface MemoryGrowth {
  /** The resident memory of the process that grew most, as the work began. */
  rest: number;
  /** Its highest resident memory during the work: sampled, and its high-water mark where readable. */
  peak: number;
  /** Whether the high-water mark could be reset and read (else the samples alone). */
  highWaterMark: boolean;
}

/**
 * Runs `work` while sampling the resident memory of every process of the server every `everyMs`, after a short pause
 * (a collection's chance) for the figure at rest; gives back the work's result and the growth of the process that
 * grew most.
 */
export async function watchMemory<T>(
  pid: number,
  everyMs: number,
  work: () => Promise<T>,
): Promise<{ result: T; growth: MemoryGrowth }> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const pids = processesOf(pid);
  const rest = new Map(pids.map((each) => [each, memory(each).rss]));
  const highWaterMark = pids.map(resetPeak).every(Boolean);
  const peaks = new Map(rest);
  const sample = () => {
    for (const each of pids)
      peaks.set(each, Math.max(peaks.get(each) ?? 0, memory(each).rss, highWaterMark ? memory(each).peak : 0));
  };
  const sampler = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    const grown = pids.reduce((most, each) =>
      peaks.get(each)! - rest.get(each)! > peaks.get(most)! - rest.get(most)! ? each : most,
    );
    return { result, growth: { rest: rest.get(grown)!, peak: peaks.get(grown)!, highWaterMark } };
  } finally {
    clearInterval(sampler);
  }
}

/** The highest high-water mark among the server's processes. */
export function peakOfAll(pid: number): number {
  return Math.max(...processesOf(pid).map((each) => memory(each).peak));
}

export interface ProcessMemory {
  /** "the first process" (it starts the workers), or "worker n". */
  role: string;
  rss: number;
}

/**
 * How long a process is left without requests before its memory counts as at rest. Node gives a busy heap back on its
 * own only sometimes (V8's memory reducer): after 15 s of wizard GETs alone a worker held about 240 MB 10 s later and
 * about 95 MB 30 s later; after the benchmark's whole wizard load (GET, POST, /healthz) it still held about 340 MB 60 s
 * later (2026-11-26, bench/RESULTS.md).
 */
export const REST_MS = 30_000;

/** The resident memory of each of the server's processes after `quietMs` without a request. */
export async function memoryAtRest(pid: number, quietMs = REST_MS): Promise<ProcessMemory[]> {
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  const pids = processesOf(pid);
  return pids.map((each, index) => ({
    role: pids.length === 1 ? "the one process" : index === 0 ? "the first process" : `worker ${index}`,
    rss: memory(each).rss,
  }));
}
