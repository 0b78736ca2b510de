import type { Page } from "@playwright/test";
import { expect, test, eachLanguageOnce, type Lang } from "./fixtures";
import {
  baseURL,
  createChild,
  createUser,
  fillReferral,
  signIn,
  startReferral,
  submitDirectly,
  type TestUser,
} from "./support";

// Issue 39, the parent's side of the referral wizard: what a parent on a phone (or without JavaScript) still tripped
// on. One describe per point of the issue, each over both languages and, where the layout matters, both widths.

const WIDTHS = [320, 1280] as const;

const TEXT = {
  en: {
    firstName: "First name",
    lastName: "Last name",
    guardianRelationship: "Relationship to the child",
    phones: "Phone numbers of this parent or guardian",
    phonesHint: "Give at least one phone number",
    optional: "(optional)",
    mobilePhone: "Mobile phone",
    add: "Add",
    saveChanges: "Save the changes",
    phoneRequired: "Enter at least one phone number for this parent or guardian.",
    summary: "There is a problem",
    missingHeading: "Before you can submit, these answers are missing:",
    phoneFor: (name: string) => `A phone number for ${name}`,
    firstNameMissing: "Your first name",
    interpreterMissing: "Whether the family needs an interpreter",
    interpreterQuestion: "Does the family need an interpreter?",
    yes: "Yes",
    no: "No",
    saveAndContinue: "Save and continue",
    save: "Save",
    submit: "Submit the referral",
    phoneHint: "with or without dashes",
    digitsOnly: /digits only/i,
    proxyPhone: "Phone number",
    registerHint: "with or without dashes",
    sectionsLabel: "Sections of the referral",
    notStarted: "Not started",
    inProgress: "In progress",
    readyToReview: "Ready to review",
    badgeWords: ["START", "CONTINUE", "REVIEW"],
    year: "Year",
    added: "Parent or guardian added",
    saved: "Parent or guardian saved",
    adultWords: /Adult (created|updated)/,
    startedBy: "Started by",
    completedBy: "Completed by",
    relationshipLegend: "How are you related to the child?",
    parent: "Parent",
    audiologist: "Audiologist",
    familyApproval: "Does the family know about this referral and agree to it?",
    audiologistQuestion: "Is this referral because of a hearing screening the child did not pass?",
    hospitalQuestion: "Is the child being referred by the hospital where the child was born?",
    captaQuestion: "Is this a CAPTA referral (Child Abuse Prevention and Treatment Act)?",
    relationshipTitle: "Your relationship to the child",
    proxyTitle: "Your name and phone",
    familyApprovalError: "the family",
  },
  sp: {
    firstName: "Nombre",
    lastName: "Apellido",
    guardianRelationship: "Relación con el niño",
    phones: "Teléfonos de este padre, madre o tutor",
    phonesHint: "Escriba al menos un número de teléfono",
    optional: "(opcional)",
    mobilePhone: "Teléfono celular",
    add: "Agregar",
    saveChanges: "Guardar los cambios",
    phoneRequired: "Escriba al menos un número de teléfono de este padre, madre o tutor.",
    summary: "Hay un problema",
    missingHeading: "Antes de enviarlo, faltan estas respuestas:",
    phoneFor: (name: string) => `Un número de teléfono de ${name}`,
    firstNameMissing: "Su nombre",
    interpreterMissing: "Si la familia necesita un intérprete",
    interpreterQuestion: "¿La familia necesita un intérprete?",
    yes: "Sí",
    no: "No",
    saveAndContinue: "Guardar y continuar",
    save: "Guardar",
    submit: "Enviar el referido",
    phoneHint: "con o sin guiones",
    digitsOnly: /solo números/i,
    proxyPhone: "Número de teléfono",
    registerHint: "con o sin guiones",
    sectionsLabel: "Secciones del referido",
    notStarted: "Sin comenzar",
    inProgress: "En curso",
    readyToReview: "Listo para revisar",
    badgeWords: ["COMENZAR", "CONTINUAR", "REVISAR"],
    year: "Año",
    added: "Se agregó el padre, la madre o el tutor",
    saved: "Se guardaron los datos del padre, la madre o el tutor",
    adultWords: /Adulto (creado|actualizado)/,
    startedBy: "Iniciado por",
    completedBy: "Completado por",
    relationshipLegend: "¿Cuál es su relación con el niño?",
    parent: "Padre o madre",
    audiologist: "Audiólogo",
    familyApproval: "¿La familia sabe de este referido y está de acuerdo?",
    audiologistQuestion: "¿Este referido se debe a una prueba de audición que el niño no pasó?",
    hospitalQuestion: "¿Refiere al niño el hospital donde nació?",
    captaQuestion: "¿Es un referido CAPTA (Ley de Prevención y Tratamiento del Abuso Infantil)?",
    relationshipTitle: "Su relación con el niño",
    proxyTitle: "Su nombre y teléfono",
    familyApprovalError: "la familia",
  },
} as const;

