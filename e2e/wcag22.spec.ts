import type { BrowserContext, FileChooser, Page } from "@playwright/test";
import { WIZARD_STEPS } from "../app/wizard/steps";
import { eachLanguageOnce, expect } from "./fixtures";
import { FOOTER_LINKS, LANGUAGES, test } from "./screens";
import {
  codeInLatestMail,
  appCode,
  baseURL,
  createAddress,
  createChild,
  createResetLink,
  createUser,
  giveSecondFactor,
  signIn,
  startReferral,
  type TestUser,
  yearsAgo,
} from "./support";

// The criteria WCAG 2.2 added at level AA (issue 37), in a browser with JavaScript on and off (the two projects):
// 2.5.7 dragging movements, 3.2.6 consistent help, 3.3.7 redundant entry and 3.3.8 accessible authentication
// (docs/product-rules.md R169-R174). Where words matter, in English and Spanish (?lang=sp).

const TEXT = {
  en: {
    addSelf: (name: string) => `Add yourself, ${name}, as a parent or guardian`,
    referralFor: (name: string) => `Referral for ${name}`,
  },
  sp: {
    addSelf: (name: string) => `Agréguese usted, ${name}, como padre, madre o tutor`,
    referralFor: (name: string) => `Referido de ${name}`,
  },
} as const;

/**
 * Puts text on the browser's clipboard as a person does: typed in a box of another tab, selected and copied with the
 * keyboard. (No script of the page is needed, so it holds with JavaScript off as well.)
 */
async function copyToClipboard(context: BrowserContext, text: string) {
  const source = await context.newPage();
  try {
    await source.route(`${baseURL}/clipboard-source`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><title>Notes</title><textarea aria-label="Notes"></textarea></html>',
      }),
    );
    await source.goto(`${baseURL}/clipboard-source`, { waitUntil: "commit" });
    const box = source.getByRole("textbox", { name: "Notes" });
    await box.fill(text);
    await box.press("Control+A");
    await box.press("Control+C");
  } finally {
    await source.close();
  }
}

/** Pastes the clipboard into a field with the keyboard (Control+V), as a person pastes from a password manager. */
async function pasteInto(page: Page, selector: string, text: string) {
  await copyToClipboard(page.context(), text);
  const field = page.locator(selector);
  await field.focus();
  await page.keyboard.press("Control+V");
  await expect(field, `${selector} took what was pasted`).toHaveValue(text);
}

/** Chooses a radio button by its value, through its label (USWDS draws the button on the label). */
async function chooseRadio(page: Page, name: string, value: string) {
  const input = page.locator(`main input[type=radio][name=${name}][value="${value}"]`);
  await page.locator(`main label[for="${await input.getAttribute("id")}"]`).click();
  await expect(input).toBeChecked();
}

const saveAndContinue = (page: Page) => page.locator("main button[name=intent][value=continue]").click();

/** Gives the person's profile a mobile phone, as their profile page saves it. */
async function giveProfileMobile(user: TestUser, parts: { areaCode: string; prefix: string; suffix: string }) {
  const { getDb } = await import("../app/db.server");
  const { insertPhone } = await import("../app/models/phone.server");
  const db = getDb();
  await db
    .updateTable("users")
    .set({ mobile_phone_id: await insertPhone(db, parts, user.id) })
    .where("id", "=", user.id)
    .execute();
}

// Nothing on any screen needs dragging (R171): checked on every screen, in both languages, by
// e2e/accessibility.spec.ts.
test.describe("2.5.7 dragging movements", () => {
  test("a supporting document is chosen with the keyboard alone: its file box opens the file chooser, and the file is saved", async ({
    page,
    context,
  }) => {
    const user = await signIn(context, await createUser());
    const wizard = await startReferral(user, (await createChild(user)).id);
    // Playwright asks the browser to hand over its file chooser once something listens for one, without waiting for the
    // browser's answer, and the key press reaches the page by another road. Listening from before the page opens leaves
    // the whole page load between the two, where waiting and pressing at once (Promise.all) raced on a busy machine.
    const choosers: FileChooser[] = [];
    page.on("filechooser", (chooser) => choosers.push(chooser));
    await page.goto(`${wizard}/supporting-documentation/new?lang=en`);
    const box = page.locator("main input[type=file]");
    await expect(box).toHaveCount(1);
    await box.focus();
    await expect(box).toBeFocused();
    await page.keyboard.press("Space");
    await expect.poll(() => choosers.length, "Space on the focused file box opened one file chooser").toBe(1);
    const [chooser] = choosers;
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles({
      name: "letter.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await page.locator("main input[name=description]").fill("A letter from the pediatrician");
    await page.locator("main input[name=description]").press("Enter");
    await expect(page).toHaveURL(/\/supporting-documentation\/list/);
    await expect(page.locator("main")).toContainText("A letter from the pediatrician");
  });
});

// The program's contact, last of the footer's important links on every screen (R172): checked on every screen, in both
// languages, by e2e/accessibility.spec.ts.
test.describe("3.2.6 consistent help", () => {
  test("the contact page the help link opens gives the program's phone or e-mail and mailing address, in both languages", async ({
    page,
  }) => {
    for (const language of LANGUAGES) {
      await page.goto(`/login?lang=${language}`);
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: FOOTER_LINKS[language].links[2], exact: true })
        .click();
      await expect(page).toHaveURL(/\/contact/);
      await expect(page.locator("main .program-contact li").last()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language === "sp" ? "es" : "en");
    }
  });
});

