import { defineConfig } from "@playwright/test";
import tests from "./playwright.config";

// `npm run screens`: the browser tests' server (the production build on a free port with a fresh
// data folder) and its two projects (JavaScript on and off), running the one walk through every screen.
export default defineConfig({
  ...tests,
  testMatch: "screens.shots.ts",
  outputDir: "results/screens",
  timeout: 15 * 60_000,
  // A screen that changed on the way (a button gone) is told at once, not after the whole walk's time.
  use: { ...tests.use, actionTimeout: 20_000, navigationTimeout: 30_000 },
  globalTeardown: "./screens.teardown.ts",
});
