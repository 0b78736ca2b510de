import { request, type Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  addressInBook,
  baseURL,
  breakUserUpdates,
  createAddress,
  createUser,
  sessionCookieOf,
  signIn,
} from "./support";

const TEXT = {
  en: {
    lang: "en",
    profile: "My profile",
    middleName: "Middle name",
    mobilePhone: "Mobile phone",
    newPassword: "New password",
    currentPassword: "Current password",
    saveProfile: "Save my profile",
    userUpdated: "User updated",
    wrongPassword: "That is not your current password.",
    spanish: "Español",
    email: "E-mail address",
    password: "Password",
    signIn: "Sign in",
    signOut: "Sign out",
    dashboard: "Dashboard",
    updateError: "Your profile was not updated",
    errorText: "There was an error updating the user.",
    goBack: "Go back to the form",
    addAddress: "Add an address",
    addTitle: "Add an address",
    editTitle: "Edit address",
    search: "Find the address",
    lookUp: "Look up",
    use: "Use this address",
    line1: "Street address",
    line2: "Apartment, suite or unit",
    city: "City or town",
    zip: "ZIP code",
    county: "County",
    nickname: "Nickname",
    save: "Save",
    saveAndContinue: "Save and return to my profile",
    saved: "The address was saved.",
    deleteAddress: "Delete this address",
    deleteTitle: "Delete this address?",
    confirmDelete: "Yes, delete it",
    deleted: "The address was deleted.",
    empty: "There are no addresses in the address book yet.",
    notMaryland: "Only Maryland addresses can be used, so the address fields were cleared.",
    splitZip: "This ZIP code is in more than one county",
    notFound: "Page not found",
    typeByHand:
      "No Maryland ZIP code, city or town was found in that search, so the address cannot be filled in for you. Please type it in the fields below.",
    adminIntro: "You are seeing this profile as an administrator.",
    adminTitle: "Profile of Test Person",
  },
  sp: {
    lang: "es",
    profile: "Mi perfil",
    middleName: "Segundo nombre",
    mobilePhone: "Teléfono celular",
    newPassword: "Contraseña nueva",
    currentPassword: "Contraseña actual",
    saveProfile: "Guardar mi perfil",
    userUpdated: "Usuario actualizado",
    wrongPassword: "Esa no es su contraseña actual.",
    spanish: "Español",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    signOut: "Cerrar sesión",
    dashboard: "Panel principal",
    updateError: "Su perfil no se actualizó",
    errorText: "Hubo un error al actualizar el usuario.",
    goBack: "Volver al formulario",
    addAddress: "Agregar una dirección",
    addTitle: "Agregar una dirección",
    editTitle: "Editar la dirección",
    search: "Buscar la dirección",
    lookUp: "Buscar",
    use: "Usar esta dirección",
    line1: "Calle y número",
    line2: "Apartamento, suite o unidad",
    city: "Ciudad o pueblo",
    zip: "Código postal",
    county: "Condado",
    nickname: "Nombre corto",
    save: "Guardar",
    saveAndContinue: "Guardar y volver a mi perfil",
    saved: "Se guardó la dirección.",
    deleteAddress: "Eliminar esta dirección",
    deleteTitle: "¿Eliminar esta dirección?",
    confirmDelete: "Sí, eliminarla",
    deleted: "Se eliminó la dirección.",
    empty: "Todavía no hay direcciones en la libreta de direcciones.",
    notMaryland: "Solo se pueden usar direcciones de Maryland, por eso se borraron los campos de la dirección.",
    splitZip: "Este código postal está en más de un condado",
    notFound: "Página no encontrada",
    typeByHand:
      "No se encontró ningún código postal, ciudad o pueblo de Maryland en esa búsqueda, así que la dirección no se puede llenar automáticamente. Por favor, escríbala en los campos de abajo.",
    adminIntro: "Usted ve este perfil como administrador.",
    adminTitle: "Perfil de Test Person",
  },
} as const;
type Text = (typeof TEXT)["en" | "sp"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A field by its whole label, with or without the "(optional)" mark. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escape(label)}( \\((optional|opcional)\\))?$`));

/** The id at the end of an address page's path. */
function addressIdOf(page: Page): number {
  const id = new URL(page.url()).pathname.match(/\/address\/(\d+)$/)?.[1];
  if (!id) throw new Error(`not an address page: ${page.url()}`);
  return Number(id);
}

/** Presses a form's button and waits until the post and the page it leads to are done. */
async function submit(page: Page, name: string) {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name, exact: true }).click();
  await posted;
  await page.waitForLoadState("networkidle");
}

async function lookUp(page: Page, text: Text, query: string) {
  await field(page, text.search).fill(query);
  await page.getByRole("button", { name: text.lookUp, exact: true }).click();
}

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = TEXT[lang];

  test(
    `edit the profile, change the password and sign in with it (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // two password hashings and two sign-ins
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/dashboard?lang=${lang}`);
      await page.getByRole("link", { name: text.profile }).first().click();
      await expect(page).toHaveURL(new RegExp(`/app/profile/${user.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.profile);

      await field(page, text.middleName).fill("Ana");
      await page.getByLabel(text.mobilePhone).fill("4105551234");
      if (javaScriptOn) await expect(page.getByLabel(text.mobilePhone)).toHaveValue("410-555-1234");
      await page.getByLabel(text.newPassword).fill("otra clave nueva 9");

      // A new password needs the current one: a wrong one is refused, and nothing typed is lost.
      await page.getByLabel(text.currentPassword).fill("not my password 1");
      await page.getByRole("button", { name: text.saveProfile }).click();
      await expect(page.getByRole("alert").filter({ hasText: text.wrongPassword })).toBeVisible();
      await expect(page).toHaveTitle(/^Error: /);
      await expect(field(page, text.middleName)).toHaveValue("Ana");

      await page.getByLabel(text.newPassword).fill("otra clave nueva 9");
      await page.getByLabel(text.currentPassword).fill(user.password);
      await page.getByRole("button", { name: text.saveProfile }).click();
      await expect(page.getByText(text.userUpdated)).toBeVisible();
      await expect(field(page, text.middleName)).toHaveValue("Ana");
      await expect(page.getByLabel(text.mobilePhone)).toHaveValue("410-555-1234");

      // Still signed in here after the change; then out, and in again with the new password.
      await page.getByRole("button", { name: text.signOut }).click();
      await expect(page).toHaveURL(/\/login$/);
      await field(page, text.email).fill(user.email);
      await field(page, text.password).fill(user.password);
      await page.getByRole("button", { name: text.signIn }).click();
      // Refused: the alert is on screen before the next try, so the two posts cannot cross.
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
      await field(page, text.password).fill("otra clave nueva 9");
      await page.getByRole("button", { name: text.signIn }).click();
      await expect(page).toHaveURL(/\/app\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.dashboard);
    },
  );

  test(
    `a failed profile update shows the alert and keeps what was typed (${lang})`,
    { tag },
    async ({ page, context }) => {
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/profile/${user.id}?lang=${lang}`);
      await breakUserUpdates(user.id);
      await field(page, text.middleName).fill("Beatriz");
      await page.getByRole("button", { name: text.saveProfile }).click();
      const alert = page.getByRole("alert").filter({ hasText: text.updateError });
      await expect(alert).toContainText(text.errorText);
      await expect(field(page, text.middleName)).toHaveValue("Beatriz");
      await alert.getByRole("link", { name: text.goBack }).click();
      await expect(page).toHaveURL(/#profile-firstName$/);
    },
  );

  test(
    `add an address found by ZIP, edit it unchanged and changed, delete it (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // a long flow
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/profile/${user.id}?lang=${lang}`);
      await expect(page.getByText(text.empty)).toBeVisible();
      await page.getByRole("link", { name: text.addAddress }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.addTitle);

      await field(page, text.nickname).fill("Casa");
      await lookUp(page, text, "100 Main St, 21401");
      await expect(page.getByRole("listitem").filter({ hasText: "100 Main St, Annapolis, MD 21401" })).toBeVisible();
      await page.getByRole("button", { name: text.use }).click();
      await expect(field(page, text.line1)).toHaveValue("100 Main St");
      await expect(field(page, text.city)).toHaveValue("Annapolis");
      await expect(field(page, text.zip)).toHaveValue("21401");
      await expect(page.getByLabel(text.county)).toHaveValue("24003");
      await expect(field(page, text.nickname)).toHaveValue("Casa");
      // The state is said in full, as text, not cut in a box.
      await expect(page.getByText("Maryland (MD)", { exact: true })).toBeVisible();

      await submit(page, text.save);
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.editTitle);
      const firstId = addressIdOf(page);

      // Unchanged place (only the nickname): updated in place, same id.
      await field(page, text.nickname).fill("Casa de Ana");
      await submit(page, text.save);
      await expect(field(page, text.nickname)).toHaveValue("Casa de Ana");
      expect(addressIdOf(page)).toBe(firstId);

      // Changed place: the old address is gone and a new one takes its place.
      await field(page, text.line2).fill("Apt 2");
      await submit(page, text.save);
      await expect(page).not.toHaveURL(new RegExp(`/address/${firstId}$`));
      await expect(field(page, text.line2)).toHaveValue("Apt 2");
      const secondId = addressIdOf(page);
      expect(secondId).not.toBe(firstId);
      expect(await addressInBook(firstId)).toBe(false);
      const gone = await page.request.get(`/app/profile/${user.id}/address/${firstId}`);
      expect(gone.status()).toBe(404);

      await page.getByRole("button", { name: text.saveAndContinue }).click();
      await expect(page).toHaveURL(new RegExp(`/app/profile/${user.id}$`));
      await expect(page.getByRole("row", { name: /Casa de Ana/ })).toContainText(
        "100 Main St, Apt 2, Annapolis, MD 21401",
      );

      await page.getByRole("link", { name: /Casa de Ana/ }).click();
      // A nickname that is the street itself: the address says it once.
      await field(page, text.nickname).fill("100 Main St");
      await submit(page, text.save);
      await expect(field(page, text.nickname)).toHaveValue("100 Main St");
      const once = "100 Main St, Apt 2, Annapolis, MD 21401";
      await page.getByRole("link", { name: text.deleteAddress }).click();
      if (javaScriptOn) {
        const dialog = page.getByRole("dialog", { name: text.deleteTitle });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(once, { exact: true })).toBeVisible();
        await dialog.getByRole("button", { name: text.confirmDelete }).click();
      } else {
        await expect(page).toHaveURL(/\?delete$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.deleteTitle);
        await expect(page.getByRole("main").getByText(once, { exact: true })).toBeVisible();
        await page.getByRole("button", { name: text.confirmDelete }).click();
      }
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/app/profile/${user.id}$`));
      await expect(page.getByText(text.empty)).toBeVisible();
      expect(await addressInBook(secondId)).toBe(false);
    },
  );

  test(
    `the look-up refuses other states and keeps a county chosen in a split ZIP (${lang})`,
    { tag },
    async ({ page, context }) => {
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/profile/${user.id}/address/new?lang=${lang}`);
      await field(page, text.city).fill("Somewhere");
      await lookUp(page, text, "1600 Pennsylvania Ave NW, Washington, DC 20500");
      await expect(page.getByText(text.notMaryland)).toBeVisible();
      await expect(field(page, text.city)).toHaveValue("");

      // Waldorf's 20601 is in Charles and Prince George's: the county already chosen stays.
      await page.getByLabel(text.county).selectOption("24033");
      await lookUp(page, text, "20601");
      await page.getByRole("button", { name: text.use }).click();
      await expect(field(page, text.city)).toHaveValue("Waldorf");
      await expect(page.getByLabel(text.county)).toHaveValue("24033");
      await expect(page.getByText(text.splitZip)).toBeVisible();
    },
  );

  test(
    `the look-up finds a Maryland town without a ZIP, and says plainly when the address must be typed by hand (${lang})`,
    { tag },
    async ({ page, context }) => {
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/profile/${user.id}/address/new?lang=${lang}`);
      // The town's ZIP codes are offered, each with the street alone and the county.
      await lookUp(page, text, "12 Main St Annapolis MD");
      await expect(page.getByRole("listitem").filter({ hasText: "12 Main St, Annapolis, MD 21401" })).toBeVisible();
      await page
        .getByRole("listitem")
        .filter({ hasText: "12 Main St, Annapolis, MD 21403" })
        .getByRole("button", { name: new RegExp(`^${text.use}`) })
        .click();
      await expect(field(page, text.line1)).toHaveValue("12 Main St");
      await expect(field(page, text.city)).toHaveValue("Annapolis");
      await expect(field(page, text.zip)).toHaveValue("21403");
      await expect(page.getByLabel(text.county)).toHaveValue("24003");

      // Nothing to go on: the page says so and leaves the fields to the person.
      await lookUp(page, text, "12 Main St");
      await expect(page.getByText(text.typeByHand)).toBeVisible();
      await expect(field(page, text.line1)).toHaveValue("12 Main St");
    },
  );

  test(
    `the profile lists where one is signed in, and signs out everywhere else (${lang})`,
    { tag },
    async ({ page, context }) => {
      const words = {
        en: {
          heading: "Where you are signed in",
          current: "(this browser)",
          button: "Sign out everywhere else",
          done: "You are signed out everywhere else.",
        },
        sp: {
          heading: "Dónde tiene la sesión iniciada",
          current: "(este navegador)",
          button: "Cerrar la sesión en todos los demás lugares",
          done: "Cerró la sesión en todos los demás lugares.",
        },
      }[lang];
      const user = await signIn(context, await createUser({ language: lang }));
      // The same person signed in elsewhere too (a phone left at work).
      const elsewhere = await request.newContext({
        baseURL,
        extraHTTPHeaders: { Cookie: await sessionCookieOf(user) },
      });
      expect((await elsewhere.get("/app/dashboard", { maxRedirects: 0 })).status()).toBe(200);

      await page.goto(`/app/profile/${user.id}?lang=${lang}`);
      const sessions = page.getByRole("region", { name: words.heading });
      await expect(sessions.getByRole("row")).toHaveCount(3);
      await expect(sessions.getByRole("rowheader").first()).toContainText(words.current);
      await sessions.getByRole("button", { name: words.button }).click();
      await expect(page.getByText(words.done)).toBeVisible();
      await expect(sessions.getByRole("button", { name: words.button })).toHaveCount(0);
      expect((await elsewhere.get("/app/dashboard", { maxRedirects: 0 })).headers().location).toMatch(/^\/login/);
      await elsewhere.dispose();
    },
  );

  test(`changing the primary language switches the interface (${lang})`, { tag }, async ({ page, context }) => {
    const user = await signIn(context, await createUser({ language: "en" }));
    await page.goto(`/app/profile/${user.id}?lang=en`);
    await page.locator("label.usa-radio__label", { hasText: TEXT.en.spanish }).click();
    await page.getByRole("button", { name: TEXT.en.saveProfile }).click();
    await expect(page.getByText(TEXT.sp.userUpdated)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.sp.profile);
  });

  test(
    `an administrator sees another user's profile and addresses, read only (${lang})`,
    { tag },
    async ({ page, context }) => {
      const owner = await createUser();
      await createAddress(owner, { nickname: "Oficina" });
      await signIn(context, await createUser({ admin: true }));
      await page.goto(`/app/profile/${owner.id}?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.adminTitle);
      await expect(page.getByText(text.adminIntro)).toBeVisible();
      await expect(page.getByText(owner.email)).toBeVisible();
      await expect(page.getByRole("row", { name: /Oficina/ })).toContainText("100 Holliday St, Baltimore, MD 21202");
      await expect(page.getByRole("button", { name: text.saveProfile })).toHaveCount(0);
      await expect(page.getByRole("link", { name: text.addAddress })).toHaveCount(0);
      const response = await page.request.post(`/app/profile/${owner.id}`, {
        form: { firstName: "Changed" },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(404);
    },
  );
}

test("another user's profile and addresses are a 404, by page and by form post", async ({ page, context }) => {
  const owner = await createUser();
  const { id: addressId } = await createAddress(owner);
  await signIn(context);
  const form = {
    firstName: "Mallory",
    lastName: "Person",
    reference: "1",
    email: owner.email,
    primaryLanguage: "en",
    securityQuestion1: "1",
    securityQuestion2: "2",
  };
  const headers = { Origin: baseURL };

  for (const path of [
    `/app/profile/${owner.id}`,
    `/app/profile/${owner.id}/address/${addressId}`,
    `/app/profile/${owner.id}/address/new`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.en.notFound);
    await expect(page.getByText(owner.email)).toHaveCount(0);
  }
  const posts = [
    [`/app/profile/${owner.id}`, form],
    [`/app/profile/${owner.id}/address/${addressId}`, { intent: "delete" }],
    [
      `/app/profile/${owner.id}/address/${addressId}`,
      { intent: "save", line1: "1 Elsewhere", city: "Baltimore", zip: "21201", county: "24510" },
    ],
    [
      `/app/profile/${owner.id}/address/new`,
      { intent: "save", line1: "1 Elsewhere", city: "Baltimore", zip: "21201", county: "24510" },
    ],
  ] as const;
  for (const [path, data] of posts) {
    const response = await page.request.post(path, { form: data, headers, maxRedirects: 0 });
    expect(response.status(), `POST ${path}`).toBe(404);
  }
  expect(await addressInBook(addressId)).toBe(true);
});
