import type { Server } from "node:http";
import { Session } from "node:inspector";

// A busy process leaves its dead objects for V8 to collect when it next needs the room: after a burst of requests the
// heap holds four to five times what is alive (140 MB where 30 MB are), and V8 keeps it while nothing is asked of it.
// When a process has answered nothing for IDLE_MS after answering something, it asks V8 for the collection that also
// hands the emptied pages back to the system (the one a debugger's "collect garbage" makes: node's own gc() leaves
// them in V8's pool), so that the process at rest holds what is alive (bench/RESULTS.md, "Memory"). It runs only when
// no request waits for it, and takes some tens of milliseconds.

const IDLE_MS = 5000;

export function collectAll(): Promise<void> {
  const session = new Session();
  session.connect();
  return new Promise<void>((resolve) => session.post("HeapProfiler.collectGarbage", () => resolve())).finally(() => session.disconnect());
}

export function collectWhenIdle(server: Server) {
  let busy = false;
  let lastRequest = 0;
  server.on("request", () => {
    busy = true;
    lastRequest = Date.now();
  });
  setInterval(() => {
    if (!busy || Date.now() - lastRequest < IDLE_MS) return;
    busy = false;
    void collectAll();
  }, IDLE_MS / 2).unref();
}
