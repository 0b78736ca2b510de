import type { Locator, Page } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  backdateSubmission,
  createChild,
  createPastReferrals,
  createStaff,
  createUser,
  referralIdOf,
  setStatus,
  setUpProgram,
  signIn,
  startReferral,
  submitDirectly,
  type TestUser,
} from "./support";

/** The text of the message the focus is in, else the focused element's tag (BODY when the focus fell to the page). */
function focusedAlert(page: Page) {
  return page.evaluate(
    () => document.activeElement?.closest(".usa-alert")?.textContent ?? document.activeElement?.tagName ?? null,
  );
}

// Issue 39, the administrator at a desk (points 9 to 13, and the plurals of point 7): the submitted list's filters
// folded with a line saying which are set; the review starting with the status; one name per status; the dashboard's
// queue and insight's waiting families first; the report's result taking the focus.

const WIDTHS = [320, 1280] as const;
const HEIGHT = 800;

const TEXT = {
  en: {
    filters: "Filter the referrals",
    noFilters: "No filters set",
    filtersSet: (items: string[]) => `Filters set: ${items.join("; ")}`,
    child: "Child",
    status: "Status",
    county: "County",
    received: "Received",
    anneArundel: "Anne Arundel County",
    review: "Review",
    statusHeading: "Record a status change",
    statusNow: (status: string) => `Status: ${status}`,
    history: "Status history",
    historyEmpty: "No status change recorded yet",
    submitted: "Submitted",
    draft: "Draft",
    newStatus: "New status",
    eligible: "Eligible",
    record: "Record the status",
    recorded: "Status recorded",
    unable: "Unable to process",
    rejected: "Rejected",
    queueHeading: "Waiting for a first status",
    queueCount: (count: number) => `${count} ${count === 1 ? "referral has" : "referrals have"} no status recorded yet`,
    queueOldest: (days: number) => `The oldest has waited ${days} ${days === 1 ? "day" : "days"}`,
    queueNone: "No referral is waiting for a first status.",
    waitingHeading: "Families still waiting",
    generate: "Generate the referral report",
    reportCounty: "County",
    ready: /The report .+ is ready\./,
    summaryOne: "1 submitted referral.",
    summaryOther: "submitted referrals.",
    weeklyOne: "1 referral from",
    show: "Show",
    from: "From",
    to: "To",
  },
  sp: {
    filters: "Filtrar los referidos",
    noFilters: "Ningún filtro aplicado",
    filtersSet: (items: string[]) => `Filtros aplicados: ${items.join("; ")}`,
    child: "Niño",
    status: "Estado",
    county: "Condado",
    received: "Recibido",
    anneArundel: "Condado de Anne Arundel",
    review: "Revisar",
    statusHeading: "Registrar un cambio de estado",
    statusNow: (status: string) => `Estado: ${status}`,
    history: "Historial de estados",
    historyEmpty: "Todavía no se ha registrado ningún cambio de estado",
    submitted: "Enviado",
    draft: "Borrador",
    newStatus: "Estado nuevo",
    eligible: "Elegible",
    record: "Registrar el estado",
    recorded: "Estado registrado",
    unable: "No se pudo procesar",
    rejected: "Rechazado",
    queueHeading: "En espera de un primer estado",
    queueCount: (count: number) =>
      `${count} ${count === 1 ? "referido todavía no tiene" : "referidos todavía no tienen"} un estado registrado`,
    queueOldest: (days: number) => `El más antiguo lleva ${days} ${days === 1 ? "día" : "días"} esperando`,
    queueNone: "Ningún referido espera un primer estado.",
    waitingHeading: "Familias que todavía esperan",
    generate: "Generar el informe de referidos",
    reportCounty: "Condado",
    ready: /El informe .+ está listo\./,
    summaryOne: "1 referido enviado.",
    summaryOther: "referidos enviados.",
    weeklyOne: "1 referido del",
    show: "Mostrar",
    from: "Desde",
    to: "Hasta",
  },
} as const;

