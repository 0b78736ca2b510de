import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectAccessible, expect, test, eachLanguageOnce } from "./fixtures";
import { freePort, OwnServer } from "./own-server";
import {
  baseURL,
  createChild,
  createUser,
  fillReferral,
  linkInLatestMail,
  mailsTo,
  openDataDir,
  referralIdOf,
  sessionCookieOf,
  sessionSecret,
  signIn,
  startReferral,
  submitDirectly,
} from "./support";

// Administration (issue 9): users, promotion, status changes, review links, the record of access.

const TEXT = {
  en: {
    users: "Users",
    email: "E-mail",
    apply: "Apply filters",
    deactivate: "Deactivate",
    activate: "Activate",
    reset: "Reset password",
    resetConfirm: "Send the link",
    resetSent: "Password reset sent",
    promote: "Make administrator",
    deactivated: "User deactivated",
    activated: "User activated",
    promoted: "User is now an administrator",
    inactive: "Inactive",
    active: "Active",
    administrator: "Administrator",
    cannotPromote: "Cannot be promoted: the e-mail is not at an approved organisation",
    statusHeading: "Record a status change",
    newStatus: "New status",
    eligible: "Eligible",
    detailsEn: "Details of the status (English)",
    detailsEs: "Details of the status (Spanish)",
    recordStatus: "Record the status",
    statusRecorded: "Status recorded",
    createLink: "Create a review link",
    reviewer: "Who will read it",
    purpose: "Why they read it",
    revoke: "Revoke",
    revokeConfirm: "Revoke the link",
    revoked: "Review link revoked",
    accessHeading: "Record of access",
    status: "Status",
    notVerified: "Not verified",
    resendVerification: "Send the verification e-mail again",
    resendConfirm: "Send the e-mail",
    verificationSent: "The verification e-mail was sent again. Its link works once, for 72 hours.",
    promotionClosedTitle: "Nobody can be made an administrator yet",
    cannotPromoteAny: "Cannot be promoted",
    dashboard: "Dashboard",
  },
  sp: {
    users: "Usuarios",
    email: "Correo electrónico",
    apply: "Aplicar los filtros",
    deactivate: "Desactivar",
    activate: "Activar",
    reset: "Restablecer la contraseña",
    resetConfirm: "Enviar el enlace",
    resetSent: "Se envió el restablecimiento de contraseña",
    promote: "Hacer administrador",
    deactivated: "Usuario desactivado",
    activated: "Usuario activado",
    promoted: "El usuario ahora es administrador",
    inactive: "Inactivo",
    active: "Activo",
    administrator: "Administrador",
    cannotPromote: "No se puede promover: el correo no es de una organización aprobada",
    statusHeading: "Registrar un cambio de estado",
    newStatus: "Estado nuevo",
    eligible: "Elegible",
    detailsEn: "Detalles del estado (inglés)",
    detailsEs: "Detalles del estado (español)",
    recordStatus: "Registrar el estado",
    statusRecorded: "Estado registrado",
    createLink: "Crear un enlace de revisión",
    reviewer: "Quién lo leerá",
    purpose: "Para qué lo lee",
    revoke: "Revocar",
    revokeConfirm: "Revocar el enlace",
    revoked: "Enlace de revisión revocado",
    accessHeading: "Registro de acceso",
    status: "Estado",
    notVerified: "No verificado",
    resendVerification: "Enviar otra vez el correo de verificación",
    resendConfirm: "Enviar el correo",
    verificationSent: "Se volvió a enviar el correo de verificación. Su enlace funciona una vez, durante 72 horas.",
    promotionClosedTitle: "Todavía nadie puede ser nombrado administrador",
    cannotPromoteAny: "No se puede promover",
    dashboard: "Panel principal",
  },
} as const;