async function database() {
  const { getDb } = await import("../app/db.server");
  return getDb();
}

/** A signed-in parent with a child and a Draft; its wizard address and ids. */
async function draftFor(context: Parameters<typeof signIn>[0], lang: Lang, childName = "Valentina") {
  const user = await signIn(context, await createUser({ language: lang }));
  const { id: childId } = await createChild(user, { firstName: childName, lastName: "Pérez" });
  const base = await startReferral(user, childId);
  return { user, base };
}

/** A parent or guardian kept before the rule of one phone at least, as old data may hold: no phone at all. */
async function dropPhonesOf(referralId: number): Promise<{ id: number; name: string }> {
  const db = await database();
  const adult = await db
    .selectFrom("adults")
    .selectAll()
    .where("referral_id", "=", referralId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("adults")
    .set({ home_phone_id: null, work_phone_id: null, mobile_phone_id: null })
    .where("id", "=", adult.id)
    .execute();
  return { id: adult.id, name: `${adult.first_name} ${adult.last_name}` };
}

function choice(page: Page, legend: string, label: string) {
  return page.getByRole("group", { name: legend }).locator("label", { hasText: new RegExp(`^${label}$`) });
}

function missingList(page: Page, lang: Lang) {
  return page.getByRole("region", { name: TEXT[lang].missingHeading });
}

test.describe("point 1: one phone at least for each parent or guardian", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(
      `the form says so and refuses none; old data without one is named and fixed from the review (${lang})`,
      { tag },
      async ({ page, context }) => {
        test.slow();
        const { user, base } = await draftFor(context, lang);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${base}/family-information/guardian/add-edit/new?lang=${lang}`);
          const phones = page.getByRole("group", { name: text.phones });
          // Said on the form: no "(optional)" on the three phones, and a hint that one is needed.
          await expect(phones).toContainText(text.phonesHint);
          await expect(phones).not.toContainText(text.optional);
          await page.getByLabel(text.firstName, { exact: true }).fill("Rosa");
          await page.getByLabel(text.lastName, { exact: true }).fill("Pérez");
          await page.getByLabel(text.guardianRelationship).selectOption("1");
          await page.getByRole("button", { name: text.add, exact: true }).click();
          // Refused, said in the summary and on the phones themselves; nothing saved.
          const summary = page.locator(".error-summary");
          await expect(summary).toContainText(text.phoneRequired);
          await expect(phones.locator(".usa-error-message")).toHaveText(text.phoneRequired);
          await expect(page.getByLabel(text.mobilePhone)).toHaveAttribute("aria-invalid", "true");
          await summary.getByRole("link", { name: new RegExp(text.phoneRequired.replace(/[.?]/g, "\\$&")) }).click();
          await expect(page).toHaveURL(/guardian\/add-edit\/new/);
          await expect(page.getByLabel(text.firstName, { exact: true })).toHaveValue("Rosa");
        }
        const db = await database();
        const referralId = Number(/\/referral\/(\d+)\//.exec(base)![1]);
        expect(await db.selectFrom("adults").select("id").where("referral_id", "=", referralId).execute()).toEqual([]);

        // A guardian already kept without a phone: the family section is not ready, the review names the phone and
        // leads to that guardian's own form, whose save comes back to the review.
        await fillReferral(user as TestUser, base, { consent: 2 });
        const adult = await dropPhonesOf(referralId);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${base}/family-information/language?lang=${lang}`);
          const family = page.getByRole("navigation", { name: text.sectionsLabel }).locator("li").nth(2);
          await expect(family).toContainText(text.inProgress);
          await page.goto(`${base}/review?lang=${lang}`);
          const item = missingList(page, lang).getByRole("link", { name: text.phoneFor(adult.name) });
          await expect(missingList(page, lang).locator("li")).toHaveCount(1);
          await expect(item).toHaveAttribute(
            "href",
            new RegExp(`/family-information/guardian/add-edit/${adult.id}\\?return=review#`),
          );
        }
        await missingList(page, lang)
          .getByRole("link", { name: text.phoneFor(adult.name) })
          .click();
        await expect(page).toHaveURL(new RegExp(`/guardian/add-edit/${adult.id}\\?return=review`));
        await page.getByLabel(text.mobilePhone).fill("443-555-0002");
        await page.getByRole("button", { name: text.saveChanges }).click();
        await expect(page).toHaveURL(new RegExp(`${base}/review(\\?|$)`));
        await expect(missingList(page, lang)).toHaveCount(0);
        await expect(page.getByRole("link", { name: text.submit })).toBeVisible();
      },
    );
  }
});