const mark = () => Math.random().toString(36).slice(2, 8);

/** A referrer's referral for a child named after `name`, submitted in `county`; its wizard path and id. */
async function submitted(referrer: TestUser, name: string, county = "24003") {
  const path = await startReferral(referrer, (await createChild(referrer, { firstName: "Ana", lastName: name })).id);
  await submitDirectly(referrer, path, { county });
  return { path, id: referralIdOf(path), review: `${path}/review` };
}

/** How far down the page (from its top, not the window's) an element starts. */
async function pageTop(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    "the page scrolls sideways",
  ).toBeLessThanOrEqual(0);
}

test.describe("point 9: the submitted list's filters are folded, say which are set, and the table fits", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `folded filters with a line saying which are set; the first row and its Review link in view (${lang})`,
      { tag },
      async ({ page, context }) => {
        test.slow();
        const text = TEXT[lang];
        const name = `Plegada${mark()}`;
        const referrer = await createUser({ lastName: `Largo${mark()}` });
        const { path } = await submitted(referrer, name);
        await setStatus(path, "Received", "Called the family.", "Se llamó a la familia.", new Date().toISOString());
        await signIn(context, await createUser({ admin: true, language: lang }));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`/app/referrals/submitted?lang=${lang}`);
          const summary = page.locator("summary", { hasText: text.filters });
          await expect(summary).toContainText(text.noFilters);
          // Folded: the filters wait behind their summary, whatever the width.
          await expect(page.getByRole("searchbox", { name: text.child })).toBeHidden();
          const firstRow = page.locator("table tbody tr").first();
          expect(
            await pageTop(firstRow),
            `the first row starts within the first ${HEIGHT} px at ${width}`,
          ).toBeLessThan(HEIGHT);
          await noSidewaysScroll(page);

          await page.goto(`/app/referrals/submitted?lang=${lang}&childName=${name}&status=Received&county=24003`);
          await expect(summary).toContainText(
            text.filtersSet([
              `${text.child}: ${name}`,
              `${text.status}: ${text.received}`,
              `${text.county}: ${text.anneArundel}`,
            ]),
          );
          await expect(page.getByRole("searchbox", { name: text.child })).toBeHidden();
          const row = page.getByRole("row", { name: new RegExp(name) });
          await expect(row).toBeVisible();
          expect(await pageTop(row)).toBeLessThan(HEIGHT);
          const reviewLink = row.getByRole("link", { name: new RegExp(`^${text.review}`) });
          if (width === 1280) {
            // The whole table in its box: no column cut, nothing to scroll sideways.
            const region = page.getByRole("region", {
              name: lang === "en" ? "Submitted referrals" : "Referidos enviados",
            });
            expect(
              await region.evaluate((box) => box.scrollWidth - box.clientWidth),
              "the table is wider than its box",
            ).toBeLessThanOrEqual(0);
            const box = (await reviewLink.boundingBox())!;
            const regionBox = (await region.boundingBox())!;
            expect(box.x + box.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
            expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
          }
          await expect(reviewLink).toHaveText(new RegExp(`^${text.review}`));
          await noSidewaysScroll(page);
          // Opened, the filters are there, with what is set.
          await summary.click();
          await expect(page.getByRole("searchbox", { name: text.child })).toHaveValue(name);
        }
      },
    );
  }
});

