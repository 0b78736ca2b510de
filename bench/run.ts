import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "../db/testing";
import { allChildren, CHILD_LIST, listChildren } from "../app/models/child-list.server";
import type { CurrentUser } from "../app/models/user.server";
import { parseListQuery } from "../app/utils/list";
import { chunkSection } from "./chunks";
import { percentile, type LoadFigure, type PageFigure } from "./http";
import {
  LIGHTHOUSE_THRESHOLD,
  lighthouseScores,
  lighthouseScreens,
  lighthouseSection,
  type LighthouseFigures,
  type ThrottlingMethod,
} from "./lighthouse";
import { benchInsight, INSIGHT_BUDGET_MS } from "./insight";
import { benchLists, LIST_RUNS, PAGE_SECONDS } from "./lists";
import { postgresServerOfRun } from "./postgres";
import { benchReports } from "./reports";
import { againstSection, readAgainst } from "./against-section";
import { RESULTS_FILE, saveSideBySide, type ChildrenListFigure, type Conditions } from "./side-by-side";
import { memoryAtRest, peakOfAll, REST_MS, type ProcessMemory } from "./processes";
import { PROFILE_SECONDS, profileWizard, type Profile, type ProfileFigures } from "./profile";
import { benchUpload } from "./upload";
import { benchWriteLocks } from "./write-locks";
import { pageWeights, screensOf } from "./weights";
import {
  benchTwoInstances,
  benchWizard,
  CHILDREN as BENCH_CHILDREN,
  REFERRALS,
  startBenchServer,
  USERS,
  WIZARD_SECONDS,
  type DatabaseKind,
  type WizardFigures,
} from "./wizard";
import { benchObservability, observabilitySection } from "./observability";

// `npm run bench`: measures against the budgets of docs/architecture.md on SQLite and writes bench/RESULTS.md.
// `npm run bench -- --database=postgres`: the same measures on PostgreSQL (bench/postgres.ts), written only
// to the side-by-side section at the end of RESULTS.md (bench/side-by-side.ts), which either run rebuilds.
// A benchmark, not a test: it prints figures and never fails a build.

/** Children of one user for the children list: 10,000 at the full size. */
const CHILDREN = REFERRALS / 10;
const RUNS = 200;
const BUDGET_MS = 50;

function databaseAsked(args: string[]): DatabaseKind {
  const asked =
    args.length === 0 ? "sqlite" : args.length === 1 ? /^--database=(sqlite|postgres)$/.exec(args[0])?.[1] : undefined;
  if (!asked) {
    console.error(
      "Usage: npm run bench [-- --database=sqlite|postgres]   (BENCH_REFERRALS=5000 for a small run that only checks the code)",
    );
    process.exit(2);
  }
  return asked as DatabaseKind;
}

