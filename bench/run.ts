import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../db/testing";
import { allChildren, CHILD_LIST, listChildren } from "../app/models/child.server";
import type { CurrentUser } from "../app/models/user.server";
import { parseListQuery } from "../app/utils/list";
import { benchLists, LIST_RUNS } from "./lists";
import { benchReports } from "./reports";
import { benchUpload } from "./upload";
import { benchWizard, REFERRALS, startBenchServer } from "./wizard";

// `npm run bench`: measures against the budgets of ARCHITECTURE §9 and writes bench/RESULTS.md.
// A benchmark, not a test: it prints figures and never fails a build.

const CHILDREN = 10_000;
const RUNS = 200;
const BUDGET_MS = 50;
const REFERRAL_CSV_LABEL = "100,000 referrals";

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

async function time(runs: number, work: () => Promise<unknown>) {
  for (let warm = 0; warm < 10; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function main() {
  const test = await createTestDatabase();
  try {
    const { db } = test;
    const user = await db
      .insertInto("users")
      .values({ email: "bench@example.com", username: "bench@example.com", password_hash: "x", first_name: "Bench", last_name: "User", enabled: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const actor: CurrentUser = { id: user.id, email: "bench@example.com", firstName: "Bench", lastName: "User", primaryLanguage: "en", roles: ["ROLE_USER"], isAdmin: false, isSuperAdmin: false };
    const names = ["Ana", "Beto", "Carla", "Dario", "Elena", "Fabio", "Gloria", "Hugo", "Irene", "Jorge"];
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < CHILDREN; start += 500) {
        const rows = Array.from({ length: 500 }, (_, index) => {
          const n = start + index;
          const day = new Date(Date.UTC(2024, 0, 1) + (n % 1000) * 86_400_000).toISOString().slice(0, 10);
          const stamp = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
          return { first_name: names[n % 10], last_name: `Family${n}`, birthdate: day, state_of_residence: "21", created_by_id: user.id, created_at: stamp, updated_at: stamp };
        });
        await trx.insertInto("children").values(rows).execute();
      }
    });
    const query = (text: string) => parseListQuery(new URLSearchParams(text), CHILD_LIST);
    const cases: Array<[string, string]> = [
      ["first page, newest first (the default)", ""],
      ["page 500 of 10, sorted by name", "sort=name&order=asc&page=500"],
      ["50 rows, sorted by birthdate", "sort=birthdate&order=desc&count=50"],
      ["name filter", "name=Family99"],
      ["birthdate between two dates", "birthdateType=between&birthdateFrom=2024-03-01&birthdateTo=2024-06-30"],
    ];
    const rows: string[] = [];
    for (const [label, text] of cases) {
      const { p50, p95 } = await time(RUNS, () => listChildren(db, actor, query(text)));
      rows.push(`| ${label} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${p95 < BUDGET_MS ? "within" : "OVER"} |`);
      console.log(`${label}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    }
    const exportStart = performance.now();
    let exported = 0;
    for await (const page of allChildren(db, actor, query("sort=name&order=asc"))) exported += page.length;
    const exportMs = performance.now() - exportStart;
    console.log(`CSV export rows read: ${exported} in ${exportMs.toFixed(0)} ms`);

    console.log("Wizard step over HTTP (this takes a minute: 100,000 referrals are written first)…");
    const server = await startBenchServer();
    let wizard: Awaited<ReturnType<typeof benchWizard>>;
    let uploads: Awaited<ReturnType<typeof benchUpload>>;
    let lists: Awaited<ReturnType<typeof benchLists>>;
    let reports: Awaited<ReturnType<typeof benchReports>>;
    try {
      wizard = await benchWizard(server);
      console.log(
        `wizard step GET p50 ${wizard.get.p50.toFixed(1)} ms, p95 ${wizard.get.p95.toFixed(1)} ms; POST and redirect p50 ${wizard.post.p50.toFixed(1)} ms, p95 ${wizard.post.p95.toFixed(1)} ms`,
      );
      uploads = await benchUpload(server);
      lists = await benchLists(server);
      reports = await benchReports(server);
    } finally {
      server.stop();
    }
    const verdict = (p95: number) => (p95 < BUDGET_MS ? "within" : "OVER");
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    for (const figure of [...lists.model, ...lists.http]) console.log(`${figure.label}: p50 ${figure.p50.toFixed(2)} ms, p95 ${figure.p95.toFixed(2)} ms`);
    console.log(`referral CSV: ${lists.csv.rows} rows in ${lists.csv.ms.toFixed(0)} ms, server memory +${lists.csv.growthMb.toFixed(1)} MB`);
    for (const figure of reports) console.log(`referral report (${figure.format}): ${figure.rows} rows in ${figure.seconds.toFixed(1)} s; server RSS ${figure.restMb.toFixed(0)} MB at rest, ${figure.peakMb.toFixed(0)} MB at peak`);
    const reportRows = reports.map(
      (figure) =>
        `| ${figure.format.toUpperCase()} | ${figure.rows.toLocaleString("en-US")} | ${figure.seconds.toFixed(1)} | ${figure.restMb.toFixed(0)} | ${figure.peakMb.toFixed(0)} | +${(figure.peakMb - figure.restMb).toFixed(0)} | ${figure.seconds < 10 && figure.peakMb - figure.restMb < 200 ? "within" : "OVER"} |`,
    );
    const listRows = lists.model.map((figure) => `| ${figure.label} | ${figure.total.toLocaleString("en-US")} | ${figure.p50.toFixed(2)} | ${figure.p95.toFixed(2)} | ${verdict(figure.p95)} |`);
    const pageRows = lists.http.map((figure) => `| ${figure.label} | ${figure.p50.toFixed(1)} | ${figure.p95.toFixed(1)} | ${verdict(figure.p95)} |`);
    for (const figure of uploads) {
      console.log(`upload ${figure.label}: HTTP ${figure.status} in ${figure.ms.toFixed(0)} ms; server RSS at rest ${mb(figure.restRss)} MB, peak ${mb(figure.sampledPeakRss)} MB (high-water mark ${figure.highWaterMark === null ? "not readable" : `${mb(figure.highWaterMark)} MB`})`);
    }
    const uploadRows = uploads.map((figure) => {
      const peak = Math.max(figure.sampledPeakRss, figure.highWaterMark ?? 0);
      return `| ${figure.label} | ${figure.status} | ${figure.ms.toFixed(0)} | ${mb(figure.restRss)} | ${mb(peak)} | ${mb(peak - figure.restRss)} |`;
    });

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    const report = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}),
${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, SQLite file in a temporary folder (WAL).

## Children list, ${CHILDREN.toLocaleString("en-US")} children of one user

Model call \`listChildren\` (count query and one page), ${RUNS} runs each after 10 warm-up runs.
Budget (ARCHITECTURE §9): a paged list under ${BUDGET_MS} ms.

| List | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|
${rows.join("\n")}

The full CSV export of the list read ${exported.toLocaleString("en-US")} rows, 100 at a time, in ${exportMs.toFixed(0)} ms.

## A wizard step over HTTP

The production build (\`node build/server.js\`) with ${REFERRALS.toLocaleString("en-US")} referrals (a third of them submitted)
of 10,000 children and 200 users; 50 clients at once, each signed in and editing its own Draft's child-language
step, ${wizard.requests.toLocaleString("en-US")} requests in all. Budget (ARCHITECTURE §9): p95 under ${BUDGET_MS} ms.

| Request | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|
| GET the step (the frame with its badges, and the step) | ${wizard.get.p50.toFixed(1)} | ${wizard.get.p95.toFixed(1)} | ${verdict(wizard.get.p95)} |
| POST the step (validate, save, redirect) | ${wizard.post.p50.toFixed(1)} | ${wizard.post.p95.toFixed(1)} | ${verdict(wizard.post.p95)} |

Client and server share the machine's two cores, so the figures include the load generator's own work.

## Memory while receiving a 30 MB upload

The same server; clients post the documents step's multipart form over loopback (the file made as it is
sent, 64 KB at a time). The server's resident memory (VmRSS) sampled every 5 ms, and its high-water mark
(VmHWM, reset just before), against the same process at rest. Two unmeasured uploads come first (a small one,
then a 29.9 MB one: the route's code compiled, the memory allocator at its working size; that first large upload
grew the process by about the file's size once, memory it then reuses). The upload must not be held in memory
whole: four 29.9 MB uploads at once would need about 120 MB more if it were.

| Upload | HTTP | Time (ms) | RSS at rest (MB) | Peak RSS (MB) | Growth (MB) |
|---|---|---|---|---|---|
${uploadRows.join("\n")}

## The referral lists at ${REFERRAL_CSV_LABEL}

The same database (${REFERRALS.toLocaleString("en-US")} referrals, a third submitted). The model call \`listReferrals\` (count and one page),
${LIST_RUNS} runs each after 5 warm-up runs. Budget (ARCHITECTURE §9): a paged list under ${BUDGET_MS} ms.

| List | Rows matched | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|---|
${listRows.join("\n")}

The list page over HTTP (one client, the whole page rendered on the server), ${LIST_RUNS} requests each:

| Page | p50 (ms) | p95 (ms) | Budget |
|---|---|---|---|
${pageRows.join("\n")}

The whole submitted list as CSV (35 columns), streamed by the server to an administrator: ${lists.csv.rows.toLocaleString("en-US")} rows
in ${(lists.csv.ms / 1000).toFixed(1)} s; the server's memory grew by ${lists.csv.growthMb.toFixed(1)} MB meanwhile.

## The referral report at 100,000 referrals

\`POST /generate-report\` as an administrator, every referral past the Draft stage (all 100,000 set to Submitted
for this measure), written as a stream to DATA_DIR/reports. Budget (ARCHITECTURE §9): under 10 s, within 200 MB.
The server's resident memory sampled every 20 ms and its high-water mark (VmHWM, reset just before).

| Format | Rows | Time (s) | RSS at rest (MB) | Peak RSS (MB) | Growth (MB) | Budget |
|---|---|---|---|---|---|---|
${reportRows.join("\n")}

Not yet measured here (a later issue): page weights.
`;
    writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "RESULTS.md"), report);
  } finally {
    await test.close();
  }
}

await main();