test.describe("point 10: an administrator's review starts with the status, its history and the form", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `the status comes first, the submission is the history's first entry, and a change's confirmation takes the focus (${lang})`,
      { tag },
      async ({ page, context, javaScriptOn }) => {
        test.slow();
        const text = TEXT[lang];
        const referrer = await createUser({ lastName: `Envia${mark()}` });
        const { review } = await submitted(referrer, `Revisada${mark()}`);
        await signIn(context, await createUser({ admin: true, language: lang }));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`${review}?lang=${lang}`);
          const statusNow = page.getByRole("heading", { name: text.statusNow(text.submitted) });
          const formHeading = page.getByRole("heading", { name: text.statusHeading });
          const firstSection = page.locator(".review-section").first();
          await expect(statusNow).toBeVisible();
          expect(await pageTop(statusNow)).toBeLessThan(HEIGHT);
          expect(await pageTop(formHeading)).toBeLessThan(await pageTop(firstSection));
          if (width === 1280)
            expect(await pageTop(formHeading), "the status form starts in the first screen").toBeLessThan(HEIGHT);
          const history = page.getByRole("table", { name: text.history });
          await expect(page.getByText(text.historyEmpty)).toHaveCount(0);
          await expect(history.locator("tbody tr").first()).toContainText(text.submitted);
          await expect(history.locator("tbody tr").first()).toContainText(/Test Envia/);
          expect(await pageTop(history)).toBeLessThan(await pageTop(firstSection));
        }

        // A change: its confirmation is where the person is taken (focus with JavaScript; first in the page without).
        await page.setViewportSize({ width: 1280, height: HEIGHT });
        await page.getByLabel(text.newStatus).selectOption({ label: text.eligible });
        await page.getByRole("button", { name: text.record }).click();
        const confirmation = page.locator("main .usa-alert", { hasText: text.recorded });
        await expect(confirmation).toBeVisible();
        if (javaScriptOn) {
          await expect.poll(() => focusedAlert(page)).toContain(text.recorded);
        }
        // The first thing of the page's main view, in view.
        const firstInMain = await page.evaluate(() => {
          const main = document.getElementById("main-content")!;
          const visible = [...main.querySelectorAll("h1, h2, p, .usa-alert")].find(
            (element) => (element as HTMLElement).offsetParent !== null,
          );
          return visible?.textContent ?? "";
        });
        expect(firstInMain).toContain(text.recorded);
        const box = (await confirmation.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
        // The history, oldest first: the submission, then the change.
        const rows = page.getByRole("table", { name: text.history }).locator("tbody tr");
        await expect(rows).toHaveCount(2);
        await expect(rows.nth(0)).toContainText(text.submitted);
        await expect(rows.nth(1)).toContainText(text.eligible);
        await expect(page.getByRole("heading", { name: text.statusNow(text.eligible) })).toBeVisible();
      },
    );

    test(
      `a local program's staff see the same review, starting with the status (${lang})`,
      { tag },
      async ({ page, context }) => {
        const text = TEXT[lang];
        const program = await setUpProgram("24003");
        const referrer = await createUser({ lastName: `Local${mark()}` });
        const { review } = await submitted(referrer, `Programa${mark()}`);
        await signIn(context, await createStaff(program, lang));
        await page.setViewportSize({ width: 1280, height: HEIGHT });
        await page.goto(`${review}?lang=${lang}`);
        const formHeading = page.getByRole("heading", { name: text.statusHeading });
        await expect(formHeading).toBeVisible();
        expect(await pageTop(formHeading)).toBeLessThan(await pageTop(page.locator(".review-section").first()));
        await expect(page.getByRole("table", { name: text.history }).locator("tbody tr").first()).toContainText(
          text.submitted,
        );
      },
    );
  }
});

test.describe("point 11: one name for each status", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `"Unable to process" is named so in the list's filter, the status form and the reports (${lang})`,
      { tag },
      async ({ page, context }) => {
        const text = TEXT[lang];
        const referrer = await createUser();
        const { review } = await submitted(referrer, `Nombre${mark()}`);
        await signIn(context, await createUser({ admin: true, language: lang }));
        await page.goto(`/app/referrals/submitted?lang=${lang}&status=Unable%20to%20Process`);
        const filter = page.locator("#filter-status option[value='Unable to Process']");
        await expect(filter).toHaveText(text.unable);
        await expect(page.locator("#filter-status")).not.toContainText(text.rejected);
        await expect(page.locator("summary")).toContainText(`${text.status}: ${text.unable}`);
        await page.goto(`${review}?lang=${lang}`);
        await expect(page.locator("select[name='status'] option[value='Unable to Process']")).toHaveText(text.unable);
        await page.goto(`/app/reports?lang=${lang}`);
        await expect(page.getByRole("checkbox", { name: text.unable, exact: true })).toHaveCount(1);
        await expect(page.locator("main")).not.toContainText(text.rejected);
      },
    );
  }
});

