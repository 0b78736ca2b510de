import type { Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { baseURL, createChild, createUser, fillReferral, signIn, startReferral, yearsAgo } from "./support";

const TEXT = {
  en: {
    children: "Children",
    add: "Add a child",
    preverifyTitle: "Add a child: date of birth and state",
    month: "Month",
    day: "Day",
    year: "Year",
    state: "State of residence",
    continue: "Continue",
    nameTitle: "Add a child: name",
    firstName: "First name",
    lastName: "Last name",
    create: "Add the child",
    created: "Child created",
    backToList: "Back to the children list",
    filterName: "Name",
    apply: "Apply filters",
    birthdate: "Date of birth",
    childDetails: "Child's details",
    deleteChild: "Delete this child",
    confirmDelete: "Yes, delete the child",
    deleted: "Child deleted",
    empty: "No children match.",
    ageOf: "The child must be under 36 months old to be referred.",
    editNameTitle: "Edit the child's name",
    saveChanges: "Save the changes",
    updated: "Child updated",
    submit: "Submit the referral",
    submitConfirm: "Yes, submit it",
    copy: "Copy the referral",
    birthdateMissing: "Enter the child's date of birth.",
    birthdateNeedsDayYear: "The date of birth must include a day and a year.",
    firstNameMissing: "Enter the child's first name.",
    notMaryland: "Only children who live in Maryland can be referred to this program.",
    impossible: "That date does not exist.",
    missing: "The date of birth and state are missing",
    addNew: "Add a new child",
    toList: "Go to the children list",
    newReferral: "Start a new referral",
    referralCreated: "Referral created",
    draft: "Draft",
    back: "Back",
    notFound: "Page not found",
  },
  sp: {
    children: "Niños",
    add: "Agregar un niño",
    preverifyTitle: "Agregar un niño: fecha de nacimiento y estado",
    month: "Mes",
    day: "Día",
    year: "Año",
    state: "Estado de residencia",
    continue: "Continuar",
    nameTitle: "Agregar un niño: nombre",
    firstName: "Nombre",
    lastName: "Apellido",
    create: "Agregar el niño",
    created: "Niño creado",
    backToList: "Volver a la lista de niños",
    filterName: "Nombre",
    apply: "Aplicar los filtros",
    birthdate: "Fecha de nacimiento",
    childDetails: "Datos del niño",
    deleteChild: "Eliminar este niño",
    confirmDelete: "Sí, eliminar el niño",
    deleted: "Niño eliminado",
    empty: "Ningún niño coincide.",
    ageOf: "El niño debe tener menos de 36 meses para ser referido.",
    editNameTitle: "Editar el nombre del niño",
    saveChanges: "Guardar los cambios",
    updated: "Niño actualizado",
    submit: "Enviar el referido",
    submitConfirm: "Sí, enviarlo",
    copy: "Copiar el referido",
    birthdateMissing: "Indique la fecha de nacimiento del niño.",
    birthdateNeedsDayYear: "La fecha de nacimiento debe incluir el día y el año.",
    firstNameMissing: "Escriba el nombre del niño.",
    notMaryland: "Solo se pueden referir a este programa niños que viven en Maryland.",
    impossible: "Esa fecha no existe.",
    missing: "Faltan la fecha de nacimiento y el estado",
    addNew: "Agregar un niño nuevo",
    toList: "Ir a la lista de niños",
    newReferral: "Iniciar un referido nuevo",
    referralCreated: "Referido creado",
    draft: "Borrador",
    back: "Atrás",
    notFound: "Página no encontrada",
  },
} as const;
type Text = (typeof TEXT)["en" | "sp"];

async function chooseBirthdate(page: Page, text: Text, date: string) {
  const [year, month, day] = date.split("-").map(Number);
  await page.getByLabel(text.month, { exact: true }).selectOption(String(month));
  await page.getByLabel(text.year, { exact: true }).selectOption(String(year));
  await page.getByLabel(text.day, { exact: true }).selectOption(String(day));
}

/** Types into the list's name filter and applies it: by the button without JavaScript, by waiting with it. */
async function filterByName(page: Page, text: Text, name: string, javaScriptOn: boolean) {
  await page.getByRole("searchbox", { name: text.filterName }).fill(name);
  if (!javaScriptOn) await page.getByRole("button", { name: text.apply }).click();
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(name)}`));
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];

  test(
    `add a child, find it in the list, filter and sort, open it, delete it (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // a long flow
      const user = await signIn(context, await createUser({ language: lang }));
      await createChild(user, { firstName: "Bruno", lastName: "Older", birthdate: yearsAgo(2) });
      await page.goto(`/app/children?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.children);
      await page.getByRole("link", { name: text.add }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.preverifyTitle);
      await expect(page.getByLabel(text.state)).toHaveValue("21");

      await chooseBirthdate(page, text, yearsAgo(1));
      await page.getByRole("button", { name: text.continue }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.nameTitle);
      // No Mr., Mrs. or Dr. for an infant (a suffix such as Jr. stays).
      await expect(page.getByLabel(/^(Prefix|Prefijo)/)).toHaveCount(0);
      await page.getByLabel(text.firstName, { exact: true }).fill("Lucía");
      await page.getByLabel(text.lastName, { exact: true }).fill("Pérez");
      await page.getByRole("button", { name: text.create }).click();
      await expect(page.getByText(text.created)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${text.childDetails}: Lucía Pérez`);

      // A new referral opens the wizard; the child's page then lists it as a Draft.
      await page.getByRole("button", { name: text.newReferral }).click();
      await expect(page.getByText(text.referralCreated)).toBeVisible();
      await expect(page).toHaveURL(/\/referrer-information\/relationship$/);
      // Back, from the wizard's first step, is the child's page.
      await page.getByRole("link", { name: text.back, exact: true }).click();
      await expect(page.getByRole("cell", { name: text.draft })).toBeVisible();

      await page.getByRole("link", { name: text.backToList }).click();
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(2);

      // Sorted by birthdate, oldest first, then newest first.
      await page.getByRole("link", { name: new RegExp(`^${text.birthdate}`) }).click();
      await expect(rows.first()).toContainText("Bruno Older");
      await page.getByRole("link", { name: new RegExp(`^${text.birthdate}`) }).click();
      await expect(rows.first()).toContainText("Lucía Pérez");
      await expect(page.getByRole("columnheader", { name: new RegExp(`^${text.birthdate}`) })).toHaveAttribute(
        "aria-sort",
        "descending",
      );

      await filterByName(page, text, "Lucía", javaScriptOn);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Lucía Pérez");

      await page.getByRole("link", { name: "Lucía Pérez" }).click();
      await page.getByRole("link", { name: text.deleteChild }).click();
      if (javaScriptOn) {
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: text.confirmDelete }).click();
      } else {
        await page.getByRole("button", { name: text.confirmDelete }).click();
      }
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(page.getByRole("link", { name: "Lucía Pérez" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Bruno Older" })).toBeVisible();
    },
  );

  test(
    `pre-verification refuses an age over 36 months, another state and a day the month lacks (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/children/edit/preverify?lang=${lang}`);
      await chooseBirthdate(page, text, yearsAgo(3, 1));
      await page.getByLabel(text.state).selectOption({ label: "Virginia" });
      await page.getByRole("button", { name: text.continue }).click();
      await expect(page.getByText(text.ageOf).first()).toBeVisible();
      await expect(page.getByText(text.notMaryland).first()).toBeVisible();
      await expect(page).toHaveTitle(/^Error: /);

      const year = Number(yearsAgo(1).slice(0, 4));
      await page.getByLabel(text.month, { exact: true }).selectOption("2");
      await page.getByLabel(text.year, { exact: true }).selectOption(String(year));
      const days = page.getByLabel(text.day, { exact: true }).locator("option:not([value=''])");
      if (javaScriptOn) {
        // The day list follows the month: February has 28 or 29 days.
        await expect(days).toHaveCount(year % 4 === 0 ? 29 : 28);
      } else {
        await expect(days).toHaveCount(31);
        await page.getByLabel(text.day, { exact: true }).selectOption("31");
        await page.getByLabel(text.state).selectOption("21");
        await page.getByRole("button", { name: text.continue }).click();
        await expect(page.getByText(text.impossible).first()).toBeVisible();
      }
    },
  );

  test(
    `a child of three or more stays correctable, and no referral for them starts, is sent or is copied (${lang})`,
    { tag },
    async ({ page, context }) => {
      const user = await signIn(context, await createUser({ language: lang }));
      const { id } = await createChild(user, { firstName: "Tomas", lastName: "Mayor" });
      const draft = await startReferral(user, id);
      await fillReferral(user, draft, { consent: 2 });

      // The birth date was wrong: the child is four. It is corrected, and so is the name.
      await page.goto(`/app/children/edit/preverify?id=${id}&lang=${lang}`);
      await chooseBirthdate(page, text, yearsAgo(4));
      await page.getByRole("button", { name: text.continue }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.editNameTitle);
      await page.getByLabel(text.firstName, { exact: true }).fill("Tomás");
      await page.getByRole("button", { name: text.saveChanges }).click();
      await expect(page.getByText(text.updated)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${text.childDetails}: Tomás Mayor`);

      // No new referral: the child's page says why, in words.
      await expect(page.getByText(text.ageOf)).toBeVisible();
      await expect(page.getByRole("button", { name: text.newReferral })).toHaveCount(0);
      await expect(page.getByText("AGE_OF")).toHaveCount(0);
      // A page opened before the correction still posts: the answer says the same.
      const stale = await page.request.post(`/app/children/details/${id}`, {
        form: { intent: "newReferral" },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(stale.status()).toBe(400);
      expect(await stale.text()).toContain(text.ageOf);

      // The Draft begun before is not sent, nor copied.
      await page.goto(`${draft}/review?lang=${lang}`);
      await page.getByRole("link", { name: text.submit }).click();
      await page.getByRole("button", { name: text.submitConfirm }).click();
      await expect(page.getByRole("alert").filter({ hasText: text.ageOf })).toBeVisible();
      await page.goto(`${draft}/review?lang=${lang}`);
      await page.getByRole("button", { name: text.copy }).click();
      await expect(page.getByText(text.ageOf)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${draft}/review`));
      await page.goto(`/app/children/details/${id}?lang=${lang}`);
      await expect(page.locator("tbody tr")).toHaveCount(1);
    },
  );

  test(
    `a birth date gets one message, on its question and once in the summary; the child's name its own (${lang})`,
    { tag },
    async ({ page, context }) => {
      await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/children/edit/preverify?lang=${lang}`);
      const summary = page.locator(".error-summary li");
      const group = page.getByRole("group", { name: text.birthdate });
      const messages = page.locator(".usa-error-message");

      // Nothing chosen, then only the month: one message each time, saying what is still needed.
      await page.getByRole("button", { name: text.continue }).click();
      await expect(summary).toHaveText([`${text.birthdate}: ${text.birthdateMissing}`]);
      await expect(messages).toHaveText([text.birthdateMissing]);
      await expect(group.locator(".usa-error-message")).toHaveText(text.birthdateMissing);
      await expect(group).toHaveCSS("border-left-width", "4px");
      // Each of its three lists is outlined too, and says it is in error.
      for (const part of [text.month, text.day, text.year]) {
        await expect(page.getByLabel(part, { exact: true })).toHaveClass(/usa-input--error/);
        await expect(page.getByLabel(part, { exact: true })).toHaveAttribute("aria-invalid", "true");
      }

      await page.getByLabel(text.month, { exact: true }).selectOption("3");
      await page.getByRole("button", { name: text.continue }).click();
      await expect(summary).toHaveText([`${text.birthdate}: ${text.birthdateNeedsDayYear}`]);
      await expect(messages).toHaveText([text.birthdateNeedsDayYear]);
      await expect(page.getByLabel(text.month, { exact: true })).toHaveValue("3");

      await chooseBirthdate(page, text, yearsAgo(1));
      await page.getByRole("button", { name: text.continue }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.nameTitle);
      await page.getByLabel(text.lastName, { exact: true }).fill("Pérez");
      await page.getByRole("button", { name: text.create }).click();
      await expect(summary).toHaveText([`${text.firstName}: ${text.firstNameMissing}`]);
      await expect(messages).toHaveText([text.firstNameMissing]);
      await expect(page.getByLabel(text.lastName, { exact: true })).toHaveValue("Pérez");
    },
  );

  test(
    `the name step without a birthdate offers a new child or the list (${lang})`,
    { tag },
    async ({ page, context }) => {
      await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/children/edit/name?lang=${lang}`);
      await expect(page.getByRole("alert")).toContainText(text.missing);
      await page.getByRole("link", { name: text.toList }).click();
      await expect(page).toHaveURL(/\/app\/children$/);
    },
  );
}