test.describe("3.3.7 redundant entry", () => {
  test("the referrer step of a new referral starts with the name and phone of the referrer's profile, and keeps them once saved", async ({
    page,
    context,
  }) => {
    const user = await signIn(context, await createUser({ lastName: "Rivera" }));
    await giveProfileMobile(user, { areaCode: "443", prefix: "555", suffix: "0101" });
    const wizard = await startReferral(user, (await createChild(user)).id);
    await page.goto(`${wizard}/referrer-information/proxy?lang=en`);
    await expect(page.locator("main input[name=referrerFirstName]")).toHaveValue("Test");
    await expect(page.locator("main input[name=referrerLastName]")).toHaveValue("Rivera");
    await expect(page.locator("main input[name=referrerPhoneNumber]")).toHaveValue("443-555-0101");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/child-information\//);
    await page.goto(`${wizard}/review?lang=en`);
    await expect(page.locator("main")).toContainText("443-555-0101");
  });

  for (const { lang: language, tag } of eachLanguageOnce("with JavaScript")) {
    test(
      `a parent who refers their own child is offered as a parent or guardian with what they already gave (${language})`,
      { tag },
      async ({ page, context }) => {
        const text = TEXT[language];
        const user = await signIn(context, await createUser({ lastName: "Rivera", language }));
        await giveProfileMobile(user, { areaCode: "443", prefix: "555", suffix: "0102" });
        const wizard = await startReferral(user, (await createChild(user)).id);
        await page.goto(`${wizard}/referrer-information/relationship?lang=${language}`);
        await chooseRadio(page, "referrerRelationship", "1");
        await saveAndContinue(page);
        await expect(page).toHaveURL(/\/referrer-information\/proxy/);
        // The address changes before the new step is drawn: its own field, filled from the profile, shows it has come.
        await expect(page.locator("main input[name=referrerFirstName]")).toHaveValue("Test");
        await saveAndContinue(page);
        await expect(page).toHaveURL(/\/child-information\//);

        await page.goto(`${wizard}/family-information/guardian-list?lang=${language}`);
        await page.getByRole("link", { name: text.addSelf("Test Rivera"), exact: true }).click();
        await expect(page).toHaveURL(/\/guardian\/add-edit\/new\?as=referrer/);
        await expect(page.locator("main input[name=firstName]")).toHaveValue("Test");
        await expect(page.locator("main input[name=lastName]")).toHaveValue("Rivera");
        await expect(page.locator("main select[name=childRelationship]")).toHaveValue("1");
        await expect(page.locator("main input[name=email]")).toHaveValue(user.email);
        await expect(page.locator("main input[name=mobilePhoneNumber]")).toHaveValue("443-555-0102");
        await page.locator("main form[method=post] button[type=submit]").click();

        await expect(page).toHaveURL(/\/family-information\/guardian-list/);
        await expect(page.getByRole("row", { name: /Test Rivera/ })).toContainText("443-555-0102");
        // Once added, not offered again.
        await expect(page.getByRole("link", { name: text.addSelf("Test Rivera") })).toHaveCount(0);
      },
    );
  }

  test("the child's address step offers the referrer's address book, and the address chosen is kept", async ({
    page,
    context,
  }) => {
    const user = await signIn(context, await createUser());
    const address = await createAddress(user, {
      line1: "5 Elm St",
      city: "Annapolis",
      zip: "21401",
      county: "24003",
      nickname: "Home",
    });
    const wizard = await startReferral(user, (await createChild(user)).id);
    await page.goto(`${wizard}/child-information/address?lang=en`);
    await expect(page.locator("main")).toContainText("5 Elm St");
    await chooseRadio(page, "source", `book-${address.id}`);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/gestational-age/);
    await page.goto(`${wizard}/child-information/address?lang=en`);
    await expect(page.locator(`main input[name=source][value="book-${address.id}"]`)).toBeChecked();
  });

  for (const { lang: language, tag } of eachLanguageOnce("with JavaScript")) {
    test(
      `the child's name and birth date, given when the child was added, are not asked again in the referral (${language})`,
      { tag },
      async ({ page, context }) => {
        const user = await signIn(context, await createUser());
        const wizard = await startReferral(
          user,
          (await createChild(user, { firstName: "Mateo", lastName: "García" })).id,
        );
        const pages = [
          ...WIZARD_STEPS.filter((step) => step.key !== "review").map((step) => step.path),
          "family-information/guardian/add-edit/new",
        ];
        for (const path of pages) {
          await page.goto(`${wizard}/${path}?lang=${language}`);
          await expect(page.locator("main"), path).toContainText(TEXT[language].referralFor("Mateo García"));
          // The guardian's form asks a parent's name, not the child's: its fields are the guardian's own.
          const childFields = path.includes("guardian/")
            ? "[name^=birth], [name=birthdate]"
            : "[name=firstName], [name=lastName], [name^=birth], [name=birthdate]";
          await expect(page.locator("main").locator(childFields), path).toHaveCount(0);
        }
        // Adding a child: the name screen carries the birth date of the screen before, and does not ask it again.
        const birthdate = yearsAgo(1);
        await page.goto(`/app/children/edit/name?birthdate=${birthdate}&stateOfResidence=21&lang=${language}`);
        await expect(
          page.locator("main select[name=birthYear], main input[name=birthdate]:not([type=hidden])"),
        ).toHaveCount(0);
        await expect(page.locator("main input[type=hidden][name=birthdate]")).toHaveValue(birthdate);
      },
    );
  }

  test("a refused parent's form keeps everything typed", async ({ page, context }) => {
    const user = await signIn(context, await createUser());
    const wizard = await startReferral(user, (await createChild(user)).id);
    await page.goto(`${wizard}/family-information/guardian/add-edit/new?lang=en`);
    await page.locator("main input[name=firstName]").fill("Lucía");
    await page.locator("main input[name=lastName]").fill("Salas");
    await page.locator("main select[name=childRelationship]").selectOption("2");
    await page.locator("main input[name=bestTimeToContact]").fill("Mornings");
    await page.locator("main input[name=email]").fill("lucia@example.com");
    // No phone: refused (R147).
    await page.locator("main form[method=post] button[type=submit]").click();
    await expect(page.locator(".usa-alert--error, .error-summary").first()).toBeVisible();
    await expect(page.locator("main input[name=firstName]")).toHaveValue("Lucía");
    await expect(page.locator("main input[name=lastName]")).toHaveValue("Salas");
    await expect(page.locator("main select[name=childRelationship]")).toHaveValue("2");
    await expect(page.locator("main input[name=bestTimeToContact]")).toHaveValue("Mornings");
    await expect(page.locator("main input[name=email]")).toHaveValue("lucia@example.com");
  });
});