/** The jurisdiction each run of the queue's test counts in, so runs side by side do not count each other's. */
const QUEUE_COUNTY = { en: { js: "24047", "no-js": "24045" }, sp: { js: "24001", "no-js": "24043" } } as const;

test.describe("point 12: the dashboard starts with the work, insight with the families waiting", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `the queue of referrals waiting for a first status: how many, the oldest, each a link to the list so filtered (${lang})`,
      { tag },
      async ({ page, context, javaScriptOn }) => {
        test.slow();
        const text = TEXT[lang];
        const county = QUEUE_COUNTY[lang][javaScriptOn ? "js" : "no-js"];
        const program = await setUpProgram(county);
        const referrer = await createUser({ lastName: `Cola${mark()}` });
        const name = `Espera${mark()}`;
        const waitingOld = await submitted(referrer, `${name}a`, county);
        await backdateSubmission(waitingOld.id, 9);
        await submitted(referrer, `${name}b`, county);
        // Not waiting: a status recorded. Not theirs: another county's.
        const done = await submitted(referrer, `${name}c`, county);
        await setStatus(done.path, "Received", "", "", new Date().toISOString());
        await submitted(referrer, `${name}d`, "24003");

        // A program's staff: only their program's referrals.
        const staff = await createStaff(program, lang);
        await signIn(context, staff);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`/app/dashboard?lang=${lang}`);
          const queue = page.getByRole("region", { name: text.queueHeading });
          await expect(queue).toBeVisible();
          // The first block after the title and the welcome.
          expect(await pageTop(queue)).toBeLessThan(await pageTop(page.locator(".dashboard__counts")));
          expect(await pageTop(queue)).toBeLessThan(HEIGHT / 2);
          await expect(queue.getByRole("link", { name: text.queueCount(2) })).toBeVisible();
          await expect(queue.getByRole("link", { name: text.queueOldest(9) })).toBeVisible();
          await noSidewaysScroll(page);
        }
        await page
          .getByRole("region", { name: text.queueHeading })
          .getByRole("link", { name: text.queueCount(2) })
          .click();
        await expect(page).toHaveURL(/\/app\/referrals\/submitted\?.*status=Submitted/);
        const rows = page.locator("table tbody tr");
        await expect(rows).toHaveCount(2);
        // Longest waiting first.
        await expect(rows.first()).toContainText(`${name}a`);
        await page.goto(`/app/dashboard?lang=${lang}`);
        await page
          .getByRole("region", { name: text.queueHeading })
          .getByRole("link", { name: text.queueOldest(9) })
          .click();
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(`${name}a`);

        // Another program's staff: none of these.
        await context.clearCookies();
        const otherProgram = await setUpProgram(county === "24047" ? "24045" : "24047");
        await signIn(context, await createStaff(otherProgram, lang));
        await page.goto(`/app/referrals/submitted?lang=${lang}&status=Submitted&childName=${name}`);
        await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

        // An administrator: everyone's, at least these two, the oldest at least 9 days.
        await context.clearCookies();
        await signIn(context, await createUser({ admin: true, language: lang }));
        await page.goto(`/app/dashboard?lang=${lang}`);
        const adminQueue = page.getByRole("region", { name: text.queueHeading });
        const countText = (await adminQueue.getByRole("link").first().textContent()) ?? "";
        expect(Number(countText.replace(/\D/g, ""))).toBeGreaterThanOrEqual(2);
        const oldestText = (await adminQueue.getByRole("link").nth(1).textContent()) ?? "";
        expect(Number(oldestText.replace(/\D/g, ""))).toBeGreaterThanOrEqual(9);

        // A referrer: no queue, and the list so filtered shows their own only.
        await context.clearCookies();
        await signIn(context, referrer);
        await page.goto(`/app/dashboard?lang=${lang}`);
        await expect(page.getByRole("region", { name: text.queueHeading })).toHaveCount(0);
      },
    );

    test(
      `insight: "Families still waiting" first, and every table whole (${lang})`,
      { tag },
      async ({ page, context }) => {
        test.slow();
        const text = TEXT[lang];
        const referrer = await createUser();
        await submitted(referrer, `Panorama${mark()}`);
        await signIn(context, await createUser({ admin: true, language: lang }));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`/app/insight?lang=${lang}`);
          const waiting = page.getByRole("heading", { name: text.waitingHeading });
          const headings = page.locator("main h2");
          await expect(headings.first()).toHaveText(text.waitingHeading);
          if (width === 1280) expect(await pageTop(waiting)).toBeLessThan(HEIGHT);
          const tables = page.locator(".figure__table");
          expect(await tables.count()).toBeGreaterThan(3);
          for (const table of await tables.all()) {
            await expect(table).toHaveAttribute("tabindex", "0");
            await expect(table).toHaveAttribute("role", "region");
            expect((await table.getAttribute("aria-label"))?.length).toBeGreaterThan(0);
            if (width === 1280) {
              const label = await table.getAttribute("aria-label");
              expect(
                await table.evaluate((box) => box.scrollWidth - box.clientWidth),
                `${label} is cut at 1280 px`,
              ).toBeLessThanOrEqual(0);
            }
          }
          await noSidewaysScroll(page);
        }
      },
    );
  }
});

