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
    // First loads of argon2 and the like take seconds on a busy 2-core machine; the 5 s default failed there.
    testTimeout: 20_000,
    // Server tests share each worker's loaded modules (reloading was most of their time); app/test/each-file.ts resets
    // the process. Component tests need a fresh happy-dom page each, so they run isolated in threads.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["app/**/*.test.ts", "db/**/*.test.ts"],
          setupFiles: ["app/test/each-file.ts"],
        },
      },
      { extends: true, test: { name: "components", include: ["app/**/*.test.tsx"], pool: "threads" } },
    ],
  },
});