/** Runs a row action of the users list: a modal with JavaScript, a confirmation page without. */
async function rowAction(page: Page, email: string, action: string, confirm: string) {
  await page
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link", { name: new RegExp(`^${action}`) })
    .click();
  await page.getByRole("button", { name: confirm, exact: true }).click();
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];

  test(
    `an administrator filters users, deactivates one (whose session ends) and activates them (${lang})`,
    { tag },
    async ({ page, context, browser }) => {
      test.slow();
      const target = await createUser({ lastName: `Objetivo${lang}`, signedInBefore: true });
      await signIn(context, await createUser({ admin: true, language: lang }));
      // The target has a session open in another browser.
      const targetContext = await browser.newContext({ baseURL });
      await signIn(targetContext, target);
      const targetPage = await targetContext.newPage();
      try {
        await targetPage.goto("/app/dashboard");
        await expect(targetPage).toHaveURL(/\/app\/dashboard$/);

        await page.goto(`/app/users?lang=${lang}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.users);
        await page.getByLabel(text.email, { exact: true }).fill(target.email);
        // Applied by the button (with JavaScript the filter would also apply by itself after 760 ms).
        await page.getByRole("button", { name: text.apply }).click();
        await expect(page.getByRole("row")).toHaveCount(2);
        // Not eligible: the e-mail is not at an approved organisation; the row says why.
        await expect(page.getByRole("row", { name: new RegExp(target.email) })).toContainText(text.cannotPromote);

        await rowAction(page, target.email, text.deactivate, text.deactivate);
        await expect(page.getByText(text.deactivated)).toBeVisible();
        await expect(page.getByRole("row", { name: new RegExp(target.email) })).toContainText(text.inactive);
        // Their open session fails at once.
        await targetPage.goto("/app/dashboard");
        await expect(targetPage).toHaveURL(/\/login/);

        await rowAction(page, target.email, text.activate, text.activate);
        await expect(page.getByText(text.activated)).toBeVisible();
        await expect(page.getByRole("row", { name: new RegExp(target.email) })).toContainText(text.active);
      } finally {
        await targetContext.close();
      }
    },
  );

  test(
    `an administrator sends a password reset and promotes an eligible user (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      const target = await createUser({ lastName: `Reinicio${lang}` });
      const coordinator = await createUser({
        domain: "maryland.gov",
        signedInBefore: true,
        lastName: `Coordinadora${lang}`,
      });
      await signIn(context, await createUser({ admin: true, language: lang }));
      await page.goto(`/app/users?lang=${lang}&email=${encodeURIComponent(target.email)}`);
      await rowAction(page, target.email, text.reset, text.resetConfirm);
      await expect(page.getByText(text.resetSent)).toBeVisible();
      expect(mailsTo(target.email).some((mail) => /reset-password\?token=/.test(mail.text))).toBe(true);

      // An eligible user: at maryland.gov, signed in before, no referrals.
      await page.goto(`/app/users?lang=${lang}&email=${encodeURIComponent(coordinator.email)}`);
      if (!javaScriptOn)
        await expect(page.getByRole("row", { name: new RegExp(coordinator.email) })).not.toContainText(
          text.cannotPromote,
        );
      await rowAction(page, coordinator.email, text.promote, text.promote);
      await expect(page.getByText(text.promoted)).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(coordinator.email) })).toContainText(text.administrator);
      // The administrator's view of that user (docs/product-rules.md R92), with links to their lists.
      // The name, and for a screen reader the e-mail that tells two people of one name apart (docs/product-rules.md
      // R161).
      await page.getByRole("link", { name: `Test Coordinadora${lang} (${coordinator.email})`, exact: true }).click();
      await expect(
        page.getByRole("link", { name: lang === "en" ? "This user's referrals" : "Los referidos de este usuario" }),
      ).toBeVisible();
    },
  );

  test(
    `an account not verified shows as such, is found by its status, and gets the verification e-mail again (${lang})`,
    { tag },
    async ({ page, context }) => {
      const target = await createUser({ enabled: false, lastName: `Pendiente${lang}` });
      await signIn(context, await createUser({ admin: true, language: lang }));
      await page.goto(`/app/users?lang=${lang}`);
      await page.getByLabel(text.email, { exact: true }).fill(target.email);
      await page.getByLabel(text.status, { exact: true }).selectOption({ label: text.notVerified });
      await page.getByRole("button", { name: text.apply }).click();
      await expect(page).toHaveURL(/status=unverified/);
      const row = page.getByRole("row", { name: new RegExp(target.email) });
      await expect(row).toContainText(text.notVerified);
      await expect(row).not.toContainText(new RegExp(`\\b${text.active}\\b`));
      // Active lists verified accounts only.
      await page.goto(`/app/users?lang=${lang}&status=active&email=${encodeURIComponent(target.email)}`);
      await expect(page.getByRole("row", { name: new RegExp(target.email) })).toHaveCount(0);

      await page.goto(`/app/users?lang=${lang}&status=unverified&email=${encodeURIComponent(target.email)}`);
      await rowAction(page, target.email, text.resendVerification, text.resendConfirm);
      await expect(page.getByText(text.verificationSent)).toBeVisible();
      const mails = mailsTo(target.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toMatch(/verify-email\?token=/);
      // The link opens the account: it is Active, and the action is gone.
      expect((await page.request.get(await linkInLatestMail(target.email))).ok()).toBe(true);
      await page.goto(`/app/users?lang=${lang}&email=${encodeURIComponent(target.email)}`);
      const opened = page.getByRole("row", { name: new RegExp(target.email) });
      await expect(opened).toContainText(text.active);
      await expect(opened.getByRole("link", { name: new RegExp(`^${text.resendVerification}`) })).toHaveCount(0);
    },
  );

  test(
    `the dashboard counts the users the list shows, super administrators left out (${lang})`,
    { tag },
    async ({ page, context }) => {
      await createUser({ superAdmin: true, admin: true });
      await signIn(context, await createUser({ admin: true, language: lang }));
      const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));
      // Other tests add users meanwhile: the two are read again until one pair is taken together.
      await expect(async () => {
        await page.goto(`/app/dashboard?lang=${lang}`);
        const dashboard = digits(
          await page
            .locator(".dashboard__count", { has: page.locator('a[href="/app/users"]') })
            .locator(".dashboard__number")
            .textContent(),
        );
        await page.goto(`/app/users?lang=${lang}`);
        expect(digits(await page.locator("table caption").textContent())).toBe(dashboard);
      }).toPass({ timeout: 20_000 });
      // On a server whose administrators' domain is set, the users page has nothing to warn about.
      await expect(page.getByText(text.promotionClosedTitle)).toHaveCount(0);
    },
  );

  test(
    `an administrator records a status change, and makes and revokes a review link (${lang})`,
    { tag },
    async ({ page, context, browser, javaScriptOn }) => {
      test.slow();
      const referrer = await createUser({ language: lang });
      const base = await startReferral(
        referrer,
        (await createChild(referrer, { firstName: "Ana", lastName: "Revisión" })).id,
      );
      await submitDirectly(referrer, base);
      await signIn(context, await createUser({ admin: true, language: lang }));
      await page.goto(`${base}/review?lang=${lang}`);
      await expect(page.getByRole("heading", { name: text.statusHeading })).toBeVisible();

      await page.getByLabel(text.newStatus).selectOption({ label: text.eligible });
      await page.getByLabel(new RegExp(`^${text.detailsEn.replace(/[()]/g, "\\$&")}`)).fill("Services start in March.");
      await page
        .getByLabel(new RegExp(`^${text.detailsEs.replace(/[()]/g, "\\$&")}`))
        .fill("Los servicios empiezan en marzo.");
      await page.getByRole("button", { name: text.recordStatus }).click();
      await expect(page.getByText(text.statusRecorded)).toBeVisible();
      await expect(
        page.getByRole("table", { name: lang === "en" ? "Status history" : "Historial de estados" }),
      ).toContainText(text.eligible);
      // The referrer's mail, in their language, and their status updates screen.
      const mail = mailsTo(referrer.email).at(-1)!;
      expect(mail.text).toContain(lang === "en" ? "Services start in March." : "Los servicios empiezan en marzo.");

      // A review link, named for its reader and purpose, opened signed out, then revoked.
      await page.getByRole("button", { name: text.createLink }).click();
      await expect(page.getByLabel(text.reviewer)).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel(text.reviewer).fill("Dr. Ana Ruiz, Children's Hospital");
      await page.getByLabel(text.purpose).fill("a second opinion");
      await page.getByRole("button", { name: text.createLink }).click();
      const url = (await page.locator("code.review-link").textContent())!;
      const outsider = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn });
      try {
        const reader = await outsider.newPage();
        await reader.goto(new URL(url).pathname + new URL(url).search);
        await expect(reader.getByRole("heading", { level: 1 })).toContainText("Ana Revisión");
        await page.goto(`${base}/review`);
        const access = page.getByRole("table", { name: text.accessHeading });
        await expect(access).toContainText(lang === "en" ? "Review link" : "Enlace de revisión");
        await expect(access).toContainText("Dr. Ana Ruiz, Children's Hospital");
        await expect(access).toContainText("a second opinion");
        await page.getByRole("link", { name: new RegExp(`^${text.revoke} `) }).click();
        await page.getByRole("button", { name: text.revokeConfirm }).click();
        await expect(page.getByText(text.revoked)).toBeVisible();
        await reader.reload();
        // The outsider's browser asked for no language: English.
        await expect(reader.getByText("No Data")).toBeVisible();
      } finally {
        await outsider.close();
      }

      await signIn(context, referrer);
      await page.goto(`/app/updates?lang=${lang}`);
      await expect(page.getByRole("row", { name: /Ana Revisión/ })).toContainText(text.eligible);
    },
  );
}

