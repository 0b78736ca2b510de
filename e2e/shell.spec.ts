import { expect, test } from "./fixtures";
import { baseURL, createChild, createUser, signIn, startReferral } from "./support";

test.describe("languages", () => {
  test("?lang=sp switches to Spanish, the cookie remembers it, ?lang=en switches back", async ({ page, context }) => {
    const response = await page.goto("/login?lang=sp");
    expect(await response?.headerValue("set-cookie")).toMatch(/^lang=/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")).toBeTruthy();

    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(/^Iniciar sesión \|/);

    await page.goto("/login?lang=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });

  test("the footer switcher is a link to the same page in the other language", async ({ context, page }) => {
    await signIn(context);
    await page.goto("/app/children?page=2");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/app\/children\?page=2&lang=sp$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Niños");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Children");
  });

  test("the browser's own language does not switch it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "es-MX", baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});

test.describe("routing", () => {
  test("an unknown page under /app/ shows the error page", async ({ context, page }) => {
    await signIn(context);
    const response = await page.goto("/app/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle(/^Error: Page not found/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("the error page names its error in the address", async ({ context, page }) => {
    await signIn(context);
    expect((await page.goto("/app/error/forbidden"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await page.goto("/app/error/not-found?lang=sp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  });

  test("/ is the dashboard", async ({ context, page }) => {
    await signIn(context);
    await page.goto("/");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  });

  test("addresses under /app/referral/review go to the external review page", async ({ page }) => {
    await page.goto("/app/referral/review/anything?token=abc");
    await expect(page).toHaveURL(/\/app\/referral\/review\/external\?token=abc$/);
    await expect(page.getByRole("alert")).toContainText("error fetching the referral");
    await expect(page.getByText("No Data")).toBeVisible();
  });

  test("administrator screens refuse ordinary users and are offered only to administrators", async ({
    browser,
    baseURL,
  }) => {
    const ordinary = await browser.newContext({ baseURL });
    await signIn(ordinary);
    const page = await ordinary.newPage();
    expect((await page.goto("/app/users"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toHaveCount(0);
    expect((await page.goto("/app/reports"))?.status()).toBe(403);

    const admin = await browser.newContext({ baseURL });
    await signIn(admin, await createUser({ admin: true }));
    const adminPage = await admin.newPage();
    expect((await adminPage.goto("/app/users"))?.status()).toBe(200);
    await expect(
      adminPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }),
    ).toBeVisible();
    await ordinary.close();
    await admin.close();
  });

  test("signed-out visitors are sent to sign in, and come back to the page they asked for", async ({ page }) => {
    const user = await createUser();
    await page.goto("/app/children?page=2");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp%2Fchildren%3Fpage%3D2$/);
    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/app\/children\?page=2$/);
  });

  test("/healthz answers when the database does @http", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok\n");
  });
});

test.describe("the shell", () => {
  // A tap right after a page loads must land where the person aimed: nothing may move when the
  // page's scripts start. (A message that sat in the page's flow until the scripts made it float
  // moved every button up by its height, and a quick tap on "Add a supporting document" was lost.)
  test("nothing moves when the page's scripts start, with a message of the last action shown @js-only", async ({
    context,
    page,
  }) => {
    const user = await signIn(context);
    const base = await startReferral(user, (await createChild(user)).id);
    const list = `${base}/supporting-documentation/list`;
    // Saved without the page (as a form post would), so the list opens with "Referral updated".
    const saved = await page.request.post(list, {
      form: { intent: "save", childParentConsent: "3" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);

    // The scripts wait until the page as the server sent it has been measured.
    let release = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.js", async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto(list, { waitUntil: "commit" });
    const add = page.locator("main button", { hasText: "Add a supporting document" });
    await expect(add).toBeVisible();
    await expect(page.locator(".flash-message .usa-alert")).toBeVisible();
    // Measured once the page's style sheets and fonts are in: the scripts are what may not move it.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")).every(
        (link) => link.sheet !== null,
      ),
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = await add.boundingBox();
    release();
    await page.locator("html.js").waitFor({ state: "attached" });
    expect(await add.boundingBox()).toEqual(before);
  });

  test("the side navigation toggle closes and opens it, and the choice is kept", async ({ context, page }) => {
    await signIn(context);
    await page.goto("/app/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    // The choice is kept once the server has answered (in the background with JavaScript, which
    // shows it at once; a typed address right after would otherwise cut the request short).
    const kept = page.waitForResponse(
      (response) => response.url().includes("/app/navigation") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Hide menu" }).click();
    await kept;
    await expect(page.getByRole("button", { name: "Show menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    await page.goto("/app/children");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Show menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Hide menu" })).toHaveAttribute("aria-expanded", "true");
  });

  test("after a change of page, focus is on its heading (with JavaScript) or the skip link leads to the main view", async ({
    context,
    page,
    javaScriptOn,
  }) => {
    await signIn(context);
    await page.goto("/app/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Children" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Children");
    if (javaScriptOn) {
      // A client-side navigation keeps the old focus unless the app moves it: to the new screen's heading (R166).
      await expect(page.locator("#main-content h1")).toBeFocused();
      // The skip link still leads to the main view.
      await page.goto("/app/dashboard");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("#main-content")).toBeFocused();
    } else {
      // A full page load starts at the top; the first Tab reaches the skip link to the main view.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("#main-content")).toBeFocused();
    }
  });

  test("a form post from another site is refused and changes nothing @http", async ({ context, page, request }) => {
    await signIn(context);
    const refused = await request.post("/app/navigation", {
      headers: { Origin: "https://evil.example" },
      form: { open: "false", redirectTo: "/app/dashboard" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["set-cookie"]).toBeUndefined();

    await page.goto("/app/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("every response carries the security headers @http", async ({ request }) => {
    const response = await request.get("/login");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
