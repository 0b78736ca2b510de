import { request, type Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  baseURL,
  createChild,
  createStaff,
  createUser,
  fillReferral,
  mailsTo,
  programIn,
  programOfReferral,
  programsOfStaff,
  referralIdOf,
  sessionCookieOf,
  setUpProgram,
  signIn,
  startReferral,
  uniqueEmail,
  type TestUser,
} from "./support";

// The local programs (issue 35, docs/product-rules.md R136-R142): a referral reaches the program of its county and
// only that program; its intake address is told without the child's name; the family is told in its language; the
// program moves it with its history; the referrer sees when the program opened it; the 45 days show on it.

const HOWARD = "24027";
const BALTIMORE_COUNTY = "24005";

const TEXT = {
  en: {
    submit: "Submit the referral",
    submitConfirm: "Yes, submit it",
    submitted: "Submitted referrals",
    program: "Local program",
    howard: "Howard County Infants and Toddlers Program",
    baltimore: "Baltimore County Infants and Toddlers Program",
    openedBy: (program: string) => new RegExp(`Opened by ${program} on`),
    notOpened: "Not opened yet",
    dayOf: /Day 0 of 45: the 45 days end on/,
    moveTo: "Move to",
    reason: "Reason",
    move: "Move the referral",
    moved: "Referral moved to the other program",
    moves: "Moves between programs",
    same: "Choose the program to move the referral to.",
    noReason: "Enter why the referral moves.",
    updates: "Status updates",
    familySubject: "Your child was referred to the Maryland Infants and Toddlers Program",
    notFound: /not found|does not exist/i,
    pastDays: "Past this many days without Eligible or Not eligible",
    pastDaysInvalid: "The number of days was not understood",
  },
  sp: {
    submit: "Enviar el referido",
    submitConfirm: "Sí, enviarlo",
    submitted: "Referidos enviados",
    program: "Programa local",
    howard: "Programa de Bebés y Niños Pequeños: Condado de Howard",
    baltimore: "Programa de Bebés y Niños Pequeños: Condado de Baltimore",
    openedBy: (program: string) => new RegExp(`Abierto por ${program.replace(/[()]/g, "\\$&")} el`),
    notOpened: "Aún no se ha abierto",
    dayOf: /Día 0 de 45: los 45 días terminan el/,
    moveTo: "Trasladar a",
    reason: "Motivo",
    move: "Trasladar el referido",
    moved: "Referido trasladado al otro programa",
    moves: "Traslados entre programas",
    same: "Elija el programa al que se traslada el referido.",
    noReason: "Escriba por qué se traslada el referido.",
    updates: "Actualizaciones de estado",
    familySubject: "Su niño fue referido al Programa de Infantes y Niños Pequeños de Maryland",
    notFound: /no se encontró|no existe/i,
    pastDays: "Con más de estos días sin Elegible ni No elegible",
    pastDaysInvalid: "No se entendió el número de días",
  },
} as const;

/** A referrer's complete Draft for a child living in `county`; its wizard path and the child's name. */
async function draftIn(referrer: TestUser, county: string, family?: { email: string; language: "en" | "es" }) {
  const lastName = `Prog${Math.random().toString(36).slice(2, 8)}`;
  const child = await createChild(referrer, { firstName: "Lucía", lastName });
  const wizard = await startReferral(referrer, child.id);
  await fillReferral(referrer, wizard, { consent: 2, county, family });
  return { wizard, childName: `Lucía ${lastName}`, lastName, referralId: referralIdOf(wizard) };
}

/** The referrer submits it on the review, behind its confirmation (a dialog with JavaScript, a page without). */
async function submitOnPage(page: Page, wizard: string, lang: "en" | "sp") {
  const text = TEXT[lang];
  await page.goto(`${wizard}/review?lang=${lang}`);
  await page.getByRole("link", { name: text.submit }).click();
  await page.getByRole("button", { name: text.submitConfirm }).click();
  await expect(page).toHaveURL(/\/submitted$/);
}

/** The intake mails a program's address got about one referral: its number is in the subject. */
function intakeMails(address: string, referralId: number) {
  return mailsTo(address).filter((mail) => new RegExp(`\\b${referralId}\\b`).test(mail.subject));
}