// The same requests with or without JavaScript: run in one project (@http, see playwright.config.ts).
test.describe("over HTTP @http", () => {
  test("an ordinary user gets 403 or 404 on every administrator page and post", async ({ page, context }) => {
    const other = await createUser();
    const user = await signIn(context, await createUser());
    const mine = await startReferral(user, (await createChild(user)).id);
    await submitDirectly(user, mine);
    const headers = { Origin: baseURL };
    for (const path of [
      "/app/users",
      `/app/user/${other.id}`,
      `/app/user/${other.id}/referrals`,
      `/app/user/${other.id}/children`,
      "/app/users/export.csv",
      `/app/referrals/${referralIdOf(mine)}/access.csv`,
    ]) {
      const status = (await page.request.get(path, { maxRedirects: 0 })).status();
      expect([403, 404], `GET ${path}`).toContain(status);
    }
    for (const intent of ["deactivate", "activate", "reset", "promote"]) {
      expect(
        (
          await page.request.post("/app/users", { headers, form: { intent, user: String(other.id) }, maxRedirects: 0 })
        ).status(),
        intent,
      ).toBe(403);
      expect(
        (
          await page.request.post(`/app/user/${other.id}`, {
            headers,
            form: { intent, user: String(other.id) },
            maxRedirects: 0,
          })
        ).status(),
        intent,
      ).toBe(403);
    }
    for (const intent of ["status", "createLink", "revokeLink"]) {
      const response = await page.request.post(`${mine}/review`, {
        headers,
        form: {
          intent,
          status: "Eligible",
          days: "14",
          reviewerName: "Dr. Ana Ruiz",
          purpose: "a second opinion",
          link: "1",
        },
        maxRedirects: 0,
      });
      expect([403, 404], intent).toContain(response.status());
    }
    expect((await page.request.post(`/api/users/${other.id}/reset_password`, { headers })).status()).toBe(403);
    expect((await page.request.post(`/reset?username=${encodeURIComponent(other.email)}`, { headers })).status()).toBe(
      403,
    );
    expect(mailsTo(other.email)).toEqual([]);
  });

  test("super administrators are never listed; an expired or unknown review link shows No Data", async ({
    page,
    context,
  }) => {
    const self = await createUser({ admin: true });
    await signIn(context, self);
    // The administrator's own row offers none of the actions the server would refuse (docs/product-rules.md R88).
    await page.goto(`/app/users?email=${encodeURIComponent(self.email)}`);
    const own = page.getByRole("row", { name: new RegExp(self.email) });
    await expect(own).toContainText("Your own account");
    await expect(own.getByRole("button")).toHaveCount(0);
    await expect(own.getByRole("link", { name: /Reset password|Deactivate/ })).toHaveCount(0);
    const root = await createUser({ lastName: "Superadmin" });
    const { getDb } = await import("../app/db.server");
    await getDb().insertInto("user_roles").values({ user_id: root.id, role: "ROLE_SUPER_ADMIN" }).execute();
    await page.goto(`/app/users?email=${encodeURIComponent(root.email)}`);
    await expect(page.getByRole("row", { name: new RegExp(root.email) })).toHaveCount(0);
    expect((await page.request.get(`/app/user/${root.id}`)).status()).toBe(404);

    const referrer = await createUser();
    const base = await startReferral(referrer, (await createChild(referrer)).id);
    await fillReferral(referrer, base, { consent: 2 });
    await submitDirectly(referrer, base);
    const { createReviewLink } = await import("../app/models/referral-admin.server");
    const { getCurrentUser } = await import("../app/models/user.server");
    const admin = await createUser({ admin: true });
    const link = await createReviewLink(
      getDb(),
      (await getCurrentUser(getDb(), admin.id))!,
      referralIdOf(base),
      { days: 1, reviewerName: "Dr. Ana Ruiz", purpose: "a second opinion" },
      new Date(Date.now() - 2 * 86_400_000),
    );
    for (const token of [link.token, "unknown", ""]) {
      const response = await page.request.get(`/app/referral/review/external?token=${token}`);
      expect(response.status()).toBe(404);
      expect(response.headers()["referrer-policy"]).toBe("no-referrer");
      expect(await response.text()).toContain("No Data");
    }
    const api = await page.request.get(`/api/authentication_tokens/review?token=${link.token}`);
    expect(api.status()).toBe(404);
  });
});

