import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

// A production server of a test's own (the shared one must not be killed, nor started with other
// settings): the build, on its own port and data folder, with its output kept.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request on a connection of its own (none is kept for reuse: the server at the other end dies).
 * The caller writes the body and ends it; `answer` settles with the whole response.
 */
export function open(method: string, url: string, headers: Record<string, string> = {}) {
  const request = http.request(url, { method, headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  return { request, answer };
}

export function send(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const { request, answer } = open(method, url, headers);
  request.end(body);
  return answer;
}

/** The production build, started and stopped by the test, on its own port and data folder. */
export class OwnServer {
  readonly base: string;
  private child: ChildProcess | null = null;
  output = "";

  constructor(
    readonly dataDir: string,
    private readonly secret: string,
    readonly port: number,
    /** Settings of this server's own, over the test process's environment. */
    private readonly env: Record<string, string> = {},
  ) {
    this.base = `http://localhost:${port}`;
  }

  async start() {
    const child = spawn(process.execPath, ["build/server.js"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        NODE_ENV: "production",
        ALLOW_HTTP: "1",
        SESSION_SECRET: this.secret,
        APP_URL: this.base,
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${this.output}`);
      const ready = await send("GET", `${this.base}/healthz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The server's own process (with WEB_CONCURRENCY above 1, the one that starts the workers). */
  get pid(): number {
    if (!this.child?.pid) throw new Error("the server is not running");
    return this.child.pid;
  }

  /** SIGTERM, as a service manager stops it; its exit code (null when a signal ended it). */
  async stop(): Promise<number | null> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = once(child, "exit") as Promise<[number | null, string | null]>;
    child.kill("SIGTERM");
    return (await exited)[0];
  }

  /** SIGKILL: the process ends at once, whatever it was doing. */
  async kill() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  }
}
