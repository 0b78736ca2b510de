import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadFigure } from "./http";
import type { LighthouseFigures } from "./lighthouse";
import { PAGE_SECONDS, type ExportFigure, type ListFigure, type PageLoad } from "./lists";
import type { MoveFigures } from "./postgres";
import type { ReportFigure } from "./reports";
import { WIZARD_SECONDS, type DatabaseKind, type TwoInstanceFigures, type WizardFigures } from "./wizard";
import type { CpuShares, WriteLock, WriteLockFigures, WriteLockRun } from "./write-locks";

// Each run saves the figures that differ between the databases as bench/figures-<database>.json;
// whichever run comes last rebuilds the last section of RESULTS.md from both files, so that the
// two columns always say when, where and on what they were measured.

const FOLDER = path.dirname(fileURLToPath(import.meta.url));
export const RESULTS_FILE = path.join(FOLDER, "RESULTS.md");
const HEADING = "## SQLite and PostgreSQL side by side";
/** A 1-minute load average at the start from which a run is said to have shared the machine. */
const BUSY_LOAD = 1;

export interface Conditions {
  date: string;
  machine: string;
  /** The 1-minute load average as the run began: above 0 or so, other work shared the machine. */
  loadAtStart: number;
  users: number;
  children: number;
  referrals: number;
  /** The database and its settings. */
  database: string;
}

export interface ChildrenListFigure {
  label: string;
  p50: number;
  p95: number;
}

export interface RunFigures {
  database: DatabaseKind;
  conditions: Conditions;
  wizard: WizardFigures;
  /** PostgreSQL only: SQLite's file belongs to one machine's instance. */
  twoInstances?: TwoInstanceFigures;
  /**
   * PostgreSQL only: the POST on one instance and on two, with the one lock for the database and with row locks (absent
   * from older runs).
   */
  writes?: WriteLockFigures;
  pages: PageLoad[];
  referralLists: ListFigure[];
  /** The program insight page's model calls (absent from the figures of runs before it was measured). */
  insightCalls?: ListFigure[];
  childrenLists: ChildrenListFigure[];
  childrenPerUser: number;
  csv: ExportFigure;
  reports: ReportFigure[];
  move?: MoveFigures;
  /** Lighthouse's mobile performance scores (absent from the figures of runs before it was measured). */
  lighthouse?: LighthouseFigures;
}

const figuresFile = (database: DatabaseKind) => path.join(FOLDER, `figures-${database}.json`);

function readFigures(database: DatabaseKind): RunFigures | undefined {
  const file = figuresFile(database);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as RunFigures) : undefined;
}

const NONE = "—";
const number = (value: number) => value.toLocaleString("en-US");
const ms = (value: number, digits = 1) => value.toFixed(digits);

/** Per second, p50 and p95 of a load on each side (three cells each). */
const loadCells = (figure: LoadFigure | undefined) =>
  figure ? [figure.perSecond.toFixed(0), ms(figure.p50), ms(figure.p95)] : [NONE, NONE, NONE];
const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const header = (cells: string[]) => `${row(cells)}\n|${cells.map(() => "---").join("|")}|`;

/** The labels of both runs in the first one's order (a label only one run has comes last). */
function labelsOf<T extends { label: string }>(sqlite: T[] | undefined, postgres: T[] | undefined): string[] {
  return [...new Set([...(sqlite ?? []), ...(postgres ?? [])].map((figure) => figure.label))];
}

const byLabel = <T extends { label: string }>(figures: T[] | undefined, label: string) =>
  figures?.find((figure) => figure.label === label);

function conditionsTable(sqlite?: RunFigures, postgres?: RunFigures): string {
  const cell = (figures: RunFigures | undefined, value: (conditions: Conditions) => string) =>
    figures ? value(figures.conditions) : "not run yet";
  const lines: Array<[string, (conditions: Conditions) => string]> = [
    ["Run on", (conditions) => conditions.date],
    ["Machine", (conditions) => conditions.machine],
    ["Load average as the run began (1 minute)", (conditions) => conditions.loadAtStart.toFixed(2)],
    [
      "Data",
      (conditions) =>
        `${number(conditions.users)} users, ${number(conditions.children)} children, ${number(conditions.referrals)} referrals`,
    ],
    ["Database", (conditions) => conditions.database],
  ];
  return [
    header(["", "SQLite", "PostgreSQL"]),
    ...lines.map(([label, value]) => row([label, cell(sqlite, value), cell(postgres, value)])),
  ].join("\n");
}

