import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Download, Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  baseURL,
  createChild,
  createUser,
  documentsOf,
  referralIdOf,
  signIn,
  startReferral,
  storedUploads,
} from "./support";

// Supporting and consent documents (docs/product-rules.md R62, R63, R64, R65, R66), with JavaScript and without.

const TEXT = {
  en: {
    list: "Documents and consent",
    add: "Add a supporting document",
    addConsent: "Add a consent document",
    editTitle: "Edit the document",
    description: "Description",
    file: "File",
    upload: "Upload the document",
    saveDescription: "Save the description",
    saved: "Document saved",
    updated: "Document updated",
    removed: "Document removed",
    referralUpdated: "Referral updated",
    consentLegend: "Has a parent or guardian given written consent to this referral?",
    consentYes: "Yes, a parent or guardian signed a consent form",
    consentDefault:
      "Signed consent to refer the child and to share information with the Maryland Infants and Toddlers Program",
    consentDocuments: "Consent documents",
    edit: "Edit",
    download: "Download",
    delete: "Delete",
    deleteConfirm: "Delete the document",
    tooLarge: "File too large",
    overLimit: "over the 30MB limit",
    notAccepted: "This file is not a type we accept",
    saveAndContinue: "Save and continue",
    save: "Save",
    review: /^Review referral \d+ for Lucía Pérez$/,
    emptySupporting: "No supporting document added yet.",
    consentNotYet: "Not yet, or I don't know",
    consentNeeds: "The program needs one of two answers before the referral can be submitted",
    consentSavedNotYet: "This referral cannot be submitted yet",
    missingConsent: "Whether a parent or guardian has given written consent",
  },
  sp: {
    list: "Documentos y consentimiento",
    add: "Agregar un documento de apoyo",
    addConsent: "Agregar un documento de consentimiento",
    editTitle: "Editar el documento",
    description: "Descripción",
    file: "Archivo",
    upload: "Subir el documento",
    saveDescription: "Guardar la descripción",
    saved: "Documento guardado",
    updated: "Documento actualizado",
    removed: "Documento eliminado",
    referralUpdated: "Referido actualizado",
    consentLegend: "¿Ha dado un padre, madre o tutor su consentimiento por escrito para este referido?",
    consentYes: "Sí, un padre, madre o tutor firmó un formulario de consentimiento",
    consentDefault:
      "Consentimiento firmado para referir al niño y compartir información con el Programa de Infantes y Niños Pequeños de Maryland",
    consentDocuments: "Documentos de consentimiento",
    edit: "Editar",
    download: "Descargar",
    delete: "Eliminar",
    deleteConfirm: "Eliminar el documento",
    tooLarge: "Archivo demasiado grande",
    overLimit: "más que el límite de 30MB",
    notAccepted: "No aceptamos este tipo de archivo",
    saveAndContinue: "Guardar y continuar",
    save: "Guardar",
    review: /^Revisar el referido \d+ de Lucía Pérez$/,
    emptySupporting: "Todavía no se ha agregado ningún documento de apoyo.",
    consentNotYet: "Todavía no, o no lo sé",
    consentNeeds: "El programa necesita una de dos respuestas antes de que se pueda enviar el referido",
    consentSavedNotYet: "Todavía no se puede enviar este referido",
    missingConsent: "Si un padre, madre o tutor ha dado su consentimiento por escrito",
  },
} as const;
type Text = (typeof TEXT)["en" | "sp"];

const LIMIT = 30 * 1024 * 1024;

/** A PDF and a JPEG with random bodies, so that a byte-for-byte comparison means something. */
function pdfBytes() {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(40_000), Buffer.from("\n%%EOF\n")]);
}
function jpegBytes() {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0"),
    randomBytes(30_000),
    Buffer.from([0xff, 0xd9]),
  ]);
}

