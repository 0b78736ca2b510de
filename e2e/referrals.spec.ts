import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { formatDateTimeEastern } from "../app/utils/dates";
import {
  baseURL,
  createChild,
  createUser,
  fillReferral,
  mailsTo,
  referralIdOf,
  setStatus,
  signIn,
  startReferral,
  submissionDateOf,
  submitDirectly,
} from "./support";

// Review, submit, copy, delete, the lists, status updates and the dashboard
// (docs/product-rules.md R33, R68, R69, R70, R71, R72, R75, R82).

const TEXT = {
  en: {
    review: (name: string) => new RegExp(`^Review referral \\d+ for ${name}$`),
    missingHeading: "Before you can submit, these answers are missing:",
    missingConsent: "Whether a parent or guardian has given written consent",
    missingConsentDocument: "The signed consent form",
    consentLegend: "Has a parent or guardian given written consent to this referral?",
    consentYes: "Yes, a parent or guardian signed a consent form",
    addConsent: "Add a consent document",
    upload: "Upload the document",
    file: "File",
    saveAndContinue: "Save and continue",
    complete: "Everything the program needs is here",
    submit: "Submit the referral",
    submitConfirm: "Yes, submit it",
    submitted: "Submitted referrals",
    confirmation: "Referral submitted",
    number: "Your referral number",
    eastern: "(Eastern time)",
    next: "What happens next",
    referAnother: "Refer another child",
    drafts: "Draft referrals",
    copy: "Copy the referral",
    created: "Referral created",
    relationship: "Your relationship to the child",
    deleteLink: "Delete",
    deleteConfirm: "Delete the draft",
    deleted: "Referral deleted",
    noDrafts: "You have no draft referrals.",
    change: "Change: Referrer",
    firstName: "First name",
    save: "Save",
    mailSubject: "Your referral ",
  },
  sp: {
    review: (name: string) => new RegExp(`^Revisar el referido \\d+ de ${name}$`),
    missingHeading: "Antes de enviarlo, faltan estas respuestas:",
    missingConsent: "Si un padre, madre o tutor ha dado su consentimiento por escrito",
    missingConsentDocument: "El formulario de consentimiento firmado",
    consentLegend: "¿Ha dado un padre, madre o tutor su consentimiento por escrito para este referido?",
    consentYes: "Sí, un padre, madre o tutor firmó un formulario de consentimiento",
    addConsent: "Agregar un documento de consentimiento",
    upload: "Subir el documento",
    file: "Archivo",
    saveAndContinue: "Guardar y continuar",
    complete: "Está todo lo que el programa necesita",
    submit: "Enviar el referido",
    submitConfirm: "Sí, enviarlo",
    submitted: "Referidos enviados",
    confirmation: "Referido enviado",
    number: "Su número de referido",
    eastern: "(hora del Este)",
    next: "Qué pasa ahora",
    referAnother: "Referir a otro niño",
    drafts: "Referidos en borrador",
    copy: "Copiar el referido",
    created: "Referido creado",
    relationship: "Su relación con el niño",
    deleteLink: "Eliminar",
    deleteConfirm: "Eliminar el borrador",
    deleted: "Referido eliminado",
    noDrafts: "No tiene referidos en borrador.",
    change: "Cambiar: Quien refiere",
    firstName: "Nombre",
    save: "Guardar",
    mailSubject: "Su referido ",
  },
} as const;

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = TEXT[lang];

  test(
    `a referral is reviewed, completed, submitted, copied, and the copy deleted (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // a dozen screens
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user, { firstName: "Lucía", lastName: "Pérez" });
      const base = await startReferral(user, childId);
      // Steps 1–14 as the wizard saves them (the wizard's own test walks each screen); consent left unanswered.
      await fillReferral(user, base);
      const childName = "Lucía Pérez";

      // The review flags what is missing; each flag links to its step.
      await page.goto(`${base}/review?lang=${lang}`);
      await heading(page, text.review(childName));
      // The title, which stays in the browser's history after sign-out, names the referral by its number (R134).
      expect(await page.title()).toMatch(/^(Review referral|Revisar el referido) \d+ \| /);
      const missing = page.getByRole("region", { name: text.missingHeading });
      await expect(missing).toContainText(text.missingConsent);
      await expect(page.getByRole("button", { name: text.submit })).toHaveCount(0);
      await expect(page.getByRole("link", { name: text.submit })).toHaveCount(0);

      // Answer yes: now the consent form is missing. Then add it.
      await missing.getByRole("link", { name: text.missingConsent }).click();
      await page
        .getByRole("group", { name: text.consentLegend })
        .locator("label", { hasText: text.consentYes })
        .click();
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await heading(page, text.review(childName));
      await expect(page.getByRole("region", { name: text.missingHeading })).toContainText(text.missingConsentDocument);
      await page.getByRole("link", { name: new RegExp(text.missingConsentDocument) }).click();
      await page.getByRole("button", { name: text.addConsent }).click();
      await page.getByLabel(text.file, { exact: true }).setInputFiles({
        name: "consent.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2000)]),
      });
      await page.getByRole("button", { name: text.upload }).click();
      await page.getByRole("button", { name: text.saveAndContinue }).click();

      // A Change link returns to the review after saving.
      await heading(page, text.review(childName));
      await page.getByRole("link", { name: text.change }).click();
      await heading(page, text.relationship);
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await heading(page, text.review(childName));

      // Complete: submit behind a confirmation (a modal with JavaScript, a page without).
      await expect(page.getByText(text.complete)).toBeVisible();
      await page.getByRole("link", { name: text.submit }).click();
      if (javaScriptOn) await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("button", { name: text.submitConfirm }).click();
      // The confirmation: the referral's number, when it was sent in Eastern time, and what happens next.
      await heading(page, text.confirmation);
      await expect(page).toHaveURL(new RegExp(`${base}/submitted$`));
      await expect(page.locator(".confirmation__number")).toHaveText(`${text.number}${referralIdOf(base)}`);
      const sentAt = formatDateTimeEastern((await submissionDateOf(referralIdOf(base)))!, lang === "sp" ? "es" : "en");
      await expect(page.getByText(text.eastern)).toContainText(sentAt);
      await expect(page.getByRole("heading", { name: text.next })).toBeVisible();
      await expect(page.getByRole("link", { name: text.referAnother })).toHaveAttribute(
        "href",
        "/app/children/edit/preverify",
      );
      expect(mailsTo(user.email).some((mail) => mail.subject.startsWith(text.mailSubject))).toBe(true);
      await page.goto("/app/referrals/submitted");
      await heading(page, text.submitted);
      await expect(page.getByRole("row", { name: new RegExp(childName) })).toHaveCount(1);
      await page.goto("/app/referrals/drafts");
      await heading(page, text.drafts);
      await expect(page.getByText(text.noDrafts)).toBeVisible();

      // The submitted referral opens in the review; copy it: the copy opens as a Draft with the same answers.
      await page.goto("/app/referrals/submitted");
      await page
        .getByRole("row", { name: new RegExp(childName) })
        .getByRole("link")
        .first()
        .click();
      await heading(page, text.review(childName));
      await page.getByRole("button", { name: text.copy }).click();
      await heading(page, text.relationship);
      await expect(page.getByText(text.created)).toBeVisible();
      const copyBase = page.url().replace(/\/referrer-information\/relationship$/, "");
      expect(referralIdOf(copyBase)).not.toBe(referralIdOf(base));
      await page.goto(`${copyBase}/referrer-information/proxy`);
      await expect(page.getByLabel(text.firstName, { exact: true })).toHaveValue("Rosa");

      // Delete the copy from the drafts list, after a confirmation; the list shows again.
      await page.goto("/app/referrals/drafts");
      const row = page.getByRole("row", { name: new RegExp(childName) });
      await expect(row).toHaveCount(1);
      await row.getByRole("link", { name: new RegExp(`^${text.deleteLink}`) }).click();
      await page.getByRole("button", { name: text.deleteConfirm }).click();
      await heading(page, text.drafts);
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(page.getByText(text.noDrafts)).toBeVisible();
    },
  );
}

test("status updates list the referrer's changed referrals, newest first, with their details", async ({
  page,
  context,
}) => {
  const user = await signIn(context, await createUser());
  const first = await startReferral(user, (await createChild(user, { firstName: "Ana", lastName: "Uno" })).id);
  const second = await startReferral(user, (await createChild(user, { firstName: "Beto", lastName: "Dos" })).id);
  await submitDirectly(user, first);
  await submitDirectly(user, second);
  await setStatus(
    first,
    "Eligible",
    "Services start in March.",
    "Los servicios empiezan en marzo.",
    "2026-10-01T15:00:00Z",
  );
  await setStatus(
    second,
    "Unable to Contact",
    "We called three times.",
    "Llamamos tres veces.",
    "2026-11-01T15:00:00Z",
  );
  await page.goto("/app/updates");
  const rows = page.getByRole("row");
  await expect(rows.nth(1)).toContainText("Beto Dos");
  await expect(rows.nth(1)).toContainText("Unable to contact");
  await expect(rows.nth(1)).toContainText("We called three times.");
  await expect(rows.nth(2)).toContainText("Ana Uno");
  await page.goto("/app/updates?lang=sp");
  await expect(rows.nth(1)).toContainText("Llamamos tres veces.");

  await page.goto("/app/dashboard?lang=en");
  const counts = page.getByRole("list", { name: "Your figures" });
  await expect(counts.getByRole("link", { name: /Submitted referrals/ })).toContainText("2");
  await expect(counts.getByRole("link", { name: /Status updates/ })).toContainText("2");
  await expect(counts.getByRole("link", { name: /Children/ })).toContainText("2");
  await expect(counts.getByRole("link", { name: /Users/ })).toHaveCount(0);
});

test("an administrator sees one user's referrals and everyone's drafts, and opens them in the review", async ({
  page,
  context,
}) => {
  const owner = await createUser();
  // Both projects run this test at once on one database: its children's names are its own.
  const mark = Math.random().toString(36).slice(2, 8);
  const draftBase = await startReferral(
    owner,
    (await createChild(owner, { firstName: "Carla", lastName: `Borrador${mark}` })).id,
  );
  const sentBase = await startReferral(
    owner,
    (await createChild(owner, { firstName: "Dario", lastName: `Enviado${mark}` })).id,
  );
  await submitDirectly(owner, sentBase);
  await signIn(context, await createUser({ admin: true }));
  for (const lang of ["en", "sp"] as const) {
    await page.goto(`/app/user/${owner.id}/referrals?lang=${lang}`);
    await expect(page.getByRole("row", { name: new RegExp(`Carla Borrador${mark}`) })).toHaveCount(1);
    await expect(page.getByRole("row", { name: new RegExp(`Dario Enviado${mark}`) })).toHaveCount(1);
  }
  await page.goto(`/app/referrals/drafts?childName=Borrador${mark}&lang=en`);
  await page
    .getByRole("row", { name: new RegExp(`Carla Borrador${mark}`) })
    .getByRole("link", { name: new RegExp(`^Carla Borrador${mark}, `) })
    .click();
  await expect(page).toHaveURL(new RegExp(`${draftBase}/review$`));
  await expect(page.getByRole("link", { name: "Submit the referral" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copy the referral" })).toHaveCount(0);
});

// The same requests with or without JavaScript: run in one project (@http, see playwright.config.ts).
test.describe("over HTTP @http", () => {
  test("another user gets 404 for every action on a referral not theirs; an administrator cannot change it", async ({
    page,
    context,
    browser,
  }) => {
    const owner = await createUser();
    const base = await startReferral(owner, (await createChild(owner)).id);
    await fillReferral(owner, base, { consent: 2 });
    const id = referralIdOf(base);
    await signIn(context, await createUser());
    const headers = { Origin: baseURL };
    expect((await page.goto(`${base}/review`))?.status()).toBe(404);
    for (const intent of ["submit", "copy", "delete"]) {
      expect(
        (await page.request.post(`${base}/review`, { headers, form: { intent }, maxRedirects: 0 })).status(),
        intent,
      ).toBe(404);
      expect(
        (
          await page.request.post("/app/referrals/drafts", {
            headers,
            form: { intent, referral: String(id) },
            maxRedirects: 0,
          })
        ).status(),
        `list ${intent}`,
      ).toBe(404);
    }
    expect((await page.request.post(`/api/referrals/${id}/submit`, { headers })).status()).toBe(404);
    expect((await page.request.post(`/api/referrals/${id}/copy`, { headers })).status()).toBe(404);

    const adminContext = await browser.newContext({ baseURL });
    try {
      await signIn(adminContext, await createUser({ admin: true }));
      const admin = await adminContext.newPage();
      expect((await admin.goto(`${base}/review`))?.status()).toBe(200);
      await expect(admin.getByRole("link", { name: "Submit the referral" })).toHaveCount(0);
      for (const intent of ["submit", "copy", "delete"]) {
        expect(
          (await admin.request.post(`${base}/review`, { headers, form: { intent }, maxRedirects: 0 })).status(),
          `admin ${intent}`,
        ).toBe(403);
      }
      expect((await admin.request.post(`/api/referrals/${id}/submit`, { headers })).status()).toBe(403);
    } finally {
      await adminContext.close();
    }
    // Still the owner's Draft, unchanged.
    await signIn(context, owner);
    expect((await page.goto(`${base}/review`))?.status()).toBe(200);
  });

  test("submitting twice at once submits once", async ({ page, context }) => {
    const user = await signIn(context, await createUser());
    const base = await startReferral(user, (await createChild(user)).id);
    await fillReferral(user, base, { consent: 2 });
    const id = referralIdOf(base);
    const [first, second] = await Promise.all([
      page.request.post(`/api/referrals/${id}/submit`),
      page.request.post(`/api/referrals/${id}/submit`),
    ]);
    const answers = [await first.json(), await second.json()];
    expect(answers.map((answer) => answer.submitted).sort()).toEqual([false, true]);
    // One confirmation e-mail, from the API as from the review page (docs/product-rules.md R86).
    expect(mailsTo(user.email).filter((mail) => /^Your referral \d+ was submitted$/.test(mail.subject))).toHaveLength(
      1,
    );
  });

  test("the CSV has 35 columns and its rows are the filtered list's", async ({ page, context }) => {
    const user = await signIn(context, await createUser());
    const referrals: string[] = [];
    for (const name of ["Ana", "Beto", "Carla"]) {
      const base = await startReferral(user, (await createChild(user, { firstName: name, lastName: "Lista" })).id);
      await submitDirectly(user, base);
      referrals.push(base);
    }
    await setStatus(referrals[1], "Eligible", "Eligible.", "Elegible.", "2026-11-02T15:00:00Z");
    const filtered = "list=submitted&status=Eligible";
    const csv = await page.request.get(`/app/referrals/export.csv?${filtered}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0].split(",")).toHaveLength(35);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Beto");
    await page.goto(`/app/referrals/submitted?status=Eligible`);
    await expect(page.getByRole("row")).toHaveCount(2);
    const all = await page.request.get("/app/referrals/export.csv?list=submitted");
    expect((await all.text()).trim().split(/\r?\n/)).toHaveLength(4);
  });
});
