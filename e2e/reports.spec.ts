import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { parseCsv } from "../app/utils/csv";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  baseURL,
  createChild,
  createUser,
  setLastLogin,
  setStatus,
  signIn,
  startReferral,
  submitDirectly,
} from "./support";

// The reports (issue 10): made from the screen with JavaScript (with progress) and without,
// downloaded, and read back: CSV as text, XLSX with the same library that wrote it.

const TEXT = {
  en: {
    title: "Reports",
    eligible: "Eligible",
    format: "Format",
    excel: "Excel (.xlsx)",
    county: "County",
    generate: "Generate the referral report",
    generateUsers: "Generate the user report",
    download: "Download",
    language: "Primary language",
    spanish: "Spanish (Español)",
    after: "Last sign-in after",
    before: "Last sign-in before",
    statuses: "Statuses",
    future: "The date cannot be after today.",
    createdAfter: "Created after",
    // Times as the pages write them, in Eastern time.
    lastSignIn: "06/15/2025, 11:00 AM EDT",
    inJune2025: /^06\/\d{2}\/2025, /,
  },
  sp: {
    title: "Informes",
    eligible: "Elegible",
    format: "Formato",
    excel: "Excel (.xlsx)",
    county: "Condado",
    generate: "Generar el informe de referidos",
    generateUsers: "Generar el informe de usuarios",
    download: "Descargar",
    language: "Idioma principal",
    spanish: "Español (Spanish)",
    after: "Último inicio de sesión después de",
    before: "Último inicio de sesión antes de",
    statuses: "Estados",
    future: "La fecha no puede ser posterior a hoy.",
    createdAfter: "Creado después de",
    lastSignIn: "15/06/2025, 11:00 a.m. EDT",
    inJune2025: /^\d{2}\/06\/2025, /,
  },
} as const;

/** The one county no other test uses: its referrals are this test's alone. */
const GARRETT = "24023";

async function downloadFrom(page: Page, label: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("link", { name: new RegExp(`^${label} `) })
      .first()
      .click(),
  ]);
  return readFileSync((await download.path())!);
}