function wizardTable(sqlite?: RunFigures, postgres?: RunFigures): string {
  const lines: Array<[string, (figures: RunFigures) => LoadFigure | undefined]> = [
    ["GET the step, 1 client", (figures) => figures.wizard.getAlone.app],
    ["GET the step, 50 clients", (figures) => figures.wizard.get.app],
    ["POST the step and its redirect, 50 clients", (figures) => figures.wizard.post],
    ["GET the step, 50 clients on two instances (25 each)", (figures) => figures.twoInstances?.get],
    ["POST the step and its redirect, 50 clients on two instances (25 each)", (figures) => figures.twoInstances?.post],
  ];
  return [
    header(["Load", "SQLite per second", "p50 (ms)", "p95 (ms)", "PostgreSQL per second", "p50 (ms)", "p95 (ms)"]),
    ...lines.map(([label, figure]) =>
      row([label, ...loadCells(sqlite && figure(sqlite)), ...loadCells(postgres && figure(postgres))]),
    ),
  ].join("\n");
}

/** Two instances scale when they answer at least this many times what one answers. */
const SCALES = 1.6;
/** A share of the machine's cores from which they count as fully used. */
const CORES_FULL = 0.9;
/** A share of the machine's cores taken by other programs from which a run counts as having shared the machine. */
const SHARED = 0.15;

const LOCK_LABELS: Record<WriteLock, string> = {
  database: "one lock for the database (before: DATABASE_WRITE_LOCK=database)",
  rows: "row locks (after: DATABASE_WRITE_LOCK=rows)",
};

/**
 * The POST on one instance and on two, for each write lock and each WEB_CONCURRENCY; what stops two from answering
 * twice as much.
 */