test.describe("point 2: the review names the one answer missing and its question returns to the review", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(
      `each item is one answer, linked to its question; saving it comes back (${lang})`,
      { tag },
      async ({ page, context }) => {
        test.slow();
        const { user, base } = await draftFor(context, lang);
        const ids = await fillReferral(user, base, { consent: 2 });
        const db = await database();
        await db
          .updateTable("referrals")
          .set({ referrer_first_name: null, family_needs_interpreter: null })
          .where("id", "=", ids.referral)
          .execute();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${base}/review?lang=${lang}`);
          await expect(missingList(page, lang).locator("li")).toHaveText([
            text.firstNameMissing,
            text.interpreterMissing,
          ]);
          await expect(missingList(page, lang).getByRole("link", { name: text.firstNameMissing })).toHaveAttribute(
            "href",
            new RegExp(`/referrer-information/proxy\\?return=review#proxy-referrerFirstName$`),
          );
          await expect(missingList(page, lang).getByRole("link", { name: text.interpreterMissing })).toHaveAttribute(
            "href",
            new RegExp(`/family-information/interpreter\\?return=review#interpreter-familyNeedsInterpreter$`),
          );
        }
        await missingList(page, lang).getByRole("link", { name: text.interpreterMissing }).click();
        await expect(page).toHaveURL(/\/family-information\/interpreter\?return=review/);
        await choice(page, text.interpreterQuestion, text.yes).click();
        await page.getByRole("button", { name: text.saveAndContinue }).click();
        await expect(page).toHaveURL(new RegExp(`${base}/review(\\?|$)`));
        await expect(missingList(page, lang).locator("li")).toHaveText([text.firstNameMissing]);
        await missingList(page, lang).getByRole("link", { name: text.firstNameMissing }).click();
        await page.getByLabel(text.firstName, { exact: true }).fill("Rosa");
        // "Save" too comes back when the question was opened from the review.
        await page.getByRole("button", { name: text.save, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${base}/review(\\?|$)`));
        await expect(missingList(page, lang)).toHaveCount(0);
      },
    );
  }

  test("the way back is the review of the same referral, whatever the address says @http", async ({
    page,
    context,
  }) => {
    const { base } = await draftFor(context, "en");
    for (const value of ["https://evil.example.org/", "//evil.example.org", "/app/dashboard"]) {
      const response = await page.request.post(
        `${base}/family-information/interpreter?return=${encodeURIComponent(value)}`,
        {
          form: { familyNeedsInterpreter: "yes", intent: "continue" },
          headers: { Origin: baseURL },
          maxRedirects: 0,
        },
      );
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`${base}/family-information/foster-care`);
    }
  });
});

test.describe("point 5: the phone hint says what is accepted", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(
      `10 digits, with or without dashes, spaces or parentheses, everywhere a phone is asked (${lang})`,
      { tag },
      async ({ page, context }) => {
        const { base } = await draftFor(context, lang);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${base}/referrer-information/proxy?lang=${lang}`);
          const phone = page.getByLabel(text.proxyPhone);
          await expect(phone).toHaveAccessibleDescription(new RegExp(text.phoneHint));
          await expect(page.locator("main")).not.toContainText(text.digitsOnly);
          await page.goto(`${base}/family-information/guardian/add-edit/new?lang=${lang}`);
          await expect(page.getByRole("group", { name: text.phones })).toContainText(text.phoneHint);
          await expect(page.locator("main")).not.toContainText(text.digitsOnly);
        }
        // As the hint says: parentheses and spaces are taken, and shown back 3-3-4.
        await page.goto(`${base}/referrer-information/proxy?lang=${lang}`);
        await page.getByLabel(text.proxyPhone).fill("(410) 555 1234");
        await page.getByRole("button", { name: text.save, exact: true }).click();
        await expect(page.getByLabel(text.proxyPhone)).toHaveValue("410-555-1234");
      },
    );

    test(`registration's phones say the same (${lang})`, { tag }, async ({ page }) => {
      await page.goto(`/register?lang=${lang}`);
      await expect(page.locator("main")).toContainText(text.registerHint);
      await expect(page.locator("main")).not.toContainText(text.digitsOnly);
    });
  }
});

