import { expectAccessible, expect, test } from "./fixtures";

// Every screen that exists, in both languages; the projects run it with JavaScript on and off.
const SCREENS = [
  "/login",
  "/app/dashboard",
  "/app/children",
  "/app/referrals/drafts",
  "/app/referrals/submitted",
  "/app/updates",
  "/app/users",
  "/app/reports",
  "/app/error/not-found",
  "/app/error/unexpected",
  "/app/no-such-page",
  "/app/referral/review/external",
  "/no-such-page",
];

for (const lang of ["en", "sp"] as const) {
  for (const path of SCREENS) {
    test(`${path} in ${lang} has no serious accessibility violation`, async ({ page, javaScriptOn }) => {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "sp" ? "es" : "en");
      await expect(page.locator("h1")).toHaveCount(1);
      await expectAccessible(page, { javaScriptOn });
    });
  }
}

test("the closed side navigation is accessible too", async ({ page, javaScriptOn }) => {
  await page.goto("/app/dashboard");
  await page.getByRole("button", { name: "Hide menu" }).click();
  await expect(page.getByRole("button", { name: "Show menu" })).toBeVisible();
  await expectAccessible(page, { javaScriptOn });
});
