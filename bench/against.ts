import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AGAINST_FILE, againstSection, withSection, type AgainstFigures, type Side } from "./against-section";
import { freePort, load, type LoadFigure } from "./http";
import { RESULTS_FILE } from "./side-by-side";

// `npm run bench:against -- <folder>`: the wizard step of this checkout beside the same step of another checkout of
// the application (an earlier commit, built, with its packages installed), each over data its own code filled, loaded
// in turn with the order swapped every round. The machine's other work then weighs on both alike, which a comparison
// of two runs made at different times cannot promise. The figures go to bench/figures-against.json and to their
// section of RESULTS.md, which `npm run bench` keeps.

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = 6;
const SECONDS = 10;
const CLIENTS = 50;

/** Filled by the checkout's own code (its migrations, its sessions), so each server reads data of its own shape. */
function fillWith(checkout: string, dataDir: string, secret: string): Array<{ cookie: string; path: string }> {
  const script = `import { fill } from "./bench/wizard.ts";
    import { writeFileSync } from "node:fs";
    const { clients } = await fill(${JSON.stringify(dataDir)});
    writeFileSync(${JSON.stringify(path.join(dataDir, "clients.json"))}, JSON.stringify(clients));`;
  execFileSync("npx", ["tsx", "--input-type=module", "--eval", script], {
    cwd: checkout,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: secret },
  });
  return JSON.parse(readFileSync(path.join(dataDir, "clients.json"), "utf8"));
}

interface Server {
  base: string;
  clients: Array<{ cookie: string; path: string }>;
  stop: () => void;
}

async function start(checkout: string, secret: string, dataDirs: string[]): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "referral-against-"));
  dataDirs.push(dataDir);
  const clients = fillWith(checkout, dataDir, secret);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["build/server.js"], {
    cwd: checkout,
    stdio: "ignore",
    env: {
      ...process.env,
      ...{ PORT: String(port), NODE_ENV: "production", ALLOW_HTTP: "1", DATA_DIR: dataDir, APP_URL: base },
      ...{ SESSION_SECRET: secret, SECRETS_KEY: randomBytes(32).toString("base64"), API_RATE_LIMIT: "1000000" },
    },
  });
  for (
    let tries = 0;
    !(await fetch(`${base}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    ));
    tries += 1
  ) {
    if (tries > 150) throw new Error(`${checkout}: the server did not answer /healthz in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const client of clients.slice(0, 20)) {
    await (await fetch(`${base}${client.path}`, { headers: { Cookie: client.cookie } })).text();
  }
  return { base, clients, stop: () => server.kill() };
}

const commitOf = (checkout: string) =>
  execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: checkout }).toString().trim();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function sideOf(commit: string, many: LoadFigure[], one: LoadFigure[]): Side {
  return {
    commit,
    manyPerSecond: median(many.map((figure) => figure.perSecond)),
    manyP95: median(many.map((figure) => figure.p95)),
    oneP50: median(one.map((figure) => figure.p50)),
    oneP95: median(one.map((figure) => figure.p95)),
    rounds: many.map((figure, round) => ({ manyPerSecond: figure.perSecond, oneP50: one[round].p50 })),
  };
}

async function main() {
  const other = process.argv[2];
  if (!other) throw new Error("usage: npm run bench:against -- <a built checkout of the earlier commit>");
  const checkouts = { earlier: path.resolve(other), now: HERE };
  const secret = randomBytes(32).toString("hex");
  const dataDirs: string[] = [];
  const loadAtStart = os.loadavg()[0];
  const servers: Partial<Record<keyof typeof checkouts, Server>> = {};
  try {
    servers.earlier = await start(checkouts.earlier, secret, dataDirs);
    servers.now = await start(checkouts.now, secret, dataDirs);
    const loads: Record<keyof typeof checkouts, { many: LoadFigure[]; one: LoadFigure[] }> = {
      earlier: { many: [], one: [] },
      now: { many: [], one: [] },
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const side of round % 2 ? (["now", "earlier"] as const) : (["earlier", "now"] as const)) {
        const server = servers[side]!;
        const requestOf = (n: number) => {
          const client = server.clients[n % server.clients.length];
          return { path: client.path, headers: { Cookie: client.cookie } };
        };
        loads[side].many.push(
          await load(server.base, { connections: CLIENTS, seconds: SECONDS, status: 200, requestOf }),
        );
        loads[side].one.push(await load(server.base, { connections: 1, seconds: SECONDS, status: 200, requestOf }));
        const [many, one] = [loads[side].many.at(-1)!, loads[side].one.at(-1)!];
        console.log(
          `round ${round + 1}, ${side}: ${many.perSecond.toFixed(0)} a second (50), p50 ${one.p50.toFixed(1)} ms (1)`,
        );
      }
    }
    const figures: AgainstFigures = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
      loadAtStart,
      rounds: ROUNDS,
      seconds: SECONDS,
      earlier: sideOf(commitOf(checkouts.earlier), loads.earlier.many, loads.earlier.one),
      now: sideOf(commitOf(checkouts.now), loads.now.many, loads.now.one),
    };
    writeFileSync(AGAINST_FILE, `${JSON.stringify(figures, null, 2)}\n`);
    const section = againstSection(figures);
    writeFileSync(RESULTS_FILE, withSection(readFileSync(RESULTS_FILE, "utf8"), section));
    console.log(section);
  } finally {
    for (const server of Object.values(servers)) server?.stop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