test.describe("point 6: section progress in words where the sections are listed, each step starting with its question", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(
      `no button-like badges, no paragraph about them, the question higher (${lang})`,
      { tag },
      async ({ page, context }) => {
        const { user, base } = await draftFor(context, lang);
        const ids = {
          child: Number(/child\/(\d+)/.exec(base)![1]),
          referral: Number(/referral\/(\d+)/.exec(base)![1]),
          user: user.id,
        };
        const db = await database();
        await db.updateTable("referrals").set({ referrer_relationship: "1" }).where("id", "=", ids.referral).execute();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 667 });
          for (const step of [
            "referrer-information/relationship",
            "child-information/sex",
            "family-information/guardian/add-edit/new",
          ]) {
            await page.goto(`${base}/${step}?lang=${lang}`);
            const sections = page.getByRole("navigation", { name: text.sectionsLabel });
            await expect(sections.locator("li").nth(0)).toContainText(text.inProgress);
            await expect(sections.locator("li").nth(1)).toContainText(text.notStarted);
            await expect(page.locator("main .usa-tag")).toHaveCount(0);
            for (const word of text.badgeWords)
              await expect(page.locator("main")).not.toContainText(new RegExp(`\\b${word}\\b`));
            // "Step n of 14" and its section stay, then the title and the question.
            await expect(page.locator(".wizard__progress")).toContainText(/\d+/);
            const top = await page.locator("main h1").evaluate((element) => element.getBoundingClientRect().top);
            // Measured at the commit: the title of step 1 began at 378 px (404 in Spanish) 320 wide and 343 px
            // 1280
            // wide, under the paragraph about the badges; the other steps' at 258 and 268 px.
            expect(top, `the title of ${step} at ${width} px`).toBeLessThanOrEqual(width === 320 ? 260 : 270);
          }
        }
      },
    );
  }
});

