import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { openXlsx, type XlsxCell } from "./xlsx.server";

const folder = mkdtempSync(path.join(tmpdir(), "xlsx-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function readBack(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook.worksheets;
}

describe("the Excel writer", () => {
  it("writes every row and cell as given, escaped, past column Z, readable by a spreadsheet library", async () => {
    const file = path.join(folder, "cells.xlsx");
    const width = 30;
    const rows: XlsxCell[][] = [
      Array.from({ length: width }, (_, index) => `Column ${index + 1}`),
      ['Tom & Jerry <b>"quoted"</b>', 42, 3.5, "", null, "Niño ñandú 👶", "line one\nline two", '\'=HYPERLINK("x")'],
      ...Array.from({ length: 2000 }, (_, index) => [
        index,
        `row ${index}`,
        ...Array.from({ length: width - 2 }, (_, column) => `r${index}c${column + 2}`),
      ]),
    ];
    const workbook = await openXlsx(file, "Submitted: referrals [all] with a long name");
    await workbook.addRows(rows.slice(0, 1));
    await workbook.addRows(rows.slice(1));
    await workbook.close();

    const [sheet, ...others] = await readBack(file);
    expect(others).toEqual([]);
    expect(sheet.name).toBe("Submitted  referrals  all  with");
    expect(sheet.rowCount).toBe(rows.length);
    expect(sheet.getRow(1).getCell(30).value).toBe("Column 30");
    const second = sheet.getRow(2);
    expect([1, 2, 3, 6, 7, 8].map((column) => second.getCell(column).value)).toEqual([
      'Tom & Jerry <b>"quoted"</b>',
      42,
      3.5,
      "Niño ñandú 👶",
      "line one\nline two",
      '\'=HYPERLINK("x")',
    ]);
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(5).value).toBeNull();
    const last = sheet.getRow(rows.length);
    expect(last.getCell(1).value).toBe(1999);
    expect(last.getCell(30).value).toBe("r1999c29");
  });

  it("drops the control characters XML cannot hold instead of writing a broken file", async () => {
    const file = path.join(folder, "control.xlsx");
    const workbook = await openXlsx(file, "Sheet");
    await workbook.addRows([["bell\u0007 and null\u0000 gone, tab\tkept"]]);
    await workbook.close();
    const [sheet] = await readBack(file);
    expect(sheet.getRow(1).getCell(1).value).toBe("bell and null gone, tab\tkept");
  });

  it("never replaces a file that exists", async () => {
    const file = path.join(folder, "taken.xlsx");
    const first = await openXlsx(file, "Sheet");
    await first.close();
    await expect(openXlsx(file, "Sheet")).rejects.toMatchObject({ code: "EEXIST" });
  });
});
