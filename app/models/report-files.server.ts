import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { sweepPartFiles } from "~/utils/files.server";
import { NotFoundError } from "./errors";
import { runAlone } from "./lease.server";
import { traced } from "~/services/trace.server";

// The kept reports in DATA_DIR/reports: their names, paths and retention sweep (R122).

export type ReportFormat = "csv" | "xlsx";

function reportsDir(): string {
  return getConfig().reportsDir;
}

/** The typed name reduced to safe characters (no folder can be named), plus a random part so names never clash. */
export function reportFileName(asked: string | undefined, fallback: string, format: ReportFormat): string {
  const base = (asked ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.(csv|xlsx)$/i, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, 80);
  return `${base || fallback}-${randomBytes(4).toString("hex")}.${format}`;
}

/** The path of a kept report, refusing any name that is not a plain file name of the folder. */
export function reportPath(fileName: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.(csv|xlsx)$/.test(fileName) || fileName.includes(".."))
    throw new NotFoundError("report");
  const full = path.join(reportsDir(), fileName);
  if (path.dirname(full) !== path.resolve(reportsDir())) throw new NotFoundError("report");
  return full;
}

/** Deletes reports past REPORT_RETENTION_DAYS, one instance at a time (R122); 0 when another is sweeping. */
export const sweepOldReports = traced(
  "model.sweepOldReports",
  async function sweepOldReports(db: DB, options: { retentionDays?: number; now?: number } = {}): Promise<number> {
    return (await runAlone(db, "sweep-reports", SWEEP_LEASE_MS, () => sweepReportsNow(db, options))) ?? 0;
  },
);

/** Longer than a sweep takes; a lease an instance left by dying runs out after it. */
const SWEEP_LEASE_MS = 10 * 60 * 1000;
/** A report still being written after this long was cut short by a stop. */
const UNFINISHED_AFTER_MS = 60 * 60 * 1000;

async function sweepReportsNow(
  db: DB,
  { retentionDays = getConfig().REPORT_RETENTION_DAYS, now = Date.now() },
): Promise<number> {
  await sweepPartFiles(reportsDir(), UNFINISHED_AFTER_MS, now);
  const before = new Date(now - retentionDays * 86_400_000).toISOString();
  const old = await db
    .selectFrom("generated_reports")
    .select(["id", "file_name"])
    .where("created_at", "<", before)
    .execute();
  for (const report of old) {
    await rm(path.join(reportsDir(), path.basename(report.file_name)), { force: true });
    await db.deleteFrom("generated_reports").where("id", "=", report.id).execute();
  }
  // Files no row names (a report cut short by a stop), past the same age.
  for (const name of await readdir(reportsDir()).catch(() => [] as string[])) {
    const file = path.join(reportsDir(), name);
    const info = await stat(file).catch(() => null);
    if (!info || info.mtimeMs > now - retentionDays * 86_400_000) continue;
    const known = await db
      .selectFrom("generated_reports")
      .select("id")
      .where("file_name", "=", name)
      .executeTakeFirst();
    if (!known) await rm(file, { force: true });
  }
  return old.length;
}
