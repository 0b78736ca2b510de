import { expectAccessible, expect, test } from "./fixtures";
import { createUser, signIn } from "./support";

// Every screen that exists, in both languages; the projects run it with JavaScript on and off.
const PUBLIC_SCREENS = ["/login", "/login?registrationComplete=true", "/login?expired=1", "/register", "/forgot-password", "/reset-password?token=unknown", "/verify-email?token=unknown", "/no-such-page", "/app/referral/review/external"];
const ADMIN_SCREENS = ["/app/users", "/app/reports"];
const SIGNED_IN_SCREENS = [
  "/app/dashboard",
  "/app/children",
  "/app/referrals/drafts",
  "/app/referrals/submitted",
  "/app/updates",
  "/app/error/not-found",
  "/app/error/unexpected",
  "/app/no-such-page",
];

for (const lang of ["en", "sp"] as const) {
  for (const path of [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS, ...ADMIN_SCREENS]) {
    test(`${path} in ${lang} has no serious accessibility violation`, async ({ context, page, javaScriptOn }) => {
      if (SIGNED_IN_SCREENS.includes(path)) await signIn(context);
      if (ADMIN_SCREENS.includes(path)) await signIn(context, await createUser({ admin: true }));
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "sp" ? "es" : "en");
      await expect(page.locator("h1")).toHaveCount(1);
      await expectAccessible(page, { javaScriptOn });
    });
  }
}

test("the closed side navigation is accessible too", async ({ context, page, javaScriptOn }) => {
  await signIn(context);
  await page.goto("/app/dashboard");
  await page.getByRole("button", { name: "Hide menu" }).click();
  await expect(page.getByRole("button", { name: "Show menu" })).toBeVisible();
  await expectAccessible(page, { javaScriptOn });
});