async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];

  test(
    `an administrator makes the referral report and the user report, in CSV and XLSX (${lang})`,
    { tag },
    async ({ page, context }) => {
      test.slow();
      const referrer = await createUser();
      // Other tests report on Garrett County at the same time: this test's children carry a mark of their own.
      const mark = Math.random().toString(36).slice(2, 8);
      const names: string[] = [];
      for (const name of ["Ana", "Beto", "Carla"]) {
        const base = await startReferral(
          referrer,
          (await createChild(referrer, { firstName: `${name}${mark}`, lastName: "Garrett" })).id,
        );
        await submitDirectly(referrer, base, { county: GARRETT });
        if (name !== "Carla") await setStatus(base, "Eligible", "Eligible.", "Elegible.", new Date().toISOString());
        names.push(`${name}${mark}`);
      }
      const mine = (firstNames: unknown[]) =>
        firstNames.filter((name) => typeof name === "string" && name.endsWith(mark)).sort();
      await signIn(context, await createUser({ admin: true, language: lang }));
      await page.goto(`/app/reports?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);

      // Eligible referrals of Garrett County, as CSV: two rows, this test's.
      const referralForm = page.locator("form", { has: page.getByRole("button", { name: text.generate }) });
      await referralForm
        .getByRole("group", { name: text.statuses })
        .locator("label", { hasText: new RegExp(`^${text.eligible}$`) })
        .click();
      await referralForm.getByLabel(new RegExp(`^${text.county}`)).selectOption(GARRETT);
      await referralForm.getByRole("button", { name: text.generate }).click();
      const csv = parseCsv((await downloadFrom(page, text.download)).toString("utf8").replace(/^\uFEFF/, ""));
      expect(csv[0]).toHaveLength(35);
      expect(mine(csv.slice(1).map((row) => row[12]))).toEqual(names.slice(0, 2));
      expect(csv.slice(1).every((row) => row[1] === text.eligible)).toBe(true);

      // Every status of Garrett County, as XLSX: three rows.
      await page.goto(`/app/reports?lang=${lang}`);
      await referralForm.getByRole("group", { name: text.format }).locator("label", { hasText: text.excel }).click();
      await referralForm.getByLabel(new RegExp(`^${text.county}`)).selectOption(GARRETT);
      await referralForm.getByRole("button", { name: text.generate }).click();
      const sheet = await readXlsx(await downloadFrom(page, text.download));
      expect(sheet[0]).toHaveLength(35);
      expect(mine(sheet.slice(1).map((row) => row[12]))).toEqual(names);

      // A date after today is refused, with a message.
      await page.goto(`/app/reports?lang=${lang}`);
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await referralForm.getByLabel(new RegExp(`^${text.createdAfter}`)).fill(future);
      await referralForm.getByRole("button", { name: text.generate }).click();
      await expect(page.getByText(text.future).first()).toBeVisible();

      // The user report: Spanish-speaking users last signed in in June 2025 (only this test's).
      const spanish = await createUser({ language: "sp" });
      await setLastLogin(spanish.id, "2025-06-15T15:00:00Z");
      await page.goto(`/app/reports?lang=${lang}`);
      const userForm = page.locator("form", { has: page.getByRole("button", { name: text.generateUsers }) });
      await userForm.getByLabel(new RegExp(`^${text.language}`)).selectOption("sp");
      await userForm.getByLabel(new RegExp(`^${text.after}`)).fill("2025-06-01");
      await userForm.getByLabel(new RegExp(`^${text.before}`)).fill("2025-07-01");
      await userForm.getByRole("button", { name: text.generateUsers }).click();
      const users = parseCsv((await downloadFrom(page, text.download)).toString("utf8").replace(/^\uFEFF/, ""));
      expect(users.slice(1).find((row) => row[3] === spanish.email)?.[8]).toBe(text.lastSignIn);
      expect(users.slice(1).every((row) => text.inJune2025.test(row[8]))).toBe(true);
    },
  );
}

// The same requests with or without JavaScript: run in one project (@http, see playwright.config.ts).
test.describe("over HTTP @http", () => {
  test("POST /generate-report takes the JSON of R104 and answers the file name; others get 403", async ({
    page,
    context,
    browser,
  }) => {
    const referrer = await createUser();
    const base = await startReferral(referrer, (await createChild(referrer)).id);
    await submitDirectly(referrer, base, { county: GARRETT });
    await signIn(context, await createUser({ admin: true }));
    const headers = { Origin: baseURL };
    const made = await page.request.post("/generate-report", {
      headers,
      data: { statuses: ["submitted", "eligible"], format: "csv", filename: "../../../etc/passwd", county: GARRETT },
    });
    expect(made.status()).toBe(200);
    const { filename } = await made.json();
    expect(filename).toMatch(/^etc-passwd-[0-9a-f]{8}\.csv$/);
    expect((await page.request.get(`/app/reports/file/${filename}`)).status()).toBe(200);
    const refused = await page.request.post("/generate-user-report", {
      headers,
      data: { format: "xlsx", last_login_after: "2999-01-01" },
    });
    expect(refused.status()).toBe(400);

    const other = await browser.newContext({ baseURL });
    try {
      await signIn(other, await createUser());
      expect((await other.request.post("/generate-report", { headers, data: { format: "csv" } })).status()).toBe(403);
      expect((await other.request.post("/generate-user-report", { headers, data: { format: "csv" } })).status()).toBe(
        403,
      );
      expect((await other.request.get(`/app/reports/file/${filename}`)).status()).toBe(403);
      expect((await other.request.get("/app/reports", { maxRedirects: 0 })).status()).toBe(403);
    } finally {
      await other.close();
    }
  });
});
