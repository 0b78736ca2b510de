import os from "node:os";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { reviewHref } from "../app/utils/wizard-paths";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";
import type { Screen } from "./weights";

// Lighthouse's performance score of three screens as a phone sees them: its default configuration
// (mobile: a Moto G-sized screen, slow 4G and the CPU slowed four times, simulated), run from Node
// in the machine's whole Chromium (CHROMIUM_PATH; the browser tests run in its headless shell when installed), started
// by chrome-launcher.

/** Each screen is measured this many times; its median score is the one reported (scores vary from run to run). */
const RUNS = 5;
/** The acceptance threshold of each screen's score, with either throttling (docs/architecture.md, The budgets). */
export const LIGHTHOUSE_THRESHOLD = 0.95;
const THRESHOLD = LIGHTHOUSE_THRESHOLD;
const CHROMIUM = CHROMIUM_PATH;
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

interface LighthouseRun {
  score: number;
  /**
   * Largest Contentful Paint, Total Blocking Time and First Contentful Paint in ms; Cumulative Layout Shift unitless.
   */
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Time to interactive in ms: when the page's scripts have taken over and the main thread is quiet. */
  tti: number;
  /** Lighthouse's measure of the machine's speed during the load (higher is faster). */
  benchmarkIndex: number;
}

/** A screen's run of median score, with the scores of all its runs. */
interface LighthouseFigure extends LighthouseRun {
  label: string;
  path: string;
  scores: number[];
  /** The median of each load's LCP and of each load's time to interactive, in ms (each metric's own median). */
  lcpMedian: number;
  ttiMedian: number;
}

export interface LighthouseFigures {
  method: ThrottlingMethod;
  version: string;
  /** The browser and its version. */
  browser: string;
  /** The conditions of the default mobile configuration, as the runs reported them. */
  conditions: string;
  /**
   * The machine's 1-minute load average as the measures began: Lighthouse scales the CPU time it saw, so other work
   * lowers the scores.
   */
  loadAverage: number;
  screens: LighthouseFigure[];
}

/**
 * The sign-in page, and a referrer's wizard step (the child's language, as the wizard's load uses) and the review of
 * the same Draft.
 */
export function lighthouseScreens({ clients }: { clients: Array<{ cookie: string; path: string }> }): Screen[] {
  const { cookie, path } = clients[0];
  const [, child, referral, user] = /\/app\/child\/(\d+)\/referral\/(\d+)\/user\/(\d+)\//.exec(path)!.map(Number);
  return [
    { label: "sign in", path: "/login" },
    { label: "a wizard step (the child's language)", path, cookie },
    { label: "the review of a Draft", path: reviewHref({ child, referral, user }), cookie },
  ];
}

/**
 * Tries of one load: Lighthouse now and then fails to record a page's trace (NO_NAVSTART, NO_FCP) and asks to be run
 * again.
 */
const TRIES = 3;

/** One Lighthouse load of `url`, its result checked: the page asked for, a score, no error. */
async function loadOnce(port: number, url: string, cookie: string | undefined, method: ThrottlingMethod) {
  for (let tried = 1; ; tried += 1) {
    const lhr = (
      await lighthouse(url, {
        port,
        onlyCategories: ["performance"],
        logLevel: "error",
        throttlingMethod: method,
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      })
    )?.lhr;
    if (!lhr) throw new Error(`${url}: Lighthouse returned no result`);
    if (lhr.runtimeError) {
      const why = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      if (tried === TRIES) throw new Error(why);
      console.warn(`${why}; loaded again`);
      continue;
    }
    // A sign-in redirect would measure the sign-in page instead.
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url}: ended at ${lhr.finalDisplayedUrl}`);
    const score = lhr.categories.performance.score;
    if (score === null) throw new Error(`${url}: no performance score (${lhr.runWarnings.join("; ")})`);
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse, ${url}: ${warning}`);
    const metric = (id: string) => lhr.audits[id].numericValue ?? NaN;
    const run: LighthouseRun = {
      score,
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      fcp: metric("first-contentful-paint"),
      tti: metric("interactive"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
    const { screenEmulation: phone, throttling, throttlingMethod, formFactor } = lhr.configSettings;
    const conditions =
      `a ${phone.width}×${phone.height} screen at ${phone.deviceScaleFactor}× (${formFactor}), ` +
      `a network of ${throttling.rttMs} ms round trip and ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s (slow 4G), ` +
      `the CPU slowed ${throttling.cpuSlowdownMultiplier} times, the throttling ${throttlingMethod === "simulate" ? "simulated" : `by ${throttlingMethod}`}`;
    return { run, version: lhr.lighthouseVersion, conditions };
  }
}