async function apiStatus(user: TestUser, path: string): Promise<number> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Cookie: await sessionCookieOf(user) } });
  try {
    return (await api.get(path)).status();
  } finally {
    await api.dispose();
  }
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];
  const language = lang === "sp" ? "es" : "en";

  test(
    `a referral submitted in Howard County reaches Howard's staff and not Baltimore County's, its intake mail without the child's name, the family told in its language (${lang})`,
    { tag },
    async ({ browser, javaScriptOn }) => {
      test.slow(); // three people's sessions, a whole referral and its mail: near 30 s on a busy two-core machine
      const howard = await setUpProgram(HOWARD);
      const baltimore = await setUpProgram(BALTIMORE_COUNTY);
      const referrer = await createUser({ language: lang });
      const familyEmail = uniqueEmail();
      const { wizard, childName, lastName, referralId } = await draftIn(referrer, HOWARD, {
        email: familyEmail,
        language,
      });

      const referrerContext = await browser.newContext({ javaScriptEnabled: javaScriptOn });
      const referrerPage = await referrerContext.newPage();
      await signIn(referrerContext, referrer);
      await submitOnPage(referrerPage, wizard, lang);
      expect((await programOfReferral(referralId)).local_program_id).toBe(howard.id);

      // Howard's intake address is told: the referral's number and a link, never the child's name.
      await expect.poll(() => intakeMails(howard.intakeEmail, referralId).length).toBe(1);
      const [intake] = intakeMails(howard.intakeEmail, referralId);
      expect(`${intake.subject}\n${intake.text}`).not.toContain(lastName);
      expect(`${intake.subject}\n${intake.text}`).not.toContain("Lucía");
      expect(intakeMails(baltimore.intakeEmail, referralId)).toEqual([]);
      // The family's notice, in the family's language: which program calls, that it costs nothing, how to say no.
      await expect.poll(() => mailsTo(familyEmail).length).toBe(1);
      const notice = mailsTo(familyEmail)[0];
      expect(notice.language).toBe(language);
      expect(notice.subject).toBe(text.familySubject);
      expect(notice.text).toContain(language === "es" ? howard.name_es : howard.name);
      expect(notice.text).toContain("410-555-0199");
      expect(notice.text).not.toContain("Camina tarde");

      // Before the program opens it, the referrer reads that it has not been opened; its 45 days have begun.
      await referrerPage.goto(`${wizard}/review?lang=${lang}`);
      await expect(referrerPage.getByText(text.notOpened)).toBeVisible();
      await expect(referrerPage.getByText(text.dayOf)).toBeVisible();

      // Howard's staff: in their submitted list, and its review opens.
      const staffContext = await browser.newContext({ javaScriptEnabled: javaScriptOn });
      const staffPage = await staffContext.newPage();
      const howardStaff = await signIn(staffContext, await createStaff(howard, lang));
      await staffPage.goto(`/app/referrals/submitted?lang=${lang}&childName=${lastName}`);
      await expect(staffPage.getByRole("heading", { level: 1, name: text.submitted })).toBeVisible();
      await expect(staffPage.getByRole("link", { name: new RegExp(`^${childName}, `) })).toBeVisible();
      await staffPage.getByRole("link", { name: new RegExp(`^${childName}, `) }).click();
      await expect(staffPage.getByRole("heading", { level: 1 })).toContainText(childName);
      await expect(staffPage.getByText(lang === "sp" ? howard.name_es : howard.name).first()).toBeVisible();
      expect(await apiStatus(howardStaff, `/api/referrals/${referralId}`)).toBe(200);
      // Submitted today, it is not yet past any day of the 45; a number the list cannot read is said so.
      await staffPage.goto(`/app/referrals/submitted?lang=${lang}&childName=${lastName}&pastDays=0`);
      await expect(staffPage.getByRole("link", { name: new RegExp(`^${childName}, `) })).toHaveCount(0);
      await staffPage.goto(`/app/referrals/submitted?lang=${lang}&childName=${lastName}&pastDays=forty`);
      await expect(staffPage.getByRole("alert").filter({ hasText: text.pastDaysInvalid })).toBeVisible();
      await expect(staffPage.getByLabel(text.pastDays)).toHaveValue("forty");

      // Baltimore County's staff: not in their list, its review and the API answer that it does not exist.
      const otherContext = await browser.newContext({ javaScriptEnabled: javaScriptOn });
      const otherPage = await otherContext.newPage();
      const otherStaff = await signIn(otherContext, await createStaff(baltimore, lang));
      await otherPage.goto(`/app/referrals/submitted?lang=${lang}&childName=${lastName}`);
      await expect(otherPage.getByRole("link", { name: new RegExp(`^${childName}, `) })).toHaveCount(0);
      const review = await otherPage.goto(`${wizard}/review?lang=${lang}`);
      expect(review?.status()).toBe(404);
      expect(await apiStatus(otherStaff, `/api/referrals/${referralId}`)).toBe(404);

      // The referrer now reads who opened it, on the referral and in the status updates.
      const opened = text.openedBy(lang === "sp" ? howard.name_es : howard.name);
      await referrerPage.goto(`${wizard}/review?lang=${lang}`);
      await expect(referrerPage.getByText(opened)).toBeVisible();
      await referrerPage.goto(`/app/updates?lang=${lang}`);
      await expect(referrerPage.getByRole("row", { name: new RegExp(childName) })).toContainText(opened);

      for (const context of [referrerContext, staffContext, otherContext]) await context.close();
    },
  );

  test(
    `Howard's staff move a referral to Baltimore County with a reason: its history keeps it, the new program reads it and is told, the old no longer (${lang})`,
    { tag },
    async ({ page, context, browser, javaScriptOn }) => {
      test.slow(); // three people's sessions, a whole referral and its mail: near 30 s on a busy two-core machine
      const howard = await setUpProgram(HOWARD);
      const baltimore = await setUpProgram(BALTIMORE_COUNTY);
      const referrer = await createUser();
      const { wizard, childName, referralId } = await draftIn(referrer, HOWARD);
      const api = await request.newContext({ baseURL, extraHTTPHeaders: { Cookie: await sessionCookieOf(referrer) } });
      expect((await api.post(`/api/referrals/${referralId}/submit`)).status()).toBe(200);
      await api.dispose();

      const staff = await signIn(context, await createStaff(howard, lang));
      await page.goto(`${wizard}/review?lang=${lang}`);
      // Nothing chosen, no reason: each field says what it needs, and nothing moves.
      await page.getByRole("button", { name: text.move }).click();
      await expect(page.getByText(text.same).first()).toBeVisible();
      await expect(page.getByText(text.noReason).first()).toBeVisible();
      expect((await programOfReferral(referralId)).local_program_id).toBe(howard.id);

      await page
        .getByLabel(text.moveTo, { exact: true })
        .selectOption({ label: lang === "sp" ? baltimore.name_es : baltimore.name });
      await page.getByLabel(text.reason, { exact: true }).fill("La familia se mudó / the family moved");
      await page.getByRole("button", { name: text.move }).click();
      // Moved: the page says so; Howard's staff no longer read it.
      await expect(page.getByText(text.moved)).toBeVisible();
      const stored = await programOfReferral(referralId);
      expect(stored.local_program_id).toBe(baltimore.id);
      expect(stored.moves).toMatchObject([
        {
          from_program_id: howard.id,
          to_program_id: baltimore.id,
          transferred_by_id: staff.id,
          reason: "La familia se mudó / the family moved",
        },
      ]);
      expect((await page.goto(`${wizard}/review?lang=${lang}`))?.status()).toBe(404);
      await expect.poll(() => intakeMails(baltimore.intakeEmail, referralId).length).toBe(1);

      // Baltimore County's staff read it, with the move in its history.
      const otherContext = await browser.newContext({ javaScriptEnabled: javaScriptOn });
      const otherPage = await otherContext.newPage();
      await signIn(otherContext, await createStaff(baltimore, lang));
      await otherPage.goto(`${wizard}/review?lang=${lang}`);
      await expect(otherPage.getByRole("heading", { level: 1 })).toContainText(childName);
      const history = otherPage.getByRole("table", { name: text.moves });
      await expect(history).toContainText(lang === "sp" ? howard.name_es : howard.name);
      await expect(history).toContainText("La familia se mudó / the family moved");
      await otherContext.close();
    },
  );
}

