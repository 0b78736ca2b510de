import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";

// Load over HTTP with autocannon: every response's time is kept, so the medians and 95th
// percentiles are exact (autocannon's own summary has no 95th), and a response with another
// status than the one expected stops the run (a benchmark of error pages measures nothing).

export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigure {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
}

const TIMEOUT_SECONDS = 30;

export function percentile(samples: number[], share: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  status: number;
  /** What client n sends to the instance at `base`. */
  requestOf: (client: number, base: string) => LoadRequest;
}

/**
 * The time of every answer, in ms, of `connections` clients each sending its next request as soon as the last is
 * answered.
 */
async function answerTimes(base: string, { connections, seconds, status, requestOf }: LoadOptions): Promise<number[]> {
  const times: number[] = [];
  let wrong: string | null = null;
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: TIMEOUT_SECONDS,
        setupClient(client) {
          const request = requestOf(next++, base);
          // (setRequests, not setRequest: that one changes the first request only, and the next go without the cookie.)
          client.setRequests([
            { method: request.method ?? "GET", path: request.path, headers: request.headers ?? {}, body: request.body },
          ]);
        },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, code, _bytes, responseTime) => {
      if (code !== status) wrong ??= `HTTP ${code} where ${status} was expected`;
      times.push(responseTime);
    });
  });
  if (wrong) throw new Error(`${base}: ${wrong}`);
  if (result.errors > result.timeouts) throw new Error(`${base}: ${result.errors - result.timeouts} requests failed`);
  // A request unanswered after 30 s counts as 30 s (a lost sample would flatter the figures).
  for (let lost = 0; lost < result.timeouts; lost += 1) times.push(TIMEOUT_SECONDS * 1000);
  return times;
}

const figureOf = (times: number[], seconds: number): LoadFigure => ({
  requests: times.length,
  perSecond: times.length / seconds,
  p50: percentile(times, 0.5),
  p95: percentile(times, 0.95),
});

/**
 * `connections` clients at once, each sending its next request as soon as the last is answered,
 * for `seconds`; client n sends `requestOf(n, base)` (its own session, its own referral).
 */
export async function load(base: string, options: LoadOptions): Promise<LoadFigure> {
  return figureOf(await answerTimes(base, options), options.seconds);
}

/**
 * The same load split evenly between several instances of the application, all at the same time
 * (as a load balancer would share it): client n still sends `requestOf(n, base)`, `base` its
 * instance's, and the figures count the answers of every instance together.
 */
export async function loadAcross(bases: string[], options: LoadOptions): Promise<LoadFigure> {
  const share = options.connections / bases.length;
  if (!Number.isInteger(share))
    throw new Error(`${options.connections} clients cannot be split evenly between ${bases.length} instances`);
  const times = await Promise.all(
    bases.map((base, index) =>
      answerTimes(base, {
        ...options,
        connections: share,
        requestOf: (client, to) => options.requestOf(index * share + client, to),
      }),
    ),
  );
  return figureOf(times.flat(), options.seconds);
}

/**
 * The ceiling: a bare node:http server, in its own process as the application is, answering every
 * request with the bytes and headers the application sent for the page. Nothing can serve that
 * page faster on this machine; the application's figures are compared with it.
 */
export async function startCeiling(folder: string, page: { body: string; headers: Record<string, string> }) {
  const port = await freePort();
  const pageFile = path.join(folder, "ceiling-page.json");
  writeFileSync(pageFile, JSON.stringify(page));
  const script = `
    const { createServer } = require("node:http");
    const page = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(pageFile)}, "utf8"));
    const body = Buffer.from(page.body);
    createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { ...page.headers, "Content-Length": body.length });
        response.end(body);
      });
    }).listen(${port}, () => console.log("ready"));
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the ceiling server stopped (${code})`)));
  });
  return { base: `http://localhost:${port}`, stop: () => child.kill() };
}

/** Headers a server sets for itself on each response; the ceiling sets its own. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "set-cookie"]);

export interface PageFigure {
  app: LoadFigure;
  ceiling: LoadFigure;
  htmlBytes: number;
}

/** A page under load, then the ceiling serving that page's bytes under the same load. */
export async function loadAgainstCeiling(
  base: string,
  folder: string,
  options: Omit<LoadOptions, "status">,
): Promise<PageFigure> {
  const app = await load(base, { ...options, status: 200 });
  const first = options.requestOf(0, base);
  const sample = await fetch(`${base}${first.path}`, { headers: first.headers });
  const body = await sample.text();
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  const ceilingServer = await startCeiling(folder, { body, headers });
  try {
    const ceiling = await load(ceilingServer.base, { ...options, status: 200 });
    return { app, ceiling, htmlBytes: Buffer.byteLength(body) };
  } finally {
    ceilingServer.stop();
  }
}