/**
 * Lighthouse's two ways of slowing the load: computed from a load at full speed, or applied to the browser (DevTools).
 */
export type ThrottlingMethod = "simulate" | "devtools";

export async function lighthouseScores(
  base: string,
  screens: Screen[],
  method: ThrottlingMethod = "simulate",
): Promise<LighthouseFigures> {
  const loadAverage = os.loadavg()[0];
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  try {
    const browser = (
      (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }
    ).Browser;
    // One unmeasured load first: the browser just started.
    const { version, conditions } = await loadOnce(chrome.port, `${base}${screens[0].path}`, screens[0].cookie, method);
    const figures: LighthouseFigure[] = [];
    for (const screen of screens) {
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push((await loadOnce(chrome.port, `${base}${screen.path}`, screen.cookie, method)).run);
      }
      const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)];
      const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const figure = {
        label: screen.label,
        path: screen.path,
        ...median,
        scores: runs.map((each) => each.score),
        lcpMedian: middle(runs.map((each) => each.lcp)),
        ttiMedian: middle(runs.map((each) => each.tti)),
      };
      figures.push(figure);
      console.log(
        `Lighthouse (${method}), ${figure.label}: ${figure.score.toFixed(2)} (runs ${figure.scores.map((each) => each.toFixed(2)).join(", ")}), LCP ${figure.lcp.toFixed(0)} ms, TBT ${figure.tbt.toFixed(0)} ms, CLS ${figure.cls.toFixed(3)}, FCP ${figure.fcp.toFixed(0)} ms, CPU index ${figure.benchmarkIndex.toFixed(0)}`,
      );
    }
    return { method, version, browser, conditions, loadAverage, screens: figures };
  } finally {
    chrome.kill();
  }
}

/** How each method slows the load, as the section says it. */
const METHOD_TEXT: Record<ThrottlingMethod, { title: string; text: string }> = {
  simulate: {
    title: "simulated throttling",
    text: `Simulated, as Lighthouse does by default: the page loads from this machine at full speed, and Lighthouse computes
how long it would take on that phone and network from the requests it saw and from the time the browser's main
thread worked here, multiplied by the CPU's slowdown.`,
  },
  devtools: {
    title: "applied throttling",
    text: `Applied (\`throttlingMethod: "devtools"\`): the browser itself is slowed while the page loads (its network by
DevTools' round-trip delay and bandwidth, its CPU by the slowdown), and Lighthouse reports what it saw, nothing
computed. This is what a person on that phone would wait for, and the measure that decides whether a trick is kept
(docs/decisions/0010-the-framework-as-it-ships.md).`,
  },
};

/** The section of RESULTS.md for one throttling method. */
export function lighthouseSection({
  method,
  version,
  browser,
  conditions,
  loadAverage,
  screens,
}: LighthouseFigures): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const rows = screens.map(
    (figure) =>
      `| ${figure.label} | ${figure.score.toFixed(2)} | ${figure.scores.map((each) => each.toFixed(2)).join(", ")} | ${seconds(figure.lcpMedian)} | ${seconds(figure.ttiMedian)} | ${figure.tbt.toFixed(0)} | ${figure.cls.toFixed(3)} | ${seconds(figure.fcp)} | ${figure.benchmarkIndex.toFixed(0)} | ${figure.score >= THRESHOLD ? "within" : "UNDER"} |`,
  );
  return `## Lighthouse on a phone, ${METHOD_TEXT[method].title} (performance score at least ${THRESHOLD.toFixed(2)})

Lighthouse ${version} run from Node (the \`lighthouse\` package, \`bench/lighthouse.ts\`) with its default mobile
configuration, the performance category only:
${conditions}.
${METHOD_TEXT[method].text} Other work on the machine slows the page here, and so lowers the scores: the 1-minute load
average as the measures began was ${loadAverage.toFixed(2)}, and "CPU index" is Lighthouse's own measure of the machine's
speed during the load that scored the median (higher is faster).

The browser: ${CHROMIUM} (${browser}), headless, started once by \`chrome-launcher\` for all the loads, on the
machine that runs the server, and given one unmeasured load first. Each screen is loaded ${RUNS} times, Lighthouse
clearing the browser's cache before each; the table gives the median score, each load's score, the median LCP and
the median time to interactive of the ${RUNS} loads (each metric's own median), and the other metrics of the load that
scored the median. The signed-in screens are a referrer's, the session's cookie sent with every request; the review
is of the same Draft as the wizard step (mostly empty, as the benchmark's Drafts are).

| Screen | Score (median of ${RUNS}) | Each load's score | LCP (s, median) | Time to interactive (s, median) | TBT (ms) | CLS | FCP (s) | CPU index | At least ${THRESHOLD.toFixed(2)} |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
}