/** Why the wizard's figure under 50 clients is what it is (kept beside the figures it explains). */
function wizardNote(wizard: WizardFigures, processes: number): string {
  const needed = Math.round(50 / (BUDGET_MS / 1000));
  return `Why the ${BUDGET_MS} ms budget is missed at 50 clients. With 50 clients each waiting for its answer before asking again,
an answer takes about 50 divided by the answers a second: under ${BUDGET_MS} ms would take about ${needed.toLocaleString("en-US")} a second. The ${processes} workers
answer ${wizard.get.app.perSecond.toFixed(0)} a second, sharing the machine's ${os.cpus().length} cores with the load generator; each answer costs the
work its profile below shows (alone, a GET answers in ${wizard.getAlone.app.p50.toFixed(1)} ms at the median), most of it React rendering
the page and the framework's handling of the request. The POST and its redirect, which renders nothing, answers
${(wizard.post.perSecond / wizard.get.app.perSecond).toFixed(1)} times as many. The ceiling is one process: it serves stored bytes, and the load generator, not it, is what
stops it.${
    wizard.floor
      ? ` A request that makes no page at all (/healthz: Express, Remix's handling, one SELECT) answers
${wizard.floor.perSecond.toFixed(0)} a second on the same server, ${(wizard.get.ceiling.perSecond / wizard.floor.perSecond).toFixed(0)} times fewer than the ceiling; the step costs
${(wizard.floor.perSecond / wizard.get.app.perSecond).toFixed(1)} times what that request costs. (The ceiling is context, not a target: docs/decisions/0009-the-budgets.md.)`
      : ""
  }`;
}

/**
 * The figures of the code at 8b77184, before its framework was taken back to what its authors ship
 * (docs/decisions/0010-the-framework-as-it-ships.md): bench/RESULTS.md at 053370b, the last run before it. Applied
 * throttling was not measured then: its figures are of 08e97a1, which still had the patches and the scripts after the
 * first paint, measured on this machine with bench/lighthouse.ts as it is now.
 */
const BEFORE = {
  getAlone: "1.7 ms",
  getPerSecond: "636 a second",
  getP95: "133.6 ms",
  postPerSecond: "1444 a second",
  memory: "150 MB at most",
  javaScript: "122.2 KB at most",
  simulate: ["1.00", "1.00", "1.00"],
  devtools: ["1.00", "1.00", "1.00"],
};

/**
 * The targets (docs/architecture.md and docs/decisions/0009-the-budgets.md), against this run's figures and 8b77184's.
 */
function targetRows(
  wizard: WizardFigures,
  rest: ProcessMemory[][],
  heaviestJs: number,
  lighthouse: Record<ThrottlingMethod, LighthouseFigures>,
): string[] {
  const largest = Math.max(...rest.flat().map((each) => each.rss)) / 2 ** 20;
  const row = (target: string, measured: string, before: string, met: boolean) =>
    `| ${target} | ${measured} | ${before} | ${met ? "met" : "NOT MET"} |`;
  return [
    row(
      "GET the step, 1 client: median at most 4.5 ms",
      `${wizard.getAlone.app.p50.toFixed(1)} ms`,
      BEFORE.getAlone,
      wizard.getAlone.app.p50 <= 4.5,
    ),
    row(
      "GET the step, 50 clients: at least 400 a second",
      `${wizard.get.app.perSecond.toFixed(0)} a second`,
      BEFORE.getPerSecond,
      wizard.get.app.perSecond >= 400,
    ),
    row(
      "GET the step, 50 clients: p95 at most 200 ms",
      `${wizard.get.app.p95.toFixed(1)} ms`,
      BEFORE.getP95,
      wizard.get.app.p95 <= 200,
    ),
    row(
      "POST the step and its redirect, 50 clients: at least 800 a second",
      `${wizard.post.perSecond.toFixed(0)} a second`,
      BEFORE.postPerSecond,
      wizard.post.perSecond >= 800,
    ),
    row(
      "resident memory at rest at most 200 MB per process",
      `${largest.toFixed(0)} MB at most`,
      BEFORE.memory,
      largest <= 200,
    ),
    row(
      "JavaScript at most 150 KB gzipped on every screen",
      `${(heaviestJs / 1024).toFixed(1)} KB at most`,
      BEFORE.javaScript,
      heaviestJs <= 150 * 1024,
    ),
    ...(["simulate", "devtools"] as const).flatMap((method) =>
      lighthouse[method].screens.map((screen, index) =>
        row(
          `Lighthouse (mobile, ${method === "simulate" ? "simulated" : "applied"} throttling) at least ${LIGHTHOUSE_THRESHOLD.toFixed(2)}: ${screen.label}`,
          `${screen.score.toFixed(2)} (median of ${screen.scores.join(", ")})`,
          BEFORE[method][index],
          screen.score >= LIGHTHOUSE_THRESHOLD,
        ),
      ),
    ),
  ];
}

/** The profile measured on the code before this work (bench/profile-before.json), when it is there. */
interface ProfileBefore extends ProfileFigures {
  measured: string;
}
const PROFILE_BEFORE = new URL("./profile-before.json", import.meta.url);
const profileBefore = (): ProfileBefore | null =>
  existsSync(PROFILE_BEFORE) ? (JSON.parse(readFileSync(PROFILE_BEFORE, "utf8")) as ProfileBefore) : null;

function profileTable(label: string, now: Profile, before: Profile | undefined): string {
  const cell = (entry: Profile["top"][number] | undefined) =>
    entry ? `${entry.name} (${entry.where}) | ${entry.msPerRequest.toFixed(3)}` : " | ";
  const rows = now.top.map(
    (entry, index) => `| ${index + 1} | ${before ? `${cell(before.top[index])} | ` : ""}${cell(entry)} |`,
  );
  const head = before
    ? `| # | Before: function (where) | ms a request | Now: function (where) | ms a request |\n|---|---|---|---|---|`
    : `| # | Function (where) | ms a request |\n|---|---|---|`;
  const busy = before
    ? `busy ${before.busyMsPerRequest.toFixed(2)} ms a request before (${before.requests.toLocaleString("en-US")} requests in ${PROFILE_SECONDS} s), ${now.busyMsPerRequest.toFixed(2)} ms now (${now.requests.toLocaleString("en-US")})`
    : `busy ${now.busyMsPerRequest.toFixed(2)} ms a request (${now.requests.toLocaleString("en-US")} requests in ${PROFILE_SECONDS} s)`;
  return `### ${label}: ${busy}\n\n${head}\n${rows.join("\n")}`;
}

async function time(runs: number, work: () => Promise<unknown>) {
  for (let warm = 0; warm < 10; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

interface ChildrenListFigures {
  lists: ChildrenListFigure[];
  exported: number;
  exportMs: number;
}

/**
 * The model call listChildren over one user's children, in a database of its own (on PostgreSQL, on the run's server).
 */
async function benchChildrenList(): Promise<ChildrenListFigures> {
  const test = await createTestDatabase();
  try {
    const { db } = test;
    const user = await db
      .insertInto("users")
      .values({
        email: "bench@example.com",
        username: "bench@example.com",
        password_hash: "x",
        first_name: "Bench",
        last_name: "User",
        enabled: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const actor: CurrentUser = {
      id: user.id,
      email: "bench@example.com",
      firstName: "Bench",
      lastName: "User",
      primaryLanguage: "en",
      roles: ["ROLE_USER"],
      isAdmin: false,
      isSuperAdmin: false,
      localProgramIds: [],
    };
    const names = ["Ana", "Beto", "Carla", "Dario", "Elena", "Fabio", "Gloria", "Hugo", "Irene", "Jorge"];
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < CHILDREN; start += 500) {
        const rows = Array.from({ length: Math.min(500, CHILDREN - start) }, (_, index) => {
          const n = start + index;
          const day = new Date(Date.UTC(2024, 0, 1) + (n % 1000) * 86_400_000).toISOString().slice(0, 10);
          const stamp = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
          return {
            first_name: names[n % 10],
            last_name: `Family${n}`,
            birthdate: day,
            state_of_residence: "21",
            created_by_id: user.id,
            created_at: stamp,
            updated_at: stamp,
          };
        });
        await trx.insertInto("children").values(rows).execute();
      }
    });
    const query = (text: string) => parseListQuery(new URLSearchParams(text), CHILD_LIST, "en");
    const middlePage = CHILDREN / 20;
    const cases: Array<[string, string]> = [
      ["first page, newest first (the default)", ""],
      [`page ${middlePage} of 10, sorted by name`, `sort=name&order=asc&page=${middlePage}`],
      ["50 rows, sorted by birthdate", "sort=birthdate&order=desc&count=50"],
      ["name filter", "name=Family99"],
      ["birthdate between two dates", "birthdateType=between&birthdateFrom=2024-03-01&birthdateTo=2024-06-30"],
    ];
    const lists: ChildrenListFigure[] = [];
    for (const [label, text] of cases) {
      const { p50, p95 } = await time(RUNS, () => listChildren(db, actor, query(text)));
      lists.push({ label, p50, p95 });
      console.log(`${label}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    }
    const exportStart = performance.now();
    let exported = 0;
    for await (const page of allChildren(db, actor, query("sort=name&order=asc"))) exported += page.length;
    const exportMs = performance.now() - exportStart;
    console.log(`CSV export rows read: ${exported} in ${exportMs.toFixed(0)} ms`);
    return { lists, exported, exportMs };
  } finally {
    await test.close();
  }
}

type ServerFigures = Awaited<ReturnType<typeof benchServer>>;

/** Every measure made over HTTP against the production build, on the database asked for. */
async function benchServer(database: DatabaseKind) {
  console.log(
    `A fresh data folder: ${USERS.toLocaleString("en-US")} users, ${BENCH_CHILDREN.toLocaleString("en-US")} children, ${REFERRALS.toLocaleString("en-US")} referrals (a minute or two)${database === "postgres" ? ", then moved into PostgreSQL" : ""}…`,
  );
  const server = await startBenchServer({ database });
  try {
    const { move } = server;
    if (move) {
      console.log(
        `copyDatabase: ${move.copySeconds.toFixed(1)} s, then ANALYZE ${move.analyzeSeconds.toFixed(1)} s; every table's rows equal on both sides`,
      );
      for (const proof of move.csv)
        console.log(
          `referral CSV, ${proof.list}: ${proof.rows} rows, the same SHA-256 from both (${proof.sqliteSha256})`,
        );
    }
    const atStart = await memoryAtRest(server.pid, 2000);
    console.log(`${atStart.length} processes: ${atStart.map((each) => `${each.role} ${mb(each.rss)} MB`).join(", ")}`);
    console.log("A wizard step under load, and its ceiling…");
    const wizard = await benchWizard(server);
    const afterLoad = await memoryAtRest(server.pid);
    console.log(`at rest after the load: ${afterLoad.map((each) => `${each.role} ${mb(each.rss)} MB`).join(", ")}`);
    console.log("Where a wizard page's time goes (one profiled process)…");
    const profile = await profileWizard(server);
    for (const kind of ["get", "post"] as const)
      console.log(`profile ${kind}: busy ${profile[kind].busyMsPerRequest.toFixed(2)} ms a request`);
    console.log("The wizard step with the log and the metrics on, beside off…");
    const observability = await benchObservability(server);
    for (const side of ["off", "on"] as const) {
      const { get, post } = observability[side];
      console.log(
        `log and metrics ${side}: GET ${get.perSecond.toFixed(0)}/s p95 ${get.p95.toFixed(1)} ms, POST ${post.perSecond.toFixed(0)}/s p95 ${post.p95.toFixed(1)} ms`,
      );
    }
    const loads: Array<[string, LoadFigure]> = [
      ["GET, 50 clients", wizard.get.app],
      ["ceiling, 50 clients", wizard.get.ceiling],
      ["POST, 50 clients", wizard.post],
      ["GET, 1 client", wizard.getAlone.app],
      ["ceiling, 1 client", wizard.getAlone.ceiling],
    ];
    // Two instances need a database that several processes share: PostgreSQL.
    const twoInstances = database === "postgres" ? await benchTwoInstances(server) : undefined;
    if (twoInstances)
      loads.push(
        ["GET, 50 clients on two instances", twoInstances.get],
        ["POST, 50 clients on two instances", twoInstances.post],
      );
    for (const [label, figure] of loads) {
      console.log(
        `wizard ${label}: ${figure.perSecond.toFixed(0)}/s, p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms`,
      );
    }
    // The same POST on instances of their own, with the one lock for the whole database and with row locks (PostgreSQL
    // only).
    if (twoInstances)
      console.log("Writes on one instance and on two, with the one lock for the database and with row locks…");
    const writes = twoInstances ? await benchWriteLocks(server) : undefined;
    for (const run of writes?.runs ?? []) {
      const { post, cpu } = run;
      const share = (value: number | undefined) =>
        value === undefined ? "not measured" : `${(value * 100).toFixed(0)}%`;
      console.log(
        `POST, DATABASE_WRITE_LOCK=${run.lock}, WEB_CONCURRENCY ${run.webConcurrency ?? "unset"} (${run.answering} answering each), ${run.instances} instance${run.instances === 1 ? "" : "s"}: ` +
          `${post.perSecond.toFixed(0)}/s, p50 ${post.p50.toFixed(1)} ms, p95 ${post.p95.toFixed(1)} ms; of the ${writes!.cores} cores: machine ${share(cpu.machine)}, ` +
          `instances ${share(cpu.instances)}, PostgreSQL ${share(cpu.postgres)}, autocannon ${share(cpu.loadGenerator)}`,
      );
    }
    console.log("The lists, the dashboard and the API…");
    const lists = await benchLists(server);
    for (const figure of lists.http)
      console.log(
        `${figure.label}: ${figure.app.perSecond.toFixed(0)}/s, p50 ${figure.app.p50.toFixed(1)} ms, p95 ${figure.app.p95.toFixed(1)} ms`,
      );
    console.log(
      `referral CSV: ${lists.csv.rows} rows in ${lists.csv.ms.toFixed(0)} ms, server memory +${lists.csv.growthMb.toFixed(1)} MB`,
    );
    console.log("The program insight page…");
    const insight = await benchInsight(server);
    for (const figure of insight.model)
      console.log(
        `${figure.label}: ${figure.total} referrals, p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms`,
      );
    for (const figure of insight.http)
      console.log(
        `${figure.label}: ${figure.app.perSecond.toFixed(0)}/s, p50 ${figure.app.p50.toFixed(1)} ms, p95 ${figure.app.p95.toFixed(1)} ms`,
      );
    console.log("Page weights…");
    const weights = await pageWeights(server.base, screensOf(server));
    console.log("Lighthouse on a phone…");
    const lighthouse = {
      simulate: await lighthouseScores(server.base, lighthouseScreens(server), "simulate"),
      devtools: await lighthouseScores(server.base, lighthouseScreens(server), "devtools"),
    };
    console.log("Uploads…");
    const uploads = await benchUpload(server);
    for (const figure of uploads) {
      console.log(
        `upload ${figure.label}: HTTP ${figure.status} in ${figure.ms.toFixed(0)} ms; server RSS at rest ${mb(figure.restRss)} MB, peak ${mb(figure.sampledPeakRss)} MB (high-water mark ${figure.highWaterMark === null ? "not readable" : `${mb(figure.highWaterMark)} MB`})`,
      );
    }
    console.log("The referral report…");
    const reports = await benchReports(server);
    for (const figure of reports)
      console.log(
        `referral report (${figure.format}): ${figure.rows} rows in ${figure.seconds.toFixed(1)} s; server RSS ${figure.restMb.toFixed(0)} MB at rest, ${figure.peakMb.toFixed(0)} MB at peak`,
      );
    const peakMb = peakOfAll(server.pid) / 2 ** 20;
    const atEnd = await memoryAtRest(server.pid);
    console.log(`at rest at the end: ${atEnd.map((each) => `${each.role} ${mb(each.rss)} MB`).join(", ")}`);
    return {
      wizard,
      twoInstances,
      writes,
      lists,
      insight,
      weights,
      lighthouse,
      uploads,
      reports,
      peakMb,
      move,
      memory: { atStart, afterLoad, atEnd },
      profile,
      observability,
    };
  } catch (error) {
    console.error(`The server's last output:\n${server.recentOutput()}`);
    throw error;
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The whole of RESULTS.md but its last section: the SQLite run's, as the budgets are judged on it. */
function writeSqliteResults(
  conditions: Conditions,
  children: ChildrenListFigures,
  {
    wizard,
    lists,
    insight,
    weights,
    lighthouse,
    uploads,
    reports,
    peakMb,
    memory,
    profile,
    observability,
  }: ServerFigures,
) {
  const { lists: childrenLists, exported, exportMs } = children;
  const verdict = (p95: number) => (p95 < BUDGET_MS ? "within" : "OVER");
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const ms = (value: number) => value.toFixed(1);
  const ratio = (figure: PageFigure) => (figure.ceiling.perSecond / figure.app.perSecond).toFixed(0);
  const loadRow = (label: string, figure: LoadFigure, budget: string) =>
    `| ${label} | ${figure.requests.toLocaleString("en-US")} | ${figure.perSecond.toFixed(0)} | ${ms(figure.p50)} | ${ms(figure.p95)} | ${budget} |`;
  const wizardRows = [
    loadRow("GET the step, 50 clients", wizard.get.app, verdict(wizard.get.app.p95)),
    loadRow("the same bytes from the bare node:http ceiling, 50 clients", wizard.get.ceiling, ""),
    loadRow("POST the step and its redirect (validate, save, 302), 50 clients", wizard.post, verdict(wizard.post.p95)),
    loadRow("GET the step, 1 client", wizard.getAlone.app, verdict(wizard.getAlone.app.p95)),
    loadRow("the same bytes from the ceiling, 1 client", wizard.getAlone.ceiling, ""),
    ...(wizard.floor
      ? [
          loadRow(
            "/healthz on the same server (no page: the request's way through Express and Remix, one SELECT), 50 clients",
            wizard.floor,
            "",
          ),
        ]
      : []),
  ];
  const pageRows = lists.http.map(
    (figure) =>
      `| ${figure.label} | ${figure.app.perSecond.toFixed(0)} | ${ms(figure.app.p50)} | ${ms(figure.app.p95)} | ${figure.ceiling.perSecond.toFixed(0)} | ${ratio(figure)} | ${kb(figure.htmlBytes)} | ${verdict(figure.app.p95)} |`,
  );
  const insightVerdict = (p95: number) => (p95 < INSIGHT_BUDGET_MS ? "within" : "OVER");
  const insightPageRows = insight.http.map(
    (figure) =>
      `| ${figure.label} | ${figure.app.perSecond.toFixed(0)} | ${ms(figure.app.p50)} | ${ms(figure.app.p95)} | ${kb(figure.htmlBytes)} | ${insightVerdict(figure.app.p95)} |`,
  );
  const insightModelRows = insight.model.map(
    (figure) =>
      `| ${figure.label} | ${figure.total.toLocaleString("en-US")} | ${figure.p50.toFixed(2)} | ${figure.p95.toFixed(2)} | ${insightVerdict(figure.p95)} |`,
  );
  const rows = childrenLists.map(
    ({ label, p50, p95 }) => `| ${label} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${verdict(p95)} |`,
  );
  const weightRows = weights.map((weight) => {
    const fits = weight.html <= 30 * 1024 && weight.css <= 30 * 1024 && weight.js <= 150 * 1024;
    return `| ${weight.label} | ${kb(weight.html)} | ${kb(weight.css)} | ${kb(weight.js)} | ${kb(weight.html + weight.css)} | ${kb(weight.html + weight.css + weight.js)} | ${fits ? "within" : "OVER"} |`;
  });
  const heaviest = (key: "html" | "css" | "js") =>
    weights.reduce((top, weight) => (weight[key] > top[key] ? weight : top));
  console.log(
    `heaviest: HTML ${kb(heaviest("html").html)} KB (${heaviest("html").label}), CSS ${kb(heaviest("css").css)} KB, JavaScript ${kb(heaviest("js").js)} KB (${heaviest("js").label})`,
  );
  const reportRows = reports.map(
    (figure) =>
      `| ${figure.format.toUpperCase()} | ${figure.rows.toLocaleString("en-US")} | ${figure.seconds.toFixed(1)} | ${figure.restMb.toFixed(0)} | ${figure.peakMb.toFixed(0)} | +${(figure.peakMb - figure.restMb).toFixed(0)} | ${figure.seconds < 10 && figure.peakMb - figure.restMb < 200 ? "within" : "OVER"} |`,
  );
  const listRows = lists.model.map(
    (figure) =>
      `| ${figure.label} | ${figure.total.toLocaleString("en-US")} | ${figure.p50.toFixed(2)} | ${figure.p95.toFixed(2)} | ${verdict(figure.p95)} |`,
  );
  const uploadRows = uploads.map((figure) => {
    const peak = Math.max(figure.sampledPeakRss, figure.highWaterMark ?? 0);
    return `| ${figure.label} | ${figure.status} | ${figure.ms.toFixed(0)} | ${mb(figure.restRss)} | ${mb(peak)} | ${mb(peak - figure.restRss)} |`;
  });

  const workers = memory.atStart.filter((each) => each.role.startsWith("worker")).length || 1;
  const memoryRows = memory.atStart.map(
    (each, index) =>
      `| ${each.role} | ${mb(each.rss)} | ${mb(memory.afterLoad[index]?.rss ?? 0)} | ${mb(memory.atEnd[index]?.rss ?? 0)} | ${Math.max(each.rss, memory.afterLoad[index]?.rss ?? 0, memory.atEnd[index]?.rss ?? 0) <= 200 * 2 ** 20 ? "within" : "OVER"} |`,
  );
  const before = profileBefore();
  const against = readAgainst();
  const heaviestJs = Math.max(...weights.map((weight) => weight.js));
  const report = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${conditions.date}: ${conditions.machine},
${conditions.database}; the 1-minute load average as the run began: ${conditions.loadAtStart.toFixed(2)}.
The server is the production build (\`node build/server.js\`, WEB_CONCURRENCY unset: ${workers} worker${workers === 1 ? "" : "s"}, one per core, answering
on one port, started by a first process that answers nothing) over a fresh data folder holding
${USERS.toLocaleString("en-US")} users, ${BENCH_CHILDREN.toLocaleString("en-US")} children and ${REFERRALS.toLocaleString("en-US")} referrals (a third of them submitted).
Load comes from autocannon in the benchmark's own process: each client sends its next request as soon as the
last is answered. Client, server and ceiling share the machine's ${os.cpus().length} cores. The server's peak memory over the
whole run (its VmHWM): ${peakMb.toFixed(0)} MB.

The ceiling is a bare \`node:http\` server, started in its own process in the same run, answering every request
with the bytes and headers the application sent for the same page: the fastest this machine can serve that page.
"Ceiling ×" is how many times more requests a second the ceiling answered.

## A wizard step (docs/architecture.md: p95 under ${BUDGET_MS} ms with 50 clients at once)

The child-language step, each client signed in and editing its own Draft (the frame with its badges, and the
step), ${wizard.get.htmlBytes.toLocaleString("en-US")} bytes of HTML; ${WIZARD_SECONDS} s for each line.

| Load | Requests | Per second | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|---|---|
${wizardRows.join("\n")}

Ceiling × at 50 clients: ${ratio(wizard.get)}; at 1 client: ${ratio(wizard.getAlone)}${wizard.floor ? `; /healthz, which makes no page, at 50 clients: ${(wizard.get.ceiling.perSecond / wizard.floor.perSecond).toFixed(0)}` : ""}.

The targets (docs/decisions/0009-the-budgets.md). "At 8b77184" is bench/RESULTS.md at 053370b, the last run before
8b77184; applied throttling was not measured then, and its figures are those of 08e97a1 (the same router patches and
scripts after the first paint) on this machine with this benchmark (docs/decisions/0010-the-framework-as-it-ships.md).

| Target | This run | At 8b77184 | |
|---|---|---|---|
${targetRows(wizard, [memory.atStart, memory.afterLoad, memory.atEnd], heaviestJs, lighthouse).join("\n")}

${wizardNote(wizard, workers)}

${observabilitySection(observability)}
## Memory at rest (at most 200 MB per process, with ${REFERRALS.toLocaleString("en-US")} referrals)

Each process's resident memory (VmRSS): ${(2).toFixed(0)} s after the start, before any request; then ${REST_MS / 1000} s after the wizard's load
ended; then ${REST_MS / 1000} s after the last measure of the run (the lists, their CSV, the uploads and the reports). Each
worker runs with node's heap limit of WORKER_HEAP_MB (160 MB by default, docs/decisions/0014-a-heap-limit-for-each-worker.md),
so V8 collects harder as the heap nears it instead of keeping what the load grew; everything measured below ran under it.
About 50 MB of each figure is node's own program, shared by every process (the same pages of one file counted in each).

| Process | Just started (MB) | After the wizard's load (MB) | At the end of the run (MB) | Budget |
|---|---|---|---|---|
${memoryRows.join("\n")}

${against ? `${againstSection(against)}\n` : ""}## Where a wizard page's time goes

One process of the production build (WEB_CONCURRENCY=1) under node's \`--cpu-prof\`, over the same data, one client
asking the child-language step for ${PROFILE_SECONDS} s: the ten functions with the most self time (time spent in the function
itself, not in what it calls), in ms of one core per request; "(garbage collector)" is V8's, "writev" the system call
that sends the answer. ${before ? `"Before" was measured the same way on ${before.measured}.` : ""}

${profileTable("GET the step", profile.get, before?.get)}

${profileTable("POST the step and its redirect", profile.post, before?.post)}

## The lists, the dashboard and the API (docs/architecture.md: a paged list under ${BUDGET_MS} ms)

Each page over HTTP for ${PAGE_SECONDS} s by one client, the whole page rendered on the server; its ceiling the same way.

| Page | Per second | p50 (ms) | p95 (ms) | Ceiling per second | Ceiling × | HTML (KB) | Budget |
|---|---|---|---|---|---|---|---|
${pageRows.join("\n")}

The model call \`listReferrals\` alone (its count and one page), ${LIST_RUNS} runs each after 5 warm-up runs:

| List | Rows matched | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|---|
${listRows.join("\n")}

The whole submitted list as CSV (35 columns), streamed by the server to an administrator: ${lists.csv.rows.toLocaleString("en-US")} rows
in ${(lists.csv.ms / 1000).toFixed(1)} s; the server's memory grew by ${lists.csv.growthMb.toFixed(1)} MB meanwhile.

## The program insight page (issue 23: within ${INSIGHT_BUDGET_MS} ms for one client)

The figures of docs/product-rules.md R127 over the benchmark's data: a referral a minute for the last
${Math.round(REFERRALS / 60 / 24)} days, a third of them submitted (so the default twelve weeks and the three years both count all
${Math.ceil(REFERRALS / 3).toLocaleString("en-US")}), each with a county, a referral source and a reason, two in three with a status recorded between half a day
and two weeks after its submission.
They are read from \`referral_figures\` (one narrow row a submitted referral, kept by the submit and every status
change) and counted by the database. Each page over HTTP for ${PAGE_SECONDS} s by one client, as an administrator or, where the line says so, as the staff of one local program (a 24th of the referrals: docs/product-rules.md R137):

| Page | Per second | p50 (ms) | p95 (ms) | HTML (KB) | Budget |
|---|---|---|---|---|---|
${insightPageRows.join("\n")}

The model calls alone, ${LIST_RUNS} runs each after 5 warm-up runs:

| Call | Referrals counted | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|---|
${insightModelRows.join("\n")}

## Children list, ${CHILDREN.toLocaleString("en-US")} children of one user

Model call \`listChildren\` (count query and one page), ${RUNS} runs each after 10 warm-up runs, in a database of its own.

| List | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|
${rows.join("\n")}

The full CSV export of the list read ${exported.toLocaleString("en-US")} rows, 100 at a time, in ${exportMs.toFixed(0)} ms.

## Page weights (docs/architecture.md: HTML and CSS at most 30 KB each, JavaScript at most 150 KB, gzipped)

Every screen as the server sends it, gzipped: its HTML, the style sheets it links, and the JavaScript it loads
(its module preloads and what its inline script imports, the framework included). Every page works without
its JavaScript (the browser tests run each flow with JavaScript off), so without JavaScript a screen weighs its
HTML and CSS alone.

| Screen | HTML (KB) | CSS (KB) | JavaScript (KB) | Without JavaScript (KB) | With JavaScript (KB) | Budget |
|---|---|---|---|---|---|---|
${weightRows.join("\n")}

${chunkSection(weights)}

${lighthouseSection(lighthouse.simulate)}
${lighthouseSection(lighthouse.devtools)}
## Memory while receiving a 30 MB upload

Clients post the documents step's multipart form over loopback (the file made as it is sent, 64 KB at a time).
The server's resident memory (VmRSS) sampled every 5 ms, and its high-water mark (VmHWM, reset just before),
against the same process at rest. Two unmeasured uploads come first (a small one, then a 29.9 MB one: the route's
code compiled, the memory allocator at its working size). The upload must not be held in memory whole: four
29.9 MB uploads at once would need about 120 MB more if it were.

| Upload | HTTP | Time (ms) | RSS at rest (MB) | Peak RSS (MB) | Growth (MB) |
|---|---|---|---|---|---|
${uploadRows.join("\n")}

## The referral report at ${REFERRALS.toLocaleString("en-US")} referrals

\`POST /generate-report\` as an administrator, every referral past the Draft stage (all ${REFERRALS.toLocaleString("en-US")} set to Submitted
for this measure), written as a stream to DATA_DIR/reports. Budget (docs/architecture.md): under 10 s, within 200 MB.
The server's resident memory sampled every 20 ms and its high-water mark (VmHWM, reset just before).

| Format | Rows | Time (s) | RSS at rest (MB) | Peak RSS (MB) | Growth (MB) | Budget |
|---|---|---|---|---|---|---|
${reportRows.join("\n")}
`;
  writeFileSync(RESULTS_FILE, report);
}

async function main() {
  const database = databaseAsked(process.argv.slice(2));
  const loadAtStart = os.loadavg()[0];
  // The children list's database is made where TEST_DATABASE_URL says: on a SQLite run, in a temporary folder.
  if (database === "sqlite") delete process.env.TEST_DATABASE_URL;
  const postgres = database === "postgres" ? await postgresServerOfRun() : undefined;
  try {
    if (postgres) console.log(`PostgreSQL: ${postgres.description}`);
    const children = await benchChildrenList();
    const server = await benchServer(database);
    const conditions: Conditions = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      loadAtStart,
      users: USERS,
      children: BENCH_CHILDREN,
      referrals: REFERRALS,
      database: postgres?.description ?? "SQLite file in a temporary folder (WAL, synchronous=NORMAL)",
    };
    if (database === "sqlite") writeSqliteResults(conditions, children, server);
    saveSideBySide({
      database,
      conditions,
      wizard: server.wizard,
      twoInstances: server.twoInstances,
      writes: server.writes,
      pages: [...server.lists.http, ...server.insight.http],
      referralLists: server.lists.model,
      insightCalls: server.insight.model,
      childrenLists: children.lists,
      childrenPerUser: CHILDREN,
      csv: server.lists.csv,
      reports: server.reports,
      move: server.move,
      lighthouse: server.lighthouse.simulate,
    });
  } finally {
    postgres?.stop();
  }
}

await main();
