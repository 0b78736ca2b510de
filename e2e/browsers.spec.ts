import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createChild, createUser, signIn, startReferral, submitDirectly, yearsAgo } from "./support";

// The supported browsers include some without the newer features the pages' scripts use (docs/product-rules.md
// R34). Here Chromium plays such a browser: the features are taken away before any script runs, and each page
// must still do its work, the way it does without scripts where its script cannot. (Without scripts nothing
// here is used: these tests are @js-only.)

/**
 * A browser that runs the pages' scripts but lacks what came later: Safari 14 to 15.3 has no Array.prototype.at,
 * no modal <dialog> and no performance.timeOrigin; Firefox 74 to 97 no modal <dialog> nor TextDecoderStream;
 * Chrome 80 to 84 no String.prototype.replaceAll.
 */
async function withoutNewerFeatures(context: BrowserContext) {
  await context.addInitScript(() => {
    delete (Array.prototype as { at?: unknown }).at;
    delete (String.prototype as { replaceAll?: unknown }).replaceAll;
    delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
    delete (window as { TextDecoderStream?: unknown }).TextDecoderStream;
    delete (Performance.prototype as { timeOrigin?: unknown }).timeOrigin;
  });
}

/** The page's scripts ran (the root marks the document when it hydrates): these are the scripted paths. */
async function expectScripted(page: Page) {
  await expect(page.locator("html.js")).toHaveCount(1);
}

const TEXT = {
  en: {
    add: "Add a supporting document",
    description: "Description",
    file: "File",
    upload: "Upload the document",
    saved: "Document saved",
    tooLarge: "File too large",
    delete: "Delete",
    deleteConfirm: "Delete the document",
    removed: "Document removed",
    generate: "Generate the referral report",
    download: "Download",
  },
  sp: {
    add: "Agregar un documento de apoyo",
    description: "Descripción",
    file: "Archivo",
    upload: "Subir el documento",
    saved: "Documento guardado",
    tooLarge: "Archivo demasiado grande",
    delete: "Eliminar",
    deleteConfirm: "Eliminar el documento",
    removed: "Documento eliminado",
    generate: "Generar el informe de referidos",
    download: "Descargar",
  },
} as const;

for (const lang of ["en", "sp"] as const) {
  const text = TEXT[lang];

  test(`documents: a browser without Array.at and modal dialogs uploads, refuses a large file and asks before deleting (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    test.slow();
    await withoutNewerFeatures(context);
    const user = await createUser({ language: lang });
    const base = await startReferral(user, (await createChild(user, { firstName: "Lucía", lastName: "Pérez" })).id);
    await signIn(context, user);
    await page.goto(`${base}/supporting-documentation/new?lang=${lang}`);
    await expectScripted(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.add);

    // Too large: no modal can open, so the page says it where the no-script page does, and keeps the description.
    await page.getByLabel(new RegExp(`^${text.description}`)).fill("Full evaluation");
    // By its path: the browser reads the file itself (30 MB sent through the test's connection to it took seconds).
    const dir = mkdtempSync(path.join(tmpdir(), "too-large-"));
    const big = path.join(dir, "scan.pdf");
    writeFileSync(big, Buffer.alloc(30 * 1024 * 1024 + 1, 0x20));
    await page
      .getByLabel(text.file, { exact: true })
      .setInputFiles(big)
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    await expect(page.getByRole("alert").filter({ hasText: text.tooLarge })).toBeVisible();
    await expect(page.getByLabel(new RegExp(`^${text.description}`))).toHaveValue("Full evaluation");

    // A good file goes up as usual.
    await page.getByLabel(text.file, { exact: true }).setInputFiles({
      name: "letter.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\nletter\n%%EOF\n"),
    });
    await page.getByRole("button", { name: text.upload }).click();
    await expect(page.getByText(text.saved)).toBeVisible();

    // Deleting asks on the confirmation page, as without scripts.
    await page
      .getByRole("row", { name: /Full evaluation/ })
      .getByRole("link", { name: new RegExp(`^${text.delete}`) })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Full evaluation");
    await page.getByRole("button", { name: text.deleteConfirm }).click();
    await expect(page.getByText(text.removed)).toBeVisible();
    await expect(page.getByRole("row", { name: /Full evaluation/ })).toHaveCount(0);
  });

  test(`reports: a browser without TextDecoderStream follows the report as it is made and gets it (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    test.slow();
    await withoutNewerFeatures(context);
    const referrer = await createUser();
    await submitDirectly(referrer, await startReferral(referrer, (await createChild(referrer)).id));
    await signIn(context, await createUser({ admin: true, language: lang }));
    await page.goto(`/app/reports?lang=${lang}`);
    await expectScripted(page);
    await page.getByRole("button", { name: text.generate }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: new RegExp(`^${text.download} `) })
        .first()
        .click(),
    ]);
    expect(readFileSync((await download.path())!, "utf8")).toContain("\n");
  });
}

test("inactivity: a browser without modal dialogs keeps its page and still signs out after the countdown @js-only", async ({
  page,
  context,
}) => {
  await withoutNewerFeatures(context);
  await signIn(context);
  await page.clock.install();
  await page.goto("/app/dashboard?lang=en");
  await expectScripted(page);
  await page.clock.fastForward("10:05");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await page.clock.fastForward("00:31");
  await expect(page).toHaveURL(/\/login\?expired=1$/);
});

const START = {
  en: {
    refer: "Refer a child",
    month: "Month",
    day: "Day",
    year: "Year",
    continue: "Continue",
    firstName: "First name",
    lastName: "Last name",
    addAndStart: "Add the child and start the referral",
    started: "Child added and referral started",
  },
  sp: {
    refer: "Referir a un niño",
    month: "Mes",
    day: "Día",
    year: "Año",
    continue: "Continuar",
    firstName: "Nombre",
    lastName: "Apellido",
    addAndStart: "Agregar el niño e iniciar el referido",
    started: "Niño agregado y referido iniciado",
  },
} as const;

for (const lang of ["en", "sp"] as const) {
  const text = START[lang];

  // The pages' scripts are written for Chrome 80, Firefox 74 and Safari 14 and later; an older supported browser
  // cannot read them at all, and must get the pages as they work without scripts.
  test(`a browser that cannot read the pages' scripts refers a child as without scripts (${lang}) @js-only`, async ({
    page,
    context,
  }) => {
    await context.route(/\/build\/.*\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "this is not JavaScript it can read(" }),
    );
    await signIn(context, await createUser({ language: lang }));
    // ("commit": the fixture would otherwise wait for the scripts to start.)
    await page.goto(`/app/dashboard?lang=${lang}`, { waitUntil: "commit" });
    await page.waitForLoadState("load");
    await page.getByRole("link", { name: text.refer, exact: true }).click();
    const [year, month, day] = yearsAgo(1, 10).split("-").map(Number);
    await page.getByLabel(text.month, { exact: true }).selectOption(String(month));
    await page.getByLabel(text.year, { exact: true }).selectOption(String(year));
    await page.getByLabel(text.day, { exact: true }).selectOption(String(day));
    await page.getByRole("button", { name: text.continue }).click();
    await page.getByLabel(new RegExp(`^${text.firstName}`)).fill("Nora");
    await page.getByLabel(new RegExp(`^${text.lastName}`)).fill("Salas");
    await page.getByRole("button", { name: text.addAndStart }).click();
    await expect(page.getByText(text.started)).toBeVisible();
    // Nothing of the scripts ran: the page is the one the server sent.
    await expect(page.locator("html.js")).toHaveCount(0);
  });
}