test.describe("3.3.8 accessible authentication", () => {
  for (const { lang: language, tag } of eachLanguageOnce("with JavaScript")) {
    test(
      `the sign-in takes a pasted e-mail and password, and its second step a pasted code, each named for password managers (${language})`,
      { tag },
      async ({ page }) => {
        const admin = await createUser({ admin: true, signedInBefore: true });
        const { secret } = await giveSecondFactor(admin);
        await page.goto(`/login?lang=${language}`);
        await expect(page.locator("main input[name=email]")).toHaveAttribute("autocomplete", "username");
        await expect(page.locator("main input[name=email]")).toHaveAttribute("type", "email");
        await expect(page.locator("main input[name=password]")).toHaveAttribute("autocomplete", "current-password");
        await expect(page.locator("main input[name=password]")).toHaveAttribute("type", "password");
        await pasteInto(page, "main input[name=email]", admin.email);
        await pasteInto(page, "main input[name=password]", admin.password);
        await page.locator("main form[method=post] button[type=submit]").click();

        await expect(page).toHaveURL(/\/login\/second-factor/);
        // One box for the whole code, never a box a digit.
        await expect(
          page.locator("main form[method=post]:not([action='/logout']) input:not([type=hidden])"),
        ).toHaveCount(1);
        await expect(page.locator("main input[name=code]")).toHaveAttribute("autocomplete", "one-time-code");
        // The code of the next 30 seconds (the set-up took this one's).
        await pasteInto(page, "main input[name=code]", await appCode(secret, 1));
        await page.locator("main input[name=code]").press("Enter");
        await expect(page).toHaveURL(/\/app\/dashboard/);
      },
    );
  }

  test("the second step takes a pasted recovery code, in one box named as a one-time code", async ({ page }) => {
    const admin = await createUser({ admin: true, signedInBefore: true });
    const { recoveryCodes } = await giveSecondFactor(admin);
    await page.goto("/login?lang=en");
    await page.locator("main input[name=email]").fill(admin.email);
    await page.locator("main input[name=password]").fill(admin.password);
    await page.locator("main form[method=post] button[type=submit]").click();
    await expect(page).toHaveURL(/\/login\/second-factor/);
    await page.goto("/login/second-factor?recovery=1&lang=en");
    await expect(page.locator("main form[method=post]:not([action='/logout']) input:not([type=hidden])")).toHaveCount(
      1,
    );
    await expect(page.locator("main input[name=recoveryCode]")).toHaveAttribute("autocomplete", "one-time-code");
    await pasteInto(page, "main input[name=recoveryCode]", recoveryCodes[0]);
    await page.locator("main input[name=recoveryCode]").press("Enter");
    await expect(page).toHaveURL(/\/app\/dashboard/);
  });

  test("the code mailed before the second step's set-up, and the set-up's key as text to copy, each pasted in one box", async ({
    page,
  }) => {
    const admin = await createUser({ admin: true, signedInBefore: true });
    await page.goto("/login?lang=en");
    await page.locator("main input[name=email]").fill(admin.email);
    await page.locator("main input[name=password]").fill(admin.password);
    await page.locator("main form[method=post] button[type=submit]").click();
    await expect(page).toHaveURL(/\/login\/mail-code/);
    await expect(page.locator("main input[name=code]")).toHaveAttribute("autocomplete", "one-time-code");
    await pasteInto(page, "main input[name=code]", await codeInLatestMail(admin.email));
    await page.locator("main input[name=code]").press("Enter");
    await expect(page).toHaveURL(/\/login\/second-factor-setup/);
    // The key is text, not a picture: it is selected and copied like any other.
    const key = page.locator("main [data-secret-key]");
    await expect(key).toHaveCSS("user-select", /auto|text/);
    const secret = ((await key.textContent()) ?? "").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.locator("main form[method=post]:not([action='/logout']) input:not([type=hidden])")).toHaveCount(
      1,
    );
    await expect(page.locator("main input[name=code]")).toHaveAttribute("autocomplete", "one-time-code");
    await pasteInto(page, "main input[name=code]", await appCode(secret));
    await page.locator("main input[name=code]").press("Enter");
    await expect(page.locator("main .recovery-codes code")).toHaveCount(10);
  });

  test("the password reset takes pasted security answers and a pasted new password, which then signs in", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto("/forgot-password?lang=en");
    await expect(page.locator("main input[name=email]")).toHaveAttribute("autocomplete", "username");

    await page.goto(`${await createResetLink(user)}&lang=en`);
    // Recalled answers (not recognised ones): a password manager may keep and fill them, and they may be pasted (R173).
    for (const name of ["securityAnswer1", "securityAnswer2"]) {
      await expect(page.locator(`main input[name=${name}]`)).toHaveAttribute("autocomplete", "on");
    }
    await pasteInto(page, "main input[name=securityAnswer1]", "Rex");
    await pasteInto(page, "main input[name=securityAnswer2]", "Baltimore");
    await page.locator("main form[method=post] button[type=submit]").click();

    const newPassword = "a brand new passphrase 7";
    await expect(page.locator("main input[name=plainPassword]")).toHaveAttribute("autocomplete", "new-password");
    await pasteInto(page, "main input[name=plainPassword]", newPassword);
    await page.locator("main form[method=post] button[type=submit]").click();
    await expect(page).toHaveURL(/\/login/);

    await pasteInto(page, "main input[name=email]", user.email);
    await pasteInto(page, "main input[name=password]", newPassword);
    await page.locator("main form[method=post] button[type=submit]").click();
    await expect(page).toHaveURL(/\/app\//);
  });

  test("registration names the new account's e-mail and password for password managers, and its password box takes a paste", async ({
    page,
  }) => {
    await page.goto("/register?lang=en");
    await expect(page.locator("main input[name=email]")).toHaveAttribute("autocomplete", "email");
    await expect(page.locator("main input[name=password]")).toHaveAttribute("autocomplete", "new-password");
    await pasteInto(page, "main input[name=password]", "a pasted passphrase 12");
    // No puzzle: without a captcha service set (the default), the form asks none (docs/configuration.md:
    // CAPTCHA_PROVIDER).
    await expect(page.locator("main iframe, main [class*=captcha]")).toHaveCount(0);
  });
});
