import type { Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { baseURL, createChild, createUser, idleSessions, signIn, startReferral } from "./support";

const TEXT = {
  en: {
    newReferral: "Start a new referral",
    relationship: "Your relationship to the child",
    relationshipLegend: "How are you related to the child?",
    relationshipError: "Choose how you are related to the child.",
    audiologist: "Audiologist",
    familyApproval: "Does the family know about this referral and agree to it?",
    audiologistQuestion: "Is this referral because of a hearing screening the child did not pass?",
    yes: "Yes",
    no: "No",
    saveAndContinue: "Save and continue",
    save: "Save",
    updated: "Referral updated",
    proxy: "Your name and phone",
    firstName: "First name",
    lastName: "Last name",
    phone: "Phone number",
    sex: "The child's sex, race and ethnicity",
    female: "Female",
    asian: "Asian",
    hispanicQuestion: "Is the child Hispanic or Latino?",
    hispanicError: "also answer whether the child is Hispanic or Latino",
    childLanguage: "The child's language",
    languageLabel: "The child's primary language",
    spanish: "Spanish",
    address: "The child's address",
    search: "Find the address",
    lookUp: "Look up",
    use: "Use this address",
    city: "City or town",
    saveToBook: "Also save this address in my address book",
    gestational: "Gestational age at birth",
    weeks: "Weeks",
    days: "Days",
    details: "Additional details",
    detailsLabel: "Anything else the program should know",
    referrerSection: "Referrer",
    readyToReview: "Ready to review",
    sexLegend: "Sex",
    raceLegend: "Race",
    notFound: "Page not found",
    familyLanguageLabel: "The family's primary language",
    interpreter: "Interpreter",
    interpreterLabel: "Does the family need an interpreter?",
    fosterCare: "Foster care",
    fosterCareLabel: "Is the child in foster care?",
    unknown: "Unknown",
    reasons: "Reasons for the referral",
    addGuardian: "Add a parent or guardian",
    guardianPhones: "Phone numbers of this parent or guardian",
    guardianRelationship: "Relationship to the child",
    homePhone: "Home phone",
    mobilePhone: "Mobile phone",
    workPhone: "Work phone",
    addButton: "Add",
    updateButton: "Save the changes",
    guardianAdded: "Parent or guardian added",
    guardianSaved: "Parent or guardian saved",
    edit: "Edit",
    familyLanguage: "The family's language",
    developmental: "Developmental concerns",
    hearing: "Hearing",
    screening: "Screenings and medical conditions",
    conditionsLegend: "Diagnosed conditions",
    otherCondition: "Other medical condition",
    otherConditionError: "Describe the other medical condition.",
    otherConditionLabel: "Describe the other medical condition",
    screeningDate: "Date of the screening",
    // Typed, and shown back, in the order the pages show dates.
    screeningTyped: "03/14/2025",
  },
  sp: {
    newReferral: "Iniciar un referido nuevo",
    relationship: "Su relación con el niño",
    relationshipLegend: "¿Cuál es su relación con el niño?",
    relationshipError: "Elija cuál es su relación con el niño.",
    audiologist: "Audiólogo",
    familyApproval: "¿La familia sabe de este referido y está de acuerdo?",
    audiologistQuestion: "¿Este referido se debe a una prueba de audición que el niño no pasó?",
    yes: "Sí",
    no: "No",
    saveAndContinue: "Guardar y continuar",
    save: "Guardar",
    updated: "Referido actualizado",
    proxy: "Su nombre y teléfono",
    firstName: "Nombre",
    lastName: "Apellido",
    phone: "Número de teléfono",
    sex: "Sexo, raza y etnia del niño",
    female: "Femenino",
    asian: "Asiático",
    hispanicQuestion: "¿El niño es hispano o latino?",
    hispanicError: "responda también si el niño es hispano o latino",
    childLanguage: "El idioma del niño",
    languageLabel: "El idioma principal del niño",
    spanish: "Español",
    address: "La dirección del niño",
    search: "Buscar la dirección",
    lookUp: "Buscar",
    use: "Usar esta dirección",
    city: "Ciudad o pueblo",
    saveToBook: "Guardar también esta dirección en mi libreta de direcciones",
    gestational: "Edad gestacional al nacer",
    weeks: "Semanas",
    days: "Días",
    details: "Detalles adicionales",
    detailsLabel: "Cualquier otra cosa que el programa deba saber",
    referrerSection: "Quien refiere",
    readyToReview: "Listo para revisar",
    sexLegend: "Sexo",
    raceLegend: "Raza",
    notFound: "Página no encontrada",
    familyLanguageLabel: "El idioma principal de la familia",
    interpreter: "Intérprete",
    interpreterLabel: "¿La familia necesita un intérprete?",
    fosterCare: "Cuidado de crianza",
    fosterCareLabel: "¿El niño está en cuidado de crianza?",
    unknown: "No se sabe",
    reasons: "Razones del referido",
    addGuardian: "Agregar un padre, madre o tutor",
    guardianPhones: "Teléfonos de este padre, madre o tutor",
    guardianRelationship: "Relación con el niño",
    homePhone: "Teléfono de casa",
    mobilePhone: "Teléfono celular",
    workPhone: "Teléfono del trabajo",
    addButton: "Agregar",
    updateButton: "Guardar los cambios",
    guardianAdded: "Se agregó el padre, la madre o el tutor",
    guardianSaved: "Se guardaron los datos del padre, la madre o el tutor",
    edit: "Editar",
    familyLanguage: "El idioma de la familia",
    developmental: "Preocupaciones sobre el desarrollo",
    hearing: "Audición",
    screening: "Pruebas de detección y condiciones médicas",
    conditionsLegend: "Condiciones diagnosticadas",
    otherCondition: "Otra afección médica",
    otherConditionError: "Describa la otra afección médica.",
    otherConditionLabel: "Describa la otra afección médica",
    screeningDate: "Fecha de la prueba",
    screeningTyped: "14/03/2025",
  },
} as const;
type Text = (typeof TEXT)["en" | "sp"];

/** A choice in a group of radio buttons or boxes, by its group's legend and its label (USWDS hides the inputs). */
function choice(page: Page, legend: string, label: string) {
  return page.getByRole("group", { name: legend }).locator("label", { hasText: new RegExp(`^${label}$`) });
}

async function continueTo(page: Page, text: Text, heading: string) {
  await page.getByRole("button", { name: text.saveAndContinue }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];

  test(
    `the wizard's steps save, go on, and show the saved values again (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // six steps, each reloaded
      const user = await signIn(context, await createUser({ language: lang }));
      const { id: childId } = await createChild(user, { firstName: "Lucía", lastName: "Pérez" });
      await page.goto(`/app/children/details/${childId}?lang=${lang}`);
      await page.getByRole("button", { name: text.newReferral }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(text.relationship);

      // 1. Relationship: nothing chosen says what to do, on the whole group (with its red border) and
      // once in the summary; then the audiologist's follow-up questions.
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      const summary = page.locator(".error-summary");
      await expect(summary.locator("li")).toHaveText([`${text.relationshipLegend}: ${text.relationshipError}`]);
      const group = page.getByRole("group", { name: text.relationshipLegend });
      await expect(group).toHaveClass(/usa-form-group--error/);
      await expect(group.locator(".usa-error-message")).toHaveText(text.relationshipError);
      await expect(group).toHaveCSS("border-left-width", "4px");
      await choice(page, text.relationshipLegend, text.audiologist).click();
      if (!javaScriptOn) {
        // Without JavaScript the relationship is kept first, and the same step then asks its own questions (R150).
        await page.getByRole("button", { name: text.saveAndContinue }).click();
        await expect(page.getByRole("heading", { level: 1 })).toContainText(text.relationship);
      }
      await choice(page, text.familyApproval, text.yes).click();
      await choice(page, text.audiologistQuestion, text.yes).click();
      await continueTo(page, text, text.proxy);
      await expect(page.getByText(text.updated)).toBeVisible();
      const base = page.url().replace(/\/referrer-information\/proxy$/, "");

      // 2. The referrer's name starts as the user's own; the phone is added.
      await expect(page.getByLabel(text.firstName, { exact: true })).toHaveValue("Test");
      await page.getByLabel(text.phone).fill("4105551234");
      await continueTo(page, text, text.sex);
      await expect(page.locator(".usa-step-indicator__segment", { hasText: text.referrerSection })).toContainText(
        text.readyToReview,
      );

      // 3. A race without the Hispanic answer is refused, with nothing lost; then answered.
      await choice(page, text.sexLegend, text.female).click();
      await choice(page, text.raceLegend, text.asian).click();
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await expect(page.getByRole("alert").first()).toContainText(text.hispanicError);
      await expect(page.getByRole("checkbox", { name: text.asian })).toBeChecked();
      await choice(page, text.hispanicQuestion, text.no).click();
      await continueTo(page, text, text.childLanguage);

      // 4. Language.
      await page.getByLabel(text.languageLabel).selectOption({ label: text.spanish });
      await continueTo(page, text, text.address);

      // 5. The address, found by its ZIP code and kept in the address book too.
      await page.getByLabel(text.search).fill("12 Main St, 21401");
      await page.getByRole("button", { name: text.lookUp, exact: true }).click();
      await page.getByRole("button", { name: text.use }).click();
      await expect(page.getByLabel(text.city, { exact: true })).toHaveValue("Annapolis");
      await page.locator("label", { hasText: text.saveToBook }).click();
      await continueTo(page, text, text.gestational);

      // 6. Gestational age. The unknown box's hint sits on its own line under its label.
      await expect(page.locator(".usa-checkbox__label-description")).toHaveCSS("display", "block");
      await page.getByLabel(text.weeks, { exact: true }).fill("39");
      await page.getByLabel(new RegExp(`^${text.days}`)).fill("3");
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.updated)).toBeVisible();

      // 7–8. A parent with two phones, added, then edited.
      await page.goto(`${base}/family-information/guardian-list`);
      await page.getByRole("link", { name: text.addGuardian }).click();
      // The phones are the parent's, not the person filling the form in.
      await expect(page.getByRole("group", { name: text.guardianPhones })).toBeVisible();
      await page.getByLabel(text.firstName, { exact: true }).fill("Rosa");
      await page.getByLabel(text.lastName, { exact: true }).fill("Pérez");
      await page.getByLabel(text.guardianRelationship).selectOption("1");
      await page.getByLabel(text.homePhone).fill("4105550001");
      await page.getByLabel(text.mobilePhone).fill("4435550002");
      await page.getByRole("button", { name: text.addButton, exact: true }).click();
      await expect(page.getByText(text.guardianAdded)).toBeVisible();
      const row = page.getByRole("row", { name: /Rosa Pérez/ });
      await expect(row).toContainText("410-555-0001, 443-555-0002");
      await row.getByRole("link", { name: new RegExp(text.edit) }).click();
      await expect(page.getByLabel(text.mobilePhone)).toHaveValue("443-555-0002");
      // The home number becomes a work number: still two phones, each of its type.
      await page.getByLabel(text.homePhone).fill("");
      await page.getByLabel(text.workPhone).fill("3015550003");
      await page.getByRole("button", { name: text.updateButton }).click();
      await expect(page.getByText(text.guardianSaved)).toBeVisible();
      await expect(page.getByRole("row", { name: /Rosa Pérez/ })).toContainText("301-555-0003, 443-555-0002");

      // 9–11. The family's language, interpreter and foster care.
      await continueTo(page, text, text.familyLanguage);
      await page.getByLabel(text.familyLanguageLabel).selectOption({ label: text.spanish });
      await continueTo(page, text, text.interpreter);
      await choice(page, text.interpreterLabel, text.yes).click();
      await continueTo(page, text, text.fosterCare);
      await choice(page, text.fosterCareLabel, text.unknown).click();
      await continueTo(page, text, text.reasons);

      // 12–13. A developmental concern, then a condition whose Other needs its text.
      await choice(page, text.developmental, text.hearing).click();
      await continueTo(page, text, text.screening);
      await choice(page, text.conditionsLegend, text.otherCondition).click();
      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await expect(page.getByRole("alert").first()).toContainText(text.otherConditionError);
      await page.getByLabel(new RegExp(`^${text.otherConditionLabel}`)).fill("Tortícolis");
      await page.getByLabel(new RegExp(`^${text.screeningDate}`)).fill(text.screeningTyped);
      await continueTo(page, text, text.details);

      // 14. Details, with the used / max counter.
      await page.goto(`${base}/details/select`);
      await page.getByLabel(new RegExp(`^${text.detailsLabel}`)).fill("Camina tarde.");
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.updated)).toBeVisible();
      await expect(
        page.getByText(lang === "en" ? "13 of 2000 characters used" : "13 de 2000 caracteres usados"),
      ).toBeVisible();

      // Every step shows what was saved.
      await page.goto(`${base}/referrer-information/relationship`);
      await expect(page.getByRole("radio", { name: text.audiologist })).toBeChecked();
      await expect(
        page.getByRole("group", { name: text.familyApproval }).getByRole("radio", { name: text.yes, exact: true }),
      ).toBeChecked();
      await page.goto(`${base}/referrer-information/proxy`);
      await expect(page.getByLabel(text.phone)).toHaveValue("410-555-1234");
      await page.goto(`${base}/child-information/sex`);
      await expect(page.getByRole("radio", { name: text.female })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: text.asian })).toBeChecked();
      await expect(
        page.getByRole("group", { name: text.hispanicQuestion }).getByRole("radio", { name: text.no, exact: true }),
      ).toBeChecked();
      await page.goto(`${base}/child-information/language`);
      await expect(page.getByLabel(text.languageLabel)).toHaveValue("2");
      await page.goto(`${base}/child-information/address`);
      await expect(page.getByRole("radio", { name: /12 Main St, Annapolis, MD 21401/ })).toBeChecked();
      await page.goto(`${base}/child-information/gestational-age`);
      await expect(page.getByLabel(text.weeks, { exact: true })).toHaveValue("39");
      await expect(page.getByLabel(new RegExp(`^${text.days}`))).toHaveValue("3");
      await page.goto(`${base}/family-information/guardian-list`);
      await expect(page.getByRole("row", { name: /Rosa Pérez/ })).toContainText("301-555-0003, 443-555-0002");
      await page.goto(`${base}/family-information/language`);
      await expect(page.getByLabel(text.familyLanguageLabel)).toHaveValue("2");
      await page.goto(`${base}/family-information/interpreter`);
      await expect(page.getByRole("radio", { name: text.yes, exact: true })).toBeChecked();
      await page.goto(`${base}/family-information/foster-care`);
      await expect(page.getByRole("radio", { name: text.unknown, exact: true })).toBeChecked();
      await page.goto(`${base}/reason/select`);
      await expect(page.getByRole("checkbox", { name: text.hearing, exact: true })).toBeChecked();
      await page.goto(`${base}/reason/screen`);
      await expect(page.getByRole("checkbox", { name: text.otherCondition })).toBeChecked();
      await expect(page.getByLabel(new RegExp(`^${text.otherConditionLabel}`))).toHaveValue("Tortícolis");
      await expect(page.getByLabel(new RegExp(`^${text.screeningDate}`))).toHaveValue(text.screeningTyped);
      await page.goto(`${base}/details/select`);
      await expect(page.getByLabel(new RegExp(`^${text.detailsLabel}`))).toHaveValue("Camina tarde.");
    },
  );
}

const STEPS = [
  "referrer-information/relationship",
  "referrer-information/proxy",
  "child-information/sex",
  "child-information/language",
  "child-information/address",
  "child-information/gestational-age",
  "family-information/guardian-list",
  "family-information/guardian/add-edit/new",
  "family-information/language",
  "family-information/interpreter",
  "family-information/foster-care",
  "reason/select",
  "reason/screen",
  "details/select",
  "supporting-documentation/list",
  "supporting-documentation/new",
];

// The same requests with or without JavaScript, the not-found page's own screen being e2e/screens.ts's: run once
// (@http).
test("another user gets 404 on every step, and an administrator cannot save one @http", async ({
  page,
  context,
  browser,
}) => {
  const owner = await createUser();
  const { id: childId } = await createChild(owner);
  const base = await startReferral(owner, childId);
  await signIn(context);
  const headers = { Origin: baseURL };
  for (const step of STEPS) {
    const response = await page.request.get(`${base}/${step}`);
    expect(response.status(), `GET ${step}`).toBe(404);
    expect(await response.text(), `GET ${step}`).toMatch(new RegExp(`<h1[^>]*>${TEXT.en.notFound}</h1>`));
    const post = await page.request.post(`${base}/${step}`, {
      form: { intent: "save", additionalDetails: "mine now" },
      headers,
      maxRedirects: 0,
    });
    expect(post.status(), `POST ${step}`).toBe(404);
  }

  const adminContext = await browser.newContext({ baseURL });
  try {
    await signIn(adminContext, await createUser({ admin: true }));
    const admin = await adminContext.newPage();
    for (const step of STEPS) {
      const post = await admin.request.post(`${base}/${step}`, {
        form: { intent: "save", additionalDetails: "admin edit" },
        headers,
        maxRedirects: 0,
      });
      expect(post.status(), `admin POST ${step}`).toBe(403);
    }
    // Opening a step, an administrator lands on the read-only review (docs/product-rules.md R73: administrators always
    // open review).
    const opened = await admin.request.get(`${base}/details/select`, { maxRedirects: 0 });
    expect(opened.headers().location).toBe(`${base}/review`);
  } finally {
    await adminContext.close();
  }
});

test("a session that ran out mid-step keeps what was saved, and signing in again returns to the step", async ({
  page,
  context,
}) => {
  const text = TEXT.en;
  const user = await signIn(context, await createUser());
  const { id: childId } = await createChild(user);
  const base = await startReferral(user, childId);
  await page.goto(`${base}/child-information/language`);
  await page.getByLabel(text.languageLabel).selectOption({ label: "Spanish" });
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(page.getByText(text.updated)).toBeVisible();

  await idleSessions(user.id);
  await page.getByLabel(text.languageLabel).selectOption({ label: "French" });
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=.*expired=1/);
  await page.getByLabel("E-mail address", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/child-information/language$`));
  await expect(page.getByLabel(text.languageLabel)).toHaveValue("2");
});