async function downloaded(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** Fills and sends the add screen. */
async function upload(
  page: Page,
  text: Text,
  description: string | null,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  if (description !== null) await page.getByLabel(new RegExp(`^${text.description}`)).fill(description);
  await page.getByLabel(text.file, { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: text.upload }).click();
}

async function opened(lang: "en" | "sp") {
  const user = await createUser({ language: lang });
  const { id: childId } = await createChild(user, { firstName: "Lucía", lastName: "Pérez" });
  const base = await startReferral(user, childId);
  return { user, base, referralId: referralIdOf(base) };
}

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = TEXT[lang];

  test(
    `documents: add supporting and consent files, edit a description, download, delete (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // eight screens and four uploads
      const { user, base, referralId } = await opened(lang);
      await signIn(context, user);
      const list = `${base}/supporting-documentation/list`;
      await page.goto(`${list}?lang=${lang}`);
      await heading(page, text.list);

      // A PDF and a JPEG as supporting documents.
      const pdf = pdfBytes();
      const jpeg = jpegBytes();
      await page.getByRole("button", { name: text.add }).click();
      await heading(page, text.add);
      await upload(page, text, "Hearing screening", {
        name: "screening.pdf",
        mimeType: "application/pdf",
        buffer: pdf,
      });
      await heading(page, text.list);
      await expect(page.getByText(text.saved)).toBeVisible();
      await page.getByRole("button", { name: text.add }).click();
      await upload(page, text, "Doctor's letter (photo)", { name: "letter.jpg", mimeType: "image/jpeg", buffer: jpeg });
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(page.getByRole("row", { name: /Hearing screening/ })).toContainText("screening.pdf");
      await expect(page.getByRole("row", { name: /Doctor's letter/ })).toContainText("letter.jpg");

      // The consent answer chosen but not saved travels to the consent document's screen and back.
      await page
        .getByRole("group", { name: text.consentLegend })
        .locator("label", { hasText: text.consentYes })
        .click();
      await page.getByRole("button", { name: text.addConsent }).click();
      await heading(page, text.addConsent);
      await expect(page.getByLabel(new RegExp(`^${text.description}`))).toHaveValue(text.consentDefault);
      await upload(page, text, null, { name: "consent.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
      await heading(page, text.list);
      await expect(page.getByRole("radio", { name: text.consentYes })).toBeChecked();
      const consentTable = page.getByRole("table", { name: text.consentDocuments });
      await expect(consentTable).toContainText("consent.pdf");
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.referralUpdated)).toBeVisible();
      await page.reload();
      await expect(page.getByRole("radio", { name: text.consentYes })).toBeChecked();

      const stored = await documentsOf(referralId);
      expect(stored.map((row) => [row.description, row.is_consent, row.file_name])).toEqual([
        ["Hearing screening", 0, "screening.pdf"],
        ["Doctor's letter (photo)", 0, "letter.jpg"],
        [text.consentDefault, 1, "consent.pdf"],
      ]);

      // Editing changes the description; the file is the same, byte for byte.
      await page.getByRole("button", { name: `${text.edit} Hearing screening` }).click();
      await heading(page, text.editTitle);
      await expect(page.getByText("screening.pdf")).toBeVisible();
      await page.getByLabel(new RegExp(`^${text.description}`)).fill("Hearing screening, March 2026");
      await page.getByRole("button", { name: text.saveDescription }).click();
      await heading(page, text.list);
      await expect(page.getByText(text.updated)).toBeVisible();
      const row = page.getByRole("row", { name: /Hearing screening, March 2026/ });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        row.getByRole("link", { name: new RegExp(`^${text.download}`) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("screening.pdf");
      expect((await downloaded(download)).equals(pdf)).toBe(true);
      expect((await documentsOf(referralId))[0].file_path).toBe(stored[0].file_path);

      // Deleting asks first (a modal with JavaScript, a page without), then removes row and file.
      await page
        .getByRole("row", { name: /Doctor's letter/ })
        .getByRole("link", { name: new RegExp(`^${text.delete}`) })
        .click();
      if (javaScriptOn) await expect(page.getByRole("dialog")).toBeVisible();
      else await expect(page.getByRole("heading", { level: 1 })).toContainText("Doctor's letter (photo)");
      await page.getByRole("button", { name: text.deleteConfirm }).click();
      await expect(page.getByText(text.removed)).toBeVisible();
      await expect(page.getByRole("row", { name: /Doctor's letter/ })).toHaveCount(0);
      expect((await documentsOf(referralId)).map((document) => document.file_name)).toEqual([
        "screening.pdf",
        "consent.pdf",
      ]);
      expect(storedUploads().map((file) => file.name)).not.toContain(stored[1].file_path);

      // Saving the list with advance goes to the review.
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await heading(page, text.review);
    },
  );

  test(
    `a file over 30 MB is refused with the File too large message, and nothing is kept (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow();
      const { user, base, referralId } = await opened(lang);
      await signIn(context, user);
      const dir = mkdtempSync(path.join(tmpdir(), "too-large-"));
      const big = path.join(dir, "scan.pdf");
      writeFileSync(big, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(LIMIT + 1 - 9, 0x20)]));
      try {
        await page.goto(`${base}/supporting-documentation/new?lang=${lang}`);
        await page.getByLabel(new RegExp(`^${text.description}`)).fill("Full evaluation");
        await page.getByLabel(text.file, { exact: true }).setInputFiles(big);
        if (javaScriptOn) {
          // Before any upload starts: the modal, and the file box emptied.
          const dialog = page.getByRole("dialog", { name: text.tooLarge });
          await expect(dialog).toBeVisible();
          await expect(dialog).toContainText("30.1 MB");
          await expect(dialog).toContainText(text.overLimit);
          await dialog.getByRole("button").click();
          await expect(dialog).toBeHidden();
          await expect(page.getByLabel(text.file, { exact: true })).toHaveValue("");
        } else {
          await page.getByRole("button", { name: text.upload }).click();
          const alert = page.getByRole("alert").filter({ hasText: text.tooLarge });
          await expect(alert).toContainText(text.overLimit);
          await expect(alert).toContainText("30.1 MB");
          await expect(page.getByLabel(new RegExp(`^${text.description}`))).toHaveValue("Full evaluation");
        }
        expect(await documentsOf(referralId)).toEqual([]);
        // No part-written copy either (the only larger files a test stores are 29.9 MB).
        expect(storedUploads().filter((file) => file.size >= LIMIT)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  test(
    `consent "not yet" says where it is chosen that it keeps the referral from being submitted, and the review leads back to the question (${lang})`,
    { tag },
    async ({ page, context }) => {
      const { user, base } = await opened(lang);
      await signIn(context, user);
      await page.goto(`${base}/supporting-documentation/list?lang=${lang}`);
      const question = page.getByRole("group", { name: text.consentLegend });
      await expect(question).toHaveAccessibleDescription(new RegExp(text.consentNeeds));
      await expect(page.getByText(text.consentSavedNotYet)).toHaveCount(0);

      await question.locator("label", { hasText: text.consentNotYet }).click();
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.referralUpdated)).toBeVisible();
      await expect(page.getByText(text.consentSavedNotYet)).toBeVisible();

      // The review lists the consent as missing (docs/product-rules.md R68) and its link opens the question itself.
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await heading(page, text.review);
      await page.getByRole("link", { name: text.missingConsent }).click();
      await heading(page, text.list);
      await expect(page).toHaveURL(/#documents-childParentConsent$/);
      await expect(question).toBeInViewport();
    },
  );

  test(
    `a file that is not of an accepted kind is refused with a clear message (${lang})`,
    { tag },
    async ({ page, context }) => {
      const { user, base, referralId } = await opened(lang);
      await signIn(context, user);
      await page.goto(`${base}/supporting-documentation/new?lang=${lang}`);
      await upload(page, text, "Results", {
        name: "x.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>"),
      });
      await expect(page.getByRole("alert").first()).toContainText(text.notAccepted);
      await expect(page.getByLabel(new RegExp(`^${text.description}`))).toHaveValue("Results");
      expect(await documentsOf(referralId)).toEqual([]);
    },
  );
}