test.describe("point 7: small words (the birth year, the toasts, a Draft's starter)", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(`the birth year list ends this year in Maryland (${lang})`, { tag }, async ({ page, context }) => {
      await signIn(context, await createUser({ language: lang }));
      const thisYear = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric" }).format(
        new Date(),
      );
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/app/children/edit/preverify?lang=${lang}`);
        const years = await page
          .getByLabel(text.year, { exact: true })
          .locator("option")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
        expect(years.at(-1)).toBe(thisYear);
        expect(years.every((year) => Number(year) <= Number(thisYear))).toBe(true);
      }
    });

    test(
      `the toasts speak of parents and guardians, and a Draft says who started it (${lang})`,
      { tag },
      async ({ page, context }) => {
        const { user, base } = await draftFor(context, lang);
        await page.goto(`${base}/family-information/guardian/add-edit/new?lang=${lang}`);
        await page.getByLabel(text.firstName, { exact: true }).fill("Rosa");
        await page.getByLabel(text.lastName, { exact: true }).fill("Pérez");
        await page.getByLabel(text.guardianRelationship).selectOption("1");
        await page.getByLabel(text.mobilePhone).fill("4435550002");
        await page.getByRole("button", { name: text.add, exact: true }).click();
        await expect(page.locator(".flash-message")).toContainText(text.added);
        await page
          .getByRole("row", { name: /Rosa Pérez/ })
          .getByRole("link")
          .first()
          .click();
        await page.getByRole("button", { name: text.saveChanges }).click();
        await expect(page.locator(".flash-message")).toContainText(text.saved);
        await expect(page.locator("main")).not.toContainText(text.adultWords);

        await page.goto(`${base}/review?lang=${lang}`);
        await expect(page.locator("main")).toContainText(text.startedBy);
        await expect(page.locator("main")).not.toContainText(text.completedBy);
        // A submitted referral was completed: there the words stay.
        const { id: otherChild } = await createChild(user, { firstName: "Tomás" });
        const other = await startReferral(user, otherChild);
        await submitDirectly(user, other);
        await page.goto(`${other}/review?lang=${lang}`);
        await expect(page.locator("main")).toContainText(text.completedBy);
        await expect(page.locator("main")).not.toContainText(text.startedBy);
      },
    );
  }
});

test.describe("point 8: the relationship first, then only the questions that apply", () => {
  for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
    const text = TEXT[lang];
    test(
      `a new referral's first step asks the relationship alone; after it, only its own questions (${lang})`,
      { tag },
      async ({ page, context, javaScriptOn }) => {
        test.slow(); // three posts without JavaScript, each page measured at two widths
        const { base } = await draftFor(context, lang);
        const address = `${base}/referrer-information/relationship?lang=${lang}`;
        // What the server sends, before any script runs: the relationship, and none of the questions for other
        // referrers.
        const html = await (await page.request.get(address)).text();
        expect(html).toContain(text.relationshipLegend.replace("?", ""));
        for (const question of [
          text.familyApproval,
          text.audiologistQuestion,
          text.hospitalQuestion,
          text.captaQuestion,
        ]) {
          expect(html, question).not.toContain(question.replace(/[¿?]/g, "").slice(0, 30));
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(address);
          await expect(page.getByRole("group", { name: text.captaQuestion })).toHaveCount(0);
          await expect(page.getByRole("group", { name: text.hospitalQuestion })).toHaveCount(0);
          await expect(page.getByRole("group", { name: text.audiologistQuestion })).toHaveCount(0);
        }
        await choice(page, text.relationshipLegend, text.audiologist).click();
        if (!javaScriptOn) {
          // Without JavaScript the first post keeps the relationship, and the same step then asks its own questions.
          await page.getByRole("button", { name: text.saveAndContinue }).click();
          await expect(page.getByRole("heading", { level: 1 })).toContainText(text.relationshipTitle);
          await expect(page.getByRole("radio", { name: text.audiologist })).toBeChecked();
        }
        await expect(page.getByRole("group", { name: text.familyApproval })).toBeVisible();
        await expect(page.getByRole("group", { name: text.audiologistQuestion })).toBeVisible();
        await expect(page.getByRole("group", { name: text.captaQuestion })).toHaveCount(0);
        await expect(page.getByRole("group", { name: text.hospitalQuestion })).toHaveCount(0);
        // They must be answered now.
        await page.getByRole("button", { name: text.saveAndContinue }).click();
        await expect(page.locator(".error-summary")).toContainText(text.familyApprovalError);
        await choice(page, text.familyApproval, text.yes).click();
        await choice(page, text.audiologistQuestion, text.no).click();
        await page.getByRole("button", { name: text.saveAndContinue }).click();
        await expect(page.getByRole("heading", { level: 1 })).toContainText(text.proxyTitle);

        // A parent is asked nothing more: one post goes on.
        await page.goto(address);
        await choice(page, text.relationshipLegend, text.parent).click();
        await page.getByRole("button", { name: text.saveAndContinue }).click();
        await expect(page.getByRole("heading", { level: 1 })).toContainText(text.proxyTitle);
        const db = await database();
        const row = await db
          .selectFrom("referrals")
          .select(["referrer_relationship", "family_approval", "is_audiologist_screening"])
          .where("id", "=", Number(/referral\/(\d+)/.exec(base)![1]))
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ referrer_relationship: "1", family_approval: null, is_audiologist_screening: null });
      },
    );
  }

  test("answers to questions the relationship does not ask are not kept @http", async ({ page, context }) => {
    const { base } = await draftFor(context, "en");
    const response = await page.request.post(`${base}/referrer-information/relationship`, {
      form: {
        referrerRelationship: "4",
        isCAPTA: "yes",
        isHospitalBirth: "yes",
        isAudiologistScreening: "no",
        familyApproval: "yes",
        intent: "continue",
      },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const db = await database();
    const row = await db
      .selectFrom("referrals")
      .select(["referrer_relationship", "is_capta", "is_hospital_birth", "is_audiologist_screening", "family_approval"])
      .where("id", "=", Number(/referral\/(\d+)/.exec(base)![1]))
      .executeTakeFirstOrThrow();
    expect(row.referrer_relationship).toBe("4");
    expect(row.is_hospital_birth).toBeNull();
    expect(row.is_audiologist_screening).toBeNull();
  });
});