function writesSection(writes: WriteLockFigures | undefined): string {
  if (!writes)
    return "Not run yet: `npm run bench -- --database=postgres` measures it (PostgreSQL only: SQLite's file belongs to one machine's instance).";
  const { cores, seconds, runs } = writes;
  const percent = (share: number | undefined) =>
    share === undefined ? "not measured" : `${(share * 100).toFixed(0)}%`;
  // What the machine did besides the instances, PostgreSQL, autocannon and the kernel's interrupt work: the idle
  // server, other programs.
  const rest = ({ machine, kernel, instances, postgres, loadGenerator }: CpuShares) =>
    Math.max(0, machine - (kernel ?? 0) - instances - (postgres ?? 0) - loadGenerator);
  const processes = (run: WriteLockRun) =>
    run.webConcurrency === undefined
      ? `WEB_CONCURRENCY unset: ${run.answering} worker${run.answering === 1 ? "" : "s"} each`
      : `WEB_CONCURRENCY=${run.webConcurrency}: ${run.answering === 1 ? "one process" : `${run.answering} processes`} each`;
  // One instance and two, for each lock and each WEB_CONCURRENCY, in the order measured.
  const pairs = runs
    .filter((run) => run.instances === 1)
    .map((one) => ({
      one,
      two: runs.find(
        (run) => run.instances === 2 && run.lock === one.lock && run.webConcurrency === one.webConcurrency,
      ),
    }));
  const ratioOf = ({ one, two }: (typeof pairs)[number]) => (two ? two.post.perSecond / one.post.perSecond : undefined);
  const lines = pairs.flatMap((pair) =>
    [pair.one, pair.two].flatMap((run) => {
      if (!run) return [];
      const ratio = run.instances === 2 ? ratioOf(pair) : undefined;
      return [
        row([
          LOCK_LABELS[run.lock],
          processes(run),
          run.instances === 1 ? "one instance, 50 clients" : "two instances, 25 clients each",
          ...loadCells(run.post),
          ratio === undefined ? "" : ratio.toFixed(2),
          percent(run.cpu.machine),
          percent(run.cpu.instances),
          percent(run.cpu.postgres),
          percent(run.cpu.loadGenerator),
          percent(run.cpu.kernel),
          percent(rest(run.cpu)),
        ]),
      ];
    }),
  );
  const verdicts = pairs.flatMap((pair) => {
    const ratio = ratioOf(pair);
    if (!pair.two || ratio === undefined) return [];
    const { cpu } = pair.two;
    const used = `the ${cores} cores were ${percent(cpu.machine)} busy during the two-instance run (the instances ${percent(cpu.instances)}, PostgreSQL ${percent(cpu.postgres)}, autocannon ${percent(cpu.loadGenerator)}, the kernel's interrupts ${percent(cpu.kernel)}, other programs ${percent(rest(cpu))})`;
    const shared = Math.max(rest(pair.one.cpu), rest(cpu));
    const limit =
      ratio >= SCALES
        ? `it reaches ${SCALES}; ${used}.`
        : shared >= SHARED
          ? `it does not reach ${SCALES}, but the run shared the machine: ${used}, and other programs took ${percent(rest(pair.one.cpu))} during the one-instance run. The limit was the CPU that the other programs left; these figures say little about the locks, and a run on a quiet machine would.`
          : cpu.machine >= CORES_FULL
            ? `it does not reach ${SCALES}: ${used}, so the limit is the machine's CPU, not the database's locks${pair.one.lock === "database" ? " (whether the one lock would also hold two instances back cannot show while the cores are full)" : ""}.`
            : `it does not reach ${SCALES}, and the CPU is not what stops it: ${used}; the saves wait on ${pair.one.lock === "database" ? "each other, taking turns on the one lock" : "something else than the CPU (the database's locks, its commits, the pools of connections)"}.`;
    return [
      `- ${LOCK_LABELS[pair.one.lock]}, ${processes(pair.one)}: two instances answer ${ratio.toFixed(2)} times what one answers: ${limit}`,
    ];
  });
  // Row locks against the one lock, at two instances, for each WEB_CONCURRENCY.
  const against = pairs
    .filter((pair) => pair.one.lock === "rows" && pair.two)
    .flatMap((rows) => {
      const one = pairs.find(
        (pair) => pair.one.lock === "database" && pair.one.webConcurrency === rows.one.webConcurrency,
      )?.two;
      if (!one || !rows.two) return [];
      return [
        `- ${processes(rows.one)}, two instances: ${rows.two.post.perSecond.toFixed(0)} saves a second with row locks against ${one.post.perSecond.toFixed(0)} with the one lock (${(rows.two.post.perSecond / one.post.perSecond).toFixed(2)} times), p95 ${ms(rows.two.post.p95)} ms against ${ms(one.post.p95)} ms.`,
      ];
    });
  return `The POST of the child-language step and its redirect (validate, save, 302), each client saving its own Draft, for
${seconds} s each: 50 clients on one instance, then 25 on each of two instances at the same time (as above). Every setting
has two instances of its own, started fresh with DATABASE_WRITE_LOCK=database (every write transaction first takes
one lock for the whole database, so the writes of every instance take turns: the code before row locks) or
DATABASE_WRITE_LOCK=rows (each write holds only the rows it depends on: the default; db/dialect.ts writeTransaction),
over the same data folder, database and APP_URL as the server above, and warmed; the one-instance run is made on the
first while the second stands idle. Then the same four runs with WEB_CONCURRENCY=1 for every instance, so that one
instance is one process and two instances are two. The server of the other measures stays up, idle.

**This machine has ${cores} cores, shared by the instances, PostgreSQL (when it runs here) and autocannon**: two instances
get no cores of their own, so they can answer at most what the ${cores} cores can. Two instances scale here when they
answer at least ${SCALES} times what one answers ("Two / one"). The last six columns are shares of the ${cores} cores over
each run (100%: every core busy the whole time), read from /proc: the machine's and the kernel's interrupt work (the
packets over loopback) from /proc/stat, the instances' (every process of each) and PostgreSQL's (its postmaster and
every backend) from their user and system time, autocannon's from the benchmark's own process. "Other programs" is
the machine's less all of those: the idle server and whatever else ran meanwhile. From ${SHARED * 100}% or so, the run
shared the machine and its figures are low.

${header(["Write lock", "Processes of each instance", "Instances", "Per second", "p50 (ms)", "p95 (ms)", "Two / one", `Machine's ${cores} cores busy`, "The instances", "PostgreSQL", "autocannon", "Kernel's interrupts", "Other programs"])}
${lines.join("\n")}

${[...verdicts, ...against].join("\n")}`;
}

function pagesTable(sqlite?: RunFigures, postgres?: RunFigures): string {
  const cells = (figures: RunFigures | undefined, label: string) => loadCells(byLabel(figures?.pages, label)?.app);
  return [
    header([
      `Page (one client, ${PAGE_SECONDS} s)`,
      "SQLite per second",
      "p50 (ms)",
      "p95 (ms)",
      "PostgreSQL per second",
      "p50 (ms)",
      "p95 (ms)",
    ]),
    ...labelsOf(sqlite?.pages, postgres?.pages).map((label) =>
      row([label, ...cells(sqlite, label), ...cells(postgres, label)]),
    ),
  ].join("\n");
}

function modelTable(sqlite?: RunFigures, postgres?: RunFigures): string {
  type Timed = { label: string; p50: number; p95: number };
  const cells = (figure: Timed | undefined) => (figure ? [ms(figure.p50, 2), ms(figure.p95, 2)] : [NONE, NONE]);
  const lines = (prefix: string, pick: (figures: RunFigures) => Timed[]) => {
    const [ours, theirs] = [sqlite && pick(sqlite), postgres && pick(postgres)];
    return labelsOf(ours, theirs).map((label) =>
      row([`${prefix}${label}`, ...cells(byLabel(ours, label)), ...cells(byLabel(theirs, label))]),
    );
  };
  const perUser = number((sqlite ?? postgres)?.childrenPerUser ?? 0);
  return [
    header(["Model call", "SQLite p50 (ms)", "p95 (ms)", "PostgreSQL p50 (ms)", "p95 (ms)"]),
    ...lines("`listReferrals`, ", (figures) => figures.referralLists),
    ...lines("", (figures) => figures.insightCalls ?? []),
    ...lines(`\`listChildren\` (${perUser} children of one user), `, (figures) => figures.childrenLists),
  ].join("\n");
}