test.describe("point 13: a generated report's result takes the focus", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `the result is where focus goes with JavaScript, and first in the main view without (${lang})`,
      { tag },
      async ({ page, context, javaScriptOn }) => {
        test.slow();
        const text = TEXT[lang];
        await signIn(context, await createUser({ admin: true, language: lang }));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`/app/reports?lang=${lang}`);
          const form = page.locator("form#referral-report");
          await form.getByLabel(text.reportCounty).selectOption("24047");
          await page.getByRole("button", { name: text.generate }).click();
          const result = page.locator("main .usa-alert", { hasText: text.ready });
          await expect(result).toBeVisible();
          if (javaScriptOn) {
            await expect.poll(() => focusedAlert(page)).toMatch(text.ready);
          } else {
            expect(await pageTop(result), "the result comes before the forms").toBeLessThan(
              await pageTop(page.locator("form#referral-report")),
            );
            const box = (await result.boundingBox())!;
            expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
          }
        }
      },
    );
  }
});

test.describe("point 7 (plurals): counts on the administrator's screens follow the language's plural rules", () => {
  for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
    test(
      `insight says "1 submitted referral", not "1 submitted referrals" (${lang})`,
      { tag },
      async ({ page, context }) => {
        const text = TEXT[lang];
        const referrer = await createUser();
        // A day of its own, years back, with one referral submitted on it.
        const days = 800 + Math.floor(Math.random() * 300);
        const day = new Date(Date.now() - days * 86_400_000);
        day.setUTCHours(16, 0, 0, 0);
        await createPastReferrals(referrer, [
          {
            submittedAt: day.toISOString(),
            status: "Submitted",
            county: "24003",
            source: "1",
            birthdate: new Date(day.getTime() - 200 * 86_400_000).toISOString().slice(0, 10),
          },
        ]);
        const iso = day.toISOString().slice(0, 10);
        const [year, month, date] = iso.split("-");
        const typed = lang === "en" ? `${month}/${date}/${year}` : `${date}/${month}/${year}`;
        await signIn(context, await createUser({ admin: true, language: lang }));
        await page.goto(`/app/insight?lang=${lang}&from=${encodeURIComponent(typed)}&to=${encodeURIComponent(typed)}`);
        const intro = page.locator("main .usa-intro");
        await expect(intro).toContainText(text.summaryOne);
        await expect(intro).not.toContainText(`1 ${text.summaryOther}`);
        await expect(page.locator("main")).toContainText(text.weeklyOne);
      },
    );
  }
});
