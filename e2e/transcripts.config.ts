import { defineConfig } from "@playwright/test";
import tests from "./playwright.config";

// `npm run transcripts`: the browser tests' server (the production build on a free port with a fresh data folder),
// one worker so the records' numbers come out the same each time, walking every screen to write what a screen reader
// says of it (e2e/transcripts.write.ts) into docs/a11y/transcripts/.
export default defineConfig({
  ...tests,
  testMatch: "transcripts.write.ts",
  outputDir: "results/transcripts",
  workers: 1,
  timeout: 30 * 60_000,
  projects: [{ name: "transcripts" }],
  use: { ...tests.use, actionTimeout: 20_000, navigationTimeout: 30_000 },
});