test("the screenings screen's answers, not yet saved, come back after attaching a report", async ({
  page,
  context,
}) => {
  const { user, base, referralId } = await opened("en");
  await signIn(context, user);
  await page.goto(`${base}/reason/screen`);
  await page
    .getByRole("group", { name: "Failed screenings" })
    .locator("label", { hasText: /^Newborn hearing screening$/ })
    .click();
  await page.getByLabel(/^Date of the screening/).fill("03/02/2026");
  await page.getByRole("button", { name: "Attach a screening report" }).click();
  await heading(page, TEXT.en.add);
  await upload(page, TEXT.en, "Hearing screening report", {
    name: "report.pdf",
    mimeType: "application/pdf",
    buffer: pdfBytes(),
  });
  await heading(page, "Screenings and medical conditions");
  await expect(page.getByText(TEXT.en.saved)).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Failed screenings" }).getByRole("checkbox", { name: "Newborn hearing screening" }),
  ).toBeChecked();
  await expect(page.getByLabel(/^Date of the screening/)).toHaveValue("03/02/2026");
  expect((await documentsOf(referralId)).map((row) => row.description)).toEqual(["Hearing screening report"]);
});

test("with JavaScript, an upload shows its progress @js-only", async ({ page, context }) => {
  const { user, base, referralId } = await opened("en");
  await signIn(context, user);
  await page.goto(`${base}/supporting-documentation/new`);
  // A slow connection (about 2 Mbit/s up), so the upload takes a few seconds.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 250_000,
  });
  const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1_200_000)]);
  await upload(page, TEXT.en, "Evaluation", { name: "evaluation.pdf", mimeType: "application/pdf", buffer: file });
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(bar).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Uploading: \d+%/ })).toBeVisible();
  await expect(page.getByText(TEXT.en.saved)).toBeVisible({ timeout: 20_000 });
  expect((await documentsOf(referralId)).map((row) => row.size_bytes)).toEqual([file.length]);
});

