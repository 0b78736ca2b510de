import { performance } from "node:perf_hooks";
import { openDatabase } from "../app/db.server";
import { watchMemory } from "./processes";
import type { BenchServer } from "./wizard";

// The referral report over 100,000 referrals (docs/architecture.md: streamed in under 10 s within
// 200 MB of memory), made by the server as an administrator asks for it, in CSV and in Excel.

export interface ReportFigure {
  format: "csv" | "xlsx";
  rows: number;
  seconds: number;
  restMb: number;
  peakMb: number;
}

export async function benchReports(server: BenchServer): Promise<ReportFigure[]> {
  // Every referral is past the Draft stage for this measure (the report leaves drafts out).
  const db = openDatabase(server.database);
  try {
    await db.updateTable("referrals").set({ status: "Submitted" }).where("status", "=", "Draft").execute();
  } finally {
    await db.destroy();
  }
  const figures: ReportFigure[] = [];
  for (const format of ["csv", "xlsx"] as const) {
    let seconds = 0;
    const { result, growth } = await watchMemory(server.pid, 20, async () => {
      const start = performance.now();
      const response = await fetch(`${server.base}/generate-report`, {
        method: "POST",
        headers: { Cookie: server.admin.cookie, Origin: server.base, "Content-Type": "application/json" },
        body: JSON.stringify({ format, filename: `bench-${format}` }),
      });
      const answer = (await response.json()) as { filename?: string; rows?: number; error?: string };
      seconds = (performance.now() - start) / 1000;
      return { response, answer };
    });
    const { response, answer } = result;
    const rest = growth.rest;
    const peak = growth.peak;
    if (!response.ok || !answer.filename)
      throw new Error(`the ${format} report failed: ${response.status} ${answer.error ?? ""}`);
    figures.push({ format, rows: answer.rows ?? 0, seconds, restMb: rest / 2 ** 20, peakMb: peak / 2 ** 20 });
  }
  return figures;
}