function exportsTable(sqlite?: RunFigures, postgres?: RunFigures): string {
  const csv = (figures?: RunFigures) =>
    figures
      ? `${number(figures.csv.rows)} rows in ${(figures.csv.ms / 1000).toFixed(1)} s, memory +${figures.csv.growthMb.toFixed(1)} MB`
      : NONE;
  const report = (figures: RunFigures | undefined, format: string) => {
    const figure = figures?.reports.find((each) => each.format === format);
    return figure
      ? `${number(figure.rows)} rows in ${figure.seconds.toFixed(1)} s, RSS ${figure.restMb.toFixed(0)} MB at rest, +${(figure.peakMb - figure.restMb).toFixed(0)} MB at peak`
      : NONE;
  };
  return [
    header(["", "SQLite", "PostgreSQL"]),
    row(["The submitted list as CSV, streamed to an administrator", csv(sqlite), csv(postgres)]),
    row(["The referral report, CSV (every referral set to Submitted)", report(sqlite, "csv"), report(postgres, "csv")]),
    row(["The referral report, XLSX", report(sqlite, "xlsx"), report(postgres, "xlsx")]),
  ].join("\n");
}

function moveSection(move: MoveFigures | undefined): string {
  if (!move)
    return "Not run yet: `npm run bench -- --database=postgres` moves the filled data folder into PostgreSQL and proves the move.";
  const filled = move.tables.filter((table) => table.sqlite > 0);
  const [drafts, submitted] = move.csv;
  return `\`copyDatabase\` (db/copy.ts, as \`npm run db:copy -- <data folder> <postgres://…>\` runs it) moved the filled data folder
into a new, empty database in ${move.copySeconds.toFixed(1)} s: the target migrated, every row written and counted in one transaction.
\`ANALYZE\` then took ${move.analyzeSeconds.toFixed(1)} s, so that every measure plans with the statistics that autovacuum would
otherwise make a minute or so later. The move proven:

- Every table's rows counted by the benchmark itself on both sides: all ${move.tables.length} tables equal (the
  ${move.tables.length - filled.length} not listed are empty on both).
- The referral CSV: the drafts list (${number(drafts.rows)} rows) and the submitted list (${number(submitted.rows)} rows), 35 columns,
  every referral between them, exported by the production server as an administrator from SQLite before the copy
  and from PostgreSQL after it: byte for byte the same (SHA-256 ${drafts.sqliteSha256.slice(0, 16)}… and
  ${submitted.sqliteSha256.slice(0, 16)}…, ${number(drafts.bytes + submitted.bytes)} bytes).

| Table | Rows in SQLite | Rows in PostgreSQL |
|---|---|---|
${filled.map((table) => row([table.table, number(table.sqlite), number(table.postgres)])).join("\n")}`;
}

