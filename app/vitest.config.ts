import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  esbuild: { jsx: "automatic" },
  test: {
    environment: "node",
    // The server's log (app/services/log.server.ts) says nothing while tests run; a test that reads it spies on it.
    env: { LOG_LEVEL: "silent" },
    pool: "forks",
    // One worker a core: vitest's default leaves one core to its own process, which mostly waits.
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    // A test that first loads argon2, a spreadsheet library or the route modules takes seconds on
    // a busy 2-core machine; 5 s (the default) failed there without anything being wrong.
    testTimeout: 20_000,
    // The server's tests run one file after another in each worker's process, without loading the application's
    // modules again for each file (loading them was most of these tests' time): app/test/each-file.ts puts back what
    // a file changed of the process. A component's test renders into a page of its own (happy-dom), and the testing
    // library keeps the page it was first loaded with: those files each load everything afresh, in a thread.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      { extends: true, test: { name: "server", include: ["app/**/*.test.ts", "db/**/*.test.ts"], setupFiles: ["app/test/each-file.ts"] } },
      { extends: true, test: { name: "components", include: ["app/**/*.test.tsx"], pool: "threads" } },
    ],
  },
});