/** A program of its own for each language and project, so the tests that change one run side by side. */
const KEPT_PROGRAM: Record<string, string> = {
  "en-js": "24023",
  "sp-js": "24029",
  "en-no-js": "24039",
  "sp-no-js": "24041",
};

const KEEP_TEXT = {
  en: {
    title: "Local programs",
    intake: "Intake e-mail address",
    domains: "Staff e-mail domains",
    save: "Save the program",
    saved: "Program saved",
    badEmail: "Enter an e-mail address like name@example.com.",
    badDomains: "Enter domain names like example.org, separated by commas.",
    staffSave: "Save the local programs",
    staffSaved: "Local programs saved",
    wrongDomain: "The account's e-mail domain is not one of the staff domains of every program chosen",
    timeline: "Eligibility determined within 45 days, by program and month",
  },
  sp: {
    title: "Programas locales",
    intake: "Correo electrónico de admisión",
    domains: "Dominios de correo del personal",
    save: "Guardar el programa",
    saved: "Programa guardado",
    badEmail: "Escriba un correo electrónico como nombre@ejemplo.com.",
    badDomains: "Escriba nombres de dominio como example.org, separados por comas.",
    staffSave: "Guardar los programas locales",
    staffSaved: "Programas locales guardados",
    wrongDomain:
      "El dominio del correo de la cuenta no es uno de los dominios del personal de todos los programas elegidos",
    timeline: "Elegibilidad determinada en 45 días, por programa y mes",
  },
} as const;

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = KEEP_TEXT[lang];

  test(
    `a super administrator keeps a program and makes someone its staff; a bad address, domain or account is refused with why (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }, testInfo) => {
      test.slow(); // a program, its staff and five refusals, each a page: near 30 s on a busy two-core machine
      const jurisdiction = KEPT_PROGRAM[`${lang}-${testInfo.project.name}`];
      const program = await programIn(jurisdiction);
      await signIn(context, await createUser({ admin: true, superAdmin: true }));
      const name = lang === "sp" ? program.name_es : program.name;

      await page.goto(`/app/local-programs?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      await page.getByRole("link", { name, exact: true }).click();
      await page.getByLabel(text.intake).fill("intake at county");
      await page.getByLabel(text.domains).fill("county, @@");
      await page.getByRole("button", { name: text.save }).click();
      await expect(page.getByText(text.badEmail).first()).toBeVisible();
      await expect(page.getByText(text.badDomains).first()).toBeVisible();
      const domain = `k${jurisdiction}.example.org`;
      await page.getByLabel(text.intake).fill(`intake-${jurisdiction}@${domain}`);
      await page.getByLabel(text.domains).fill(`${domain}, other.example.org`);
      await page.getByRole("button", { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(`intake-${jurisdiction}@${domain}`);

      // Someone on another domain is refused, with why; someone on the program's domain becomes its staff.
      const outsider = await createUser({ domain: "elsewhere.example.org", signedInBefore: true });
      await page.goto(`/app/user/${outsider.id}?lang=${lang}`);
      await page.getByRole("group").filter({ hasText: name }).getByText(name, { exact: true }).click();
      await page.getByRole("button", { name: text.staffSave }).click();
      await expect(page.getByText(text.wrongDomain).first()).toBeVisible();
      const insider = await createUser({ domain, signedInBefore: true });
      await page.goto(`/app/user/${insider.id}?lang=${lang}`);
      await page.getByRole("group").filter({ hasText: name }).getByText(name, { exact: true }).click();
      await page.getByRole("button", { name: text.staffSave }).click();
      await expect(page.getByText(text.staffSaved)).toBeVisible();
      expect(await programsOfStaff(insider.id)).toEqual([program.id]);

      // The new staff see the program's figures, with the 45 days by program and month, and its CSV.
      const staffContext = await page.context().browser()!.newContext({ javaScriptEnabled: javaScriptOn });
      const staffPage = await staffContext.newPage();
      await signIn(staffContext, insider);
      await staffPage.goto(`/app/insight?lang=${lang}`);
      await expect(staffPage.getByRole("heading", { name: text.timeline })).toBeVisible();
      const csv = await staffContext.request.get(`/app/insight.csv?figure=timeline&lang=${lang}`);
      expect(csv.status()).toBe(200);
      await staffContext.close();
    },
  );
}
