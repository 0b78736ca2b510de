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
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"],
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
  },
});