// The same requests with or without JavaScript: run in one project (@http, see playwright.config.ts).
test.describe("uploads over HTTP @http", () => {
  test("a 29.9 MB file is stored; a path in the file name is dropped; the download is an attachment", async ({
    page,
    context,
  }) => {
    test.slow();
    const { user, base, referralId } = await opened("en");
    await signIn(context, user);
    const size = Math.floor(29.9 * 1024 * 1024);
    const buffer = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);
    const response = await page.request.post(`${base}/supporting-documentation/new`, {
      headers: { Origin: baseURL },
      multipart: {
        from: "documents",
        description: "Full evaluation",
        file: { name: "../../../etc/evaluation.pdf", mimeType: "application/pdf", buffer },
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const [row] = await documentsOf(referralId);
    expect(row).toMatchObject({ file_name: "evaluation.pdf", size_bytes: size });
    expect(row.file_path).toMatch(/^[0-9a-f-]{36}$/);

    const file = await page.request.get(`/app/documents/${row.id}/file`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toBe(
      "attachment; filename=\"evaluation.pdf\"; filename*=UTF-8''evaluation.pdf",
    );
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).equals(buffer)).toBe(true);
  });

  test("30 MB + 1 byte is refused with the File too large message and nothing is stored", async ({ page, context }) => {
    test.slow();
    const { user, base, referralId } = await opened("en");
    await signIn(context, user);
    const buffer = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(LIMIT + 1 - 9, 0x20)]);
    const response = await page.request.post(`${base}/supporting-documentation/new`, {
      headers: { Origin: baseURL },
      multipart: { description: "Too big", file: { name: "big.pdf", mimeType: "application/pdf", buffer } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    const html = await response.text();
    expect(html).toContain("File too large");
    expect(html).toContain("over the 30MB limit");
    expect(await documentsOf(referralId)).toEqual([]);
    expect(storedUploads().filter((file) => file.size >= LIMIT)).toEqual([]);
  });

  test("another user gets 404 for the document's page, its file and its deletion; an administrator downloads it", async ({
    page,
    context,
    browser,
  }) => {
    const { user, base, referralId } = await opened("en");
    const ownerContext = await browser.newContext({ baseURL });
    try {
      await signIn(ownerContext, user);
      const owner = await ownerContext.newPage();
      const post = await owner.request.post(`${base}/supporting-documentation/new`, {
        headers: { Origin: baseURL },
        multipart: {
          description: "Private report",
          file: { name: "report.pdf", mimeType: "application/pdf", buffer: pdfBytes() },
        },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(302);
    } finally {
      await ownerContext.close();
    }
    const [document] = await documentsOf(referralId);

    await signIn(context, await createUser());
    expect((await page.goto(`${base}/supporting-documentation/${document.id}`))?.status()).toBe(404);
    expect((await page.request.get(`/app/documents/${document.id}/file`)).status()).toBe(404);
    const upload = await page.request.post(`${base}/supporting-documentation/new`, {
      headers: { Origin: baseURL },
      multipart: { description: "Mine now", file: { name: "x.pdf", mimeType: "application/pdf", buffer: pdfBytes() } },
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(404);
    const removal = await page.request.post(`${base}/supporting-documentation/list`, {
      headers: { Origin: baseURL },
      form: { intent: "delete", document: String(document.id) },
      maxRedirects: 0,
    });
    expect(removal.status()).toBe(404);
    expect(await documentsOf(referralId)).toHaveLength(1);

    const adminContext = await browser.newContext({ baseURL });
    try {
      await signIn(adminContext, await createUser({ admin: true }));
      const file = await adminContext.request.get(`/app/documents/${document.id}/file`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-disposition"]).toContain('filename="report.pdf"');
    } finally {
      await adminContext.close();
    }
  });
});
