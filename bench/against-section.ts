import { existsSync, readFileSync } from "node:fs";

// The wizard step beside an earlier commit (bench/against.ts): its figures, kept in bench/figures-against.json, and
// their section of RESULTS.md, which `npm run bench` writes again from that file.

export const AGAINST_FILE = new URL("./figures-against.json", import.meta.url);
const HEADING = "## The wizard step beside an earlier commit";
/** The section it goes before, when RESULTS.md has none yet. */
const NEXT_HEADING = "## Where a wizard page's time goes";

export interface Side {
  commit: string;
  /** Medians of the rounds: 50 clients' answers a second and p95, one client's p50 and p95 (ms). */
  manyPerSecond: number;
  manyP95: number;
  oneP50: number;
  oneP95: number;
  rounds: Array<{ manyPerSecond: number; oneP50: number }>;
}

export interface AgainstFigures {
  date: string;
  machine: string;
  loadAtStart: number;
  rounds: number;
  seconds: number;
  earlier: Side;
  now: Side;
}

export const readAgainst = (): AgainstFigures | null =>
  existsSync(AGAINST_FILE) ? (JSON.parse(readFileSync(AGAINST_FILE, "utf8")) as AgainstFigures) : null;

export function againstSection({ date, machine, loadAtStart, rounds, seconds, earlier, now }: AgainstFigures): string {
  const row = (side: Side) =>
    `| ${side.commit} | ${side.manyPerSecond.toFixed(0)} | ${side.manyP95.toFixed(1)} | ${side.oneP50.toFixed(2)} | ${side.oneP95.toFixed(2)} |`;
  const each = (side: Side) => side.rounds.map((round) => round.manyPerSecond.toFixed(0)).join(", ");
  const alone = (side: Side) => side.rounds.map((round) => round.oneP50.toFixed(1)).join(", ");
  return `${HEADING}

Measured by \`npm run bench:against\` (bench/against.ts) on ${date}:
${machine}; the 1-minute load average as it began: ${loadAtStart.toFixed(2)}.
The child-language step of ${now.commit} and of ${earlier.commit}, each server the production build over 100,000
referrals its own code filled, loaded in turn, the order swapped every round: ${rounds} rounds of ${seconds} s at 50
clients and ${seconds} s at one. Medians of the rounds:

| Commit | 50 clients: a second | 50 clients: p95 (ms) | 1 client: p50 (ms) | 1 client: p95 (ms) |
|---|---|---|---|---|
${row(now)}
${row(earlier)}

Each round, 50 clients, a second: ${now.commit} ${each(now)}; ${earlier.commit} ${each(earlier)}.
One client's p50 (ms): ${now.commit} ${alone(now)}; ${earlier.commit} ${alone(earlier)}.
`;
}

/** RESULTS.md with the section in its place: where it was, or before the profile. */
export function withSection(results: string, section: string): string {
  const from = results.indexOf(HEADING);
  if (from !== -1) {
    const end = results.indexOf("\n## ", from + HEADING.length);
    return `${results.slice(0, from)}${section}${end === -1 ? "" : results.slice(end)}`;
  }
  const next = results.indexOf(NEXT_HEADING);
  if (next === -1) return `${results.trimEnd()}\n\n${section}`;
  return `${results.slice(0, next)}${section}\n${results.slice(next)}`;
}
