import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { load, type LoadRequest } from "./http";
import { startInstance } from "./instance";
import { saveOf, stepOf, type BenchServer } from "./wizard";

// Where a wizard page's time goes: one process of the production build (WEB_CONCURRENCY=1) run under node's
// --cpu-prof while one client asks the child-language step again and again (GET, then POST with its redirect), and
// the functions that spent the most time themselves ("self time": not counting what they called), per request.

/** How long each profiled load lasts. */
export const PROFILE_SECONDS = 10;
/** A pause before and after each load, so that the load's samples can be told from the start's and the stop's. */
const QUIET_MS = 1000;

export interface HotFunction {
  name: string;
  /** A package, a part of node, or "the application" (the server build). */
  where: string;
  msPerRequest: number;
}

export interface Profile {
  requests: number;
  /** The process's busy time (all but idle) per request, in ms. */
  busyMsPerRequest: number;
  top: HotFunction[];
}

export interface ProfileFigures {
  get: Profile;
  post: Profile;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function whereOf(url: string, name: string): string {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  if (url.includes("/build/")) return "the application";
  if (url.startsWith("node:")) return "node";
  if (url) return path.basename(url);
  // (garbage collector), (program): V8's own; writev, stat: the system calls node makes.
  return name.startsWith("(") ? "V8" : "node (native)";
}

/** The self time of every function in the last `windowMs` of a profile, the largest first. */
export function hotFunctions(profile: CpuProfile, windowMs: number, requests: number, count = 10): Profile {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, HotFunction>();
  const from = profile.endTime - windowMs * 1000;
  let busy = 0;
  // Sample i is taken at startTime plus the deltas up to it, and stands for the time until the next one.
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    time += profile.timeDeltas[index] ?? 0;
    const duration = profile.timeDeltas[index + 1] ?? 0;
    if (time < from) continue;
    const { functionName, url, lineNumber } = nodes.get(profile.samples[index])!.callFrame;
    if (functionName === "(idle)") continue;
    busy += duration;
    const name = functionName || "(anonymous)";
    const key = `${name} ${url}:${lineNumber}`;
    const entry = self.get(key) ?? { name, where: whereOf(url, name), msPerRequest: 0 };
    entry.msPerRequest += duration / 1000 / requests;
    self.set(key, entry);
  }
  const top = [...self.values()].sort((a, b) => b.msPerRequest - a.msPerRequest).slice(0, count);
  return { requests, busyMsPerRequest: busy / 1000 / requests, top };
}

async function profiled(
  server: BenchServer,
  status: number,
  requestOf: (client: number, base: string) => LoadRequest,
): Promise<Profile> {
  const dir = mkdtempSync(path.join(tmpdir(), "referral-profile-"));
  try {
    const instance = await startInstance({
      dataDir: server.dataDir,
      database: server.database,
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
      env: { WEB_CONCURRENCY: "1" },
    });
    let requests = 0;
    try {
      // Warm: the code compiled, the statements prepared.
      for (let n = 0; n < 50; n += 1) {
        const request = requestOf(n, instance.base);
        await (
          await fetch(`${instance.base}${request.path}`, {
            method: request.method ?? "GET",
            headers: request.headers,
            body: request.body,
            redirect: "manual",
          })
        ).text();
      }
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      requests = (await load(instance.base, { connections: 1, seconds: PROFILE_SECONDS, status, requestOf })).requests;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    } finally {
      await instance.stop();
    }
    const [file] = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the profiled server wrote no profile");
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    // The load and the quiet after it: what the quiet holds is idle, which is not counted.
    return hotFunctions(profile, PROFILE_SECONDS * 1000 + QUIET_MS + 500, requests);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The GET and the POST of the wizard bench, each in a profiled process of its own over the bench's data. */
export async function profileWizard(server: BenchServer): Promise<ProfileFigures> {
  return { get: await profiled(server, 200, stepOf(server)), post: await profiled(server, 302, saveOf(server)) };
}
