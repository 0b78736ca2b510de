import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./chromium";
import tests from "./playwright.config";

// `npm run screens`: the browser tests' server (the production build on a free port with a fresh
// data folder) and its two projects (JavaScript on and off), running the one walk through every screen.
export default defineConfig({
  ...tests,
  testMatch: "screens.shots.ts",
  outputDir: "results/screens",
  timeout: 15 * 60_000,
  // A screen that changed on the way (a button gone) is told at once, not after the whole walk's time.
  // The pictures are taken in the whole browser, as a person's draws the page (the tests run in its headless shell).
  use: {
    ...tests.use,
    launchOptions: { ...tests.use?.launchOptions, executablePath: CHROMIUM_PATH },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  globalTeardown: "./screens.teardown.ts",
});
