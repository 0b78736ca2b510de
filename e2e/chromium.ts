import { existsSync } from "node:fs";

// The machine's Chromium, as the browser tests and the benchmark's Lighthouse start it.

/**
 * The whole browser: what Lighthouse measures in (bench/lighthouse.ts), and the tests' browser when nothing lighter is
 * installed.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's `chromium-headless-shell`: the same Chromium, built without the browser's window and services. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the tests run in: CHROMIUM_PATH when it is set, otherwise Debian's headless shell when it is installed
 * (the headless Chromium Playwright itself runs tests in; about a fifth faster here than the whole browser started
 * headless: docs/decisions/0022-the-tests-browser-is-the-headless-shell.md), otherwise the whole browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** This machine has no network but loopback: without these Chromium keeps trying to reach its own services. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
