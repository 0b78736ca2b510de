import { afterAll } from "vitest";
import { closeDataDir } from "./data-dir";

// vitest runs the test files of a worker one after another in one process, without loading the application's
// modules again for each (isolate: false, app/vitest.config.ts: loading them took most of the unit tests' time).
// What a file changes of the process is put back after it, so that the next starts as in a process of its own: the
// environment it set, and the configuration, database and mail transport made from it.
const environment = { ...process.env };

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  await closeDataDir();
});
