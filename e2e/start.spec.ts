import type { Locator, Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { createChild, createUser, referralIdOf, signIn, startReferral, submitDirectly, yearsAgo } from "./support";

// A way to start (issue 18): a new referrer's dashboard says what the service does and leads to a
// new referral in three actions; a child's page puts the waiting draft first and deleting apart.

const TEXT = {
  en: {
    dashboard: "Dashboard",
    about: "Use this service to refer a child under 3 years old",
    refer: "Refer a child",
    counts: "Your figures",
    preverifyTitle: "Add a child: date of birth and state",
    month: "Month",
    day: "Day",
    year: "Year",
    continue: "Continue",
    nameTitle: "Add a child: name",
    firstName: "First name",
    lastName: "Last name",
    addAndStart: "Add the child and start the referral",
    relationship: "Your relationship to the child",
    started: "Child added and referral started",
  },
  sp: {
    dashboard: "Panel principal",
    about: "Use este servicio para referir a un niño menor de 3 años",
    refer: "Referir a un niño",
    counts: "Sus cifras",
    preverifyTitle: "Agregar un niño: fecha de nacimiento y estado",
    month: "Mes",
    day: "Día",
    year: "Año",
    continue: "Continuar",
    nameTitle: "Agregar un niño: nombre",
    firstName: "Nombre",
    lastName: "Apellido",
    addAndStart: "Agregar el niño e iniciar el referido",
    relationship: "Su relación con el niño",
    started: "Niño agregado y referido iniciado",
  },
} as const;

async function heading(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = TEXT[lang];

  test(
    `a new referrer's dashboard leads to a new referral in three actions (${lang})`,
    { tag },
    async ({ page, context }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const user = await signIn(context, await createUser({ language: lang }));
      await page.goto(`/app/dashboard?lang=${lang}`);
      await heading(page, text.dashboard);
      // What the service does, one way to begin, and no wall of zeros.
      await expect(page.getByText(text.about)).toBeVisible();
      await expect(page.getByRole("list", { name: text.counts })).toHaveCount(0);
      const refer = page.getByRole("link", { name: text.refer, exact: true });
      await expect(refer).toHaveClass("usa-button");

      // Every click of a link or a button that changes the page counts; filling in fields does not.
      let actions = 0;
      const act = async (target: Locator) => {
        actions += 1;
        await target.click();
      };

      await act(refer);
      await heading(page, text.preverifyTitle);
      const [year, month, day] = yearsAgo(1, 10).split("-").map(Number);
      await page.getByLabel(text.month, { exact: true }).selectOption(String(month));
      await page.getByLabel(text.year, { exact: true }).selectOption(String(year));
      await page.getByLabel(text.day, { exact: true }).selectOption(String(day));
      await act(page.getByRole("button", { name: text.continue }));

      await heading(page, text.nameTitle);
      await page.getByLabel(text.firstName, { exact: true }).fill("Inés");
      await page.getByLabel(text.lastName, { exact: true }).fill("Primera");
      await act(page.getByRole("button", { name: text.addAndStart }));

      // The wizard's first step, of a new Draft of the new child.
      await heading(page, text.relationship);
      await expect(page.getByText(text.started)).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(
        new RegExp(`^/app/child/\\d+/referral/\\d+/user/${user.id}/referrer-information/relationship$`),
      );
      expect(actions).toBeLessThanOrEqual(3);
    },
  );

  test(
    `a referrer with children and referrals still has the way to begin, with the counts below (${lang})`,
    { tag },
    async ({ page, context }) => {
      const user = await signIn(context, await createUser({ language: lang }));
      await startReferral(user, (await createChild(user)).id);
      await page.goto(`/app/dashboard?lang=${lang}`);
      await expect(page.getByRole("link", { name: text.refer, exact: true })).toBeVisible();
      const counts = page.getByRole("list", { name: text.counts });
      await expect(counts.getByRole("link")).toHaveCount(4);
      await expect(counts.getByRole("link").first()).toContainText("1");
    },
  );
}

test("an administrator's dashboard keeps every count, users too, and offers no referral to start", async ({
  page,
  context,
}) => {
  await signIn(context, await createUser({ admin: true }));
  await page.goto("/app/dashboard");
  const counts = page.getByRole("list", { name: TEXT.en.counts });
  await expect(counts.getByRole("link")).toHaveCount(5);
  await expect(counts.getByRole("link", { name: /Users/ })).toBeVisible();
  await expect(page.getByRole("link", { name: TEXT.en.refer, exact: true })).toHaveCount(0);
});

test("a child's page: the waiting draft is the main way on, a new referral second, deleting apart", async ({
  page,
  context,
}) => {
  const user = await signIn(context, await createUser());
  const { id: childId } = await createChild(user, { firstName: "Lucía", lastName: "Pérez" });
  const before = await startReferral(user, childId);

  // Only a new referral to start while there is no draft.
  const other = await createChild(user, { firstName: "Sin", lastName: "Borrador" });
  const sent = await startReferral(user, other.id);
  await submitDirectly(user, sent);
  await page.goto(`/app/children/details/${other.id}`);
  await expect(page.getByRole("button", { name: "Start a new referral" })).toHaveClass("usa-button");
  await expect(page.getByRole("link", { name: "Continue the draft" })).toHaveCount(0);
  // A child with a submitted referral cannot be deleted: the section says so.
  await expect(page.getByRole("region", { name: "Delete the child" })).toContainText("cannot be deleted");

  await page.goto(`/app/children/details/${childId}`);
  const started = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date());
  await expect(page.getByRole("link", { name: `Referral started ${started}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Referral \d+$/ })).toHaveCount(0);
  const continueDraft = page.getByRole("link", { name: "Continue the draft" });
  await expect(continueDraft).toHaveClass("usa-button");
  await expect(page.getByRole("button", { name: "Start a new referral" })).toHaveClass(/usa-button--outline/);
  // Deleting is under its own heading, after the referrals, and does not look like the way forward.
  const deleting = page.getByRole("region", { name: "Delete the child" });
  await expect(deleting.getByRole("link", { name: "Delete this child" })).toHaveClass(/usa-button--outline/);
  const forward = await continueDraft.boundingBox();
  const remove = await deleting.boundingBox();
  expect(remove!.y).toBeGreaterThan(forward!.y + forward!.height);

  await continueDraft.click();
  await heading(page, TEXT.en.relationship);
  expect(referralIdOf(new URL(page.url()).pathname)).toBe(referralIdOf(before));
});
