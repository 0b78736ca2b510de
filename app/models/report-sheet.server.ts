import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { neutralizeFormula, toCsvLine } from "~/utils/csv";
import { openXlsx } from "~/utils/xlsx.server";
import { commitPart, partNameFor } from "~/utils/files.server";
import type { Cell } from "./referral-cells.server";
import type { ReportFormat } from "./report-files.server";

// A report's file in CSV or Excel (R96, R113), shared by both reports.

/**
 * Streams rows to the file, never held whole, under a temporary name that becomes its own at `close`; `abort` removes
 * it.
 */
export async function openSheet(file: string, format: ReportFormat, sheetName: string, headers: string[]) {
  const part = partNameFor(file);
  const sheet = await writeSheet(part, format, sheetName, headers);
  return {
    add: sheet.add,
    close: async () => {
      await sheet.close();
      await commitPart(part, file);
    },
    abort: async () => {
      sheet.abort();
      await rm(part, { force: true });
    },
  };
}

async function writeSheet(file: string, format: ReportFormat, sheetName: string, headers: string[]) {
  if (format === "csv") {
    const out: WriteStream = createWriteStream(file, { flags: "wx", mode: 0o600 });
    const failure = new Promise<never>((_, reject) => out.once("error", reject));
    failure.catch(() => undefined);
    const write = (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (out.write(text)) resolve();
        else {
          out.once("drain", resolve);
          failure.catch(reject);
        }
      });
    await write(`\uFEFF${toCsvLine(headers)}`);
    return {
      add: async (rows: Cell[][]) => write(rows.map(toCsvLine).join("")),
      close: () =>
        new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve()))),
      abort: () => out.destroy(),
    };
  }
  const workbook = await openXlsx(file, sheetName);
  await workbook.addRows([headers.map(neutralizeFormula)]);
  return {
    add: (rows: Cell[][]) =>
      workbook.addRows(
        rows.map((row) => row.map((cell) => (typeof cell === "string" ? neutralizeFormula(cell) : cell))),
      ),
    close: () => workbook.close(),
    abort: () => workbook.abort(),
  };
}