test("another user's child is a 404, by page, by form post and in the CSV export", async ({ page, context }) => {
  const owner = await createUser();
  const { id } = await createChild(owner, { firstName: "Secreto", lastName: "Ajeno" });
  const stranger = await signIn(context);
  await createChild(stranger, { firstName: "Mine", lastName: "Own" });
  for (const path of [
    `/app/children/details/${id}`,
    `/app/children/edit/name?id=${id}`,
    `/app/children/edit/preverify?id=${id}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.en.notFound);
    await expect(page.getByText("Secreto")).toHaveCount(0);
  }
  const headers = { Origin: baseURL };
  const posts = [
    [`/app/children/details/${id}`, { intent: "delete" }],
    [`/app/children/details/${id}`, { intent: "newReferral" }],
    [
      "/app/children/edit/name",
      { id: String(id), birthdate: yearsAgo(1), stateOfResidence: "21", firstName: "Changed", lastName: "Name" },
    ],
  ] as const;
  for (const [path, form] of posts) {
    const response = await page.request.post(path, { form, headers, maxRedirects: 0 });
    expect(response.status(), `POST ${path}`).toBe(404);
  }
  const mine = await page.request.get("/app/children/export.csv");
  expect(await mine.text()).toContain("Mine");
  expect(await mine.text()).not.toContain("Secreto");
  expect((await page.request.get(`/app/children/export.csv?owner=${owner.id}`)).status()).toBe(404);
  await page.goto("/app/children");
  await expect(page.getByText("Secreto")).toHaveCount(0);
});

test("an administrator sees a user's children and cannot add one", async ({ page, context }) => {
  const owner = await createUser();
  await createChild(owner, { firstName: "Visible", lastName: "Salas" });
  await signIn(context, await createUser({ admin: true }));
  await page.goto(`/app/user/${owner.id}/children`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Children of Test Person");
  await expect(page.getByRole("link", { name: "Visible Salas" })).toBeVisible();
  await expect(page.getByRole("link", { name: TEXT.en.add })).toHaveCount(0);
  const response = await page.goto("/app/children/edit/preverify");
  expect(response?.status()).toBe(403);
});

test("an unknown date comparison in the address is an error, not ignored", async ({ page, context }) => {
  await signIn(context);
  const response = await page.goto("/app/children?birthdateType=around&birthdateFrom=2025-01-01");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This filter cannot be used");
});