/** What would make the comparison unfair, said above the figures. */
function caveats(sqlite?: RunFigures, postgres?: RunFigures): string[] {
  const notes: string[] = [];
  if (!sqlite || !postgres) {
    notes.push(
      `Only one run has saved its figures: ${sqlite ? "`npm run bench -- --database=postgres`" : "`npm run bench`"} fills in the other column.`,
    );
  } else {
    if (sqlite.conditions.referrals !== postgres.conditions.referrals)
      notes.push("The two runs measured different amounts of data: compare with care.");
    if (sqlite.conditions.machine !== postgres.conditions.machine)
      notes.push("The two runs were made on different machines: compare with care.");
  }
  for (const [name, figures] of [
    ["SQLite", sqlite],
    ["PostgreSQL", postgres],
  ] as const) {
    // A whole core busy with something else before the run: its figures are low, and the other column's may not be.
    if (figures && figures.conditions.loadAtStart >= BUSY_LOAD)
      notes.push(
        `The ${name} run began on a busy machine (load average ${figures.conditions.loadAtStart.toFixed(2)}): its figures are likely low.`,
      );
  }
  return notes;
}

function sideBySide(sqlite?: RunFigures, postgres?: RunFigures): string {
  const notes = caveats(sqlite, postgres).map((note) => `${note}\n\n`);
  return `${HEADING}

Rebuilt by whichever of \`npm run bench\` and \`npm run bench -- --database=postgres\` ran last, from the figures each
saved (bench/figures-sqlite.json, bench/figures-postgres.json). Both fill the same data folder on SQLite; the
PostgreSQL run then moves it into a new database (below) and starts the same production build with \`DATABASE_URL\`
(the default pool of 10 connections) over the same DATA_DIR. Every measure is the one described above, made the
same way on each. The PostgreSQL server is the one the table below describes: unless TEST_DATABASE_URL names
another, a throw-away cluster on this same machine, sharing its cores with the application and the load, and
running with fsync, synchronous_commit and full_page_writes off (its data is thrown away after the run). A
PostgreSQL that keeps every commit through a power cut would be slower, the saves (the POST lines, the uploads)
most of all. The model calls are made from the benchmark's own process: on PostgreSQL each query also crosses a
connection to the server, on SQLite none does.

${notes.join("")}${conditionsTable(sqlite, postgres)}

### A wizard step

Two instances: a second server process started beside the first, on a port of its own, with the same
DATABASE_URL, DATA_DIR, session secret and APP_URL (as behind a load balancer); two autocannon runs of 25 clients
each at the same time, one at each instance, for ${WIZARD_SECONDS} s, their answers counted together. The two instances and
autocannon share the machine's cores (with PostgreSQL, when it runs on the same machine).

${wizardTable(sqlite, postgres)}

### Writes side by side on PostgreSQL (row locks against the one lock)

${writesSection(postgres?.writes)}

### The lists, the dashboard and the API

${pagesTable(sqlite, postgres)}

${modelTable(sqlite, postgres)}

### Exports and reports

${exportsTable(sqlite, postgres)}

### The move from SQLite to PostgreSQL

${moveSection(postgres?.move)}
`;
}

/** Saves this run's figures, then rebuilds the side-by-side section at the end of RESULTS.md from both runs' files. */
export function saveSideBySide(figures: RunFigures): void {
  writeFileSync(figuresFile(figures.database), `${JSON.stringify(figures, null, 2)}\n`);
  const results = readFileSync(RESULTS_FILE, "utf8");
  const at = results.indexOf(HEADING);
  const before = (at === -1 ? results : results.slice(0, at)).trimEnd();
  writeFileSync(RESULTS_FILE, `${before}\n\n${sideBySide(readFigures("sqlite"), readFigures("postgres"))}`);
}