test.describe("a server with no administrators' domain set", () => {
  let server: OwnServer;
  let dataDir: string;
  let adminCookie: string;
  let userEmail: string;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "referral-no-domains-"));
    const { db, env } = await openDataDir(dataDir);
    try {
      const admin = await createUser({ admin: true, domain: "maryland.gov" }, db);
      userEmail = (await createUser({ domain: "maryland.gov", signedInBefore: true }, db)).email;
      adminCookie = await sessionCookieOf(admin, db);
    } finally {
      await db.destroy();
    }
    // ADMIN_EMAIL_DOMAINS left blank (unset), whatever this process's environment holds.
    server = new OwnServer(dataDir, await sessionSecret(), await freePort(), { ...env, ADMIN_EMAIL_DOMAINS: "" });
    await server.start();
  });

  test.afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("warns at start-up, naming the variable", () => {
    expect(server.output).toMatch(
      /Warning: ADMIN_EMAIL_DOMAINS is not set, so nobody can be promoted to administrator/,
    );
  });

  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    const text = TEXT[lang];
    test(
      `the users page says why nobody can be promoted and what to set (${lang})`,
      { tag },
      async ({ browser, javaScriptOn }) => {
        const context = await browser.newContext({ baseURL: server.base, javaScriptEnabled: javaScriptOn });
        try {
          const [name, ...value] = adminCookie.split("=");
          await context.addCookies([
            { name, value: value.join("="), url: server.base, httpOnly: true, sameSite: "Lax" },
          ]);
          const page = await context.newPage();
          await page.goto(`/app/users?lang=${lang}`);
          const alert = page.getByRole("region", { name: text.promotionClosedTitle });
          await expect(alert).toBeVisible();
          await expect(alert).toContainText("ADMIN_EMAIL_DOMAINS=maryland.gov");
          // Even a user the domain would make eligible cannot be promoted, and the page has said why.
          await expect(page.getByRole("row", { name: new RegExp(userEmail) })).toContainText(text.cannotPromoteAny);
          await expectAccessible(page, { javaScriptOn });
        } finally {
          await context.close();
        }
      },
    );
  }
});
