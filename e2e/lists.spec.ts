import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parseCsv } from "../app/utils/csv";
import { expect, test, eachLanguageOnce } from "./fixtures";
import { createChild, createUser, setLastLogin, setStatus, signIn, startReferral, submitDirectly } from "./support";

// The lists on a phone and on a wide screen (issue 18): empty lists say how to begin, the filters
// wait in a disclosure on a phone, row actions are spaced tap targets, stacked tables use the
// whole width, and wide tables scroll in their own box.

const EMPTY = {
  en: [
    { path: "/app/children", message: "You have not added a child yet.", action: "Add a child" },
    { path: "/app/referrals/drafts", message: "You have no draft referrals.", action: "Refer a child" },
    { path: "/app/referrals/submitted", message: "You have not submitted a referral yet.", action: "Refer a child" },
  ],
  sp: [
    { path: "/app/children", message: "Todavía no ha agregado ningún niño.", action: "Agregar un niño" },
    { path: "/app/referrals/drafts", message: "No tiene referidos en borrador.", action: "Referir a un niño" },
    {
      path: "/app/referrals/submitted",
      message: "Todavía no ha enviado ningún referido.",
      action: "Referir a un niño",
    },
  ],
} as const;

const PHONE = { width: 375, height: 812 };

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  test(
    `a new referrer's empty lists say how to begin, without filters or counts (${lang})`,
    { tag },
    async ({ page, context }) => {
      await signIn(context, await createUser({ language: lang }));
      for (const { path, message, action } of EMPTY[lang]) {
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.getByText(message)).toBeVisible();
        await expect(page.getByRole("link", { name: action, exact: true })).toHaveClass("usa-button");
        await expect(page.locator("main details, main form[method=get]")).toHaveCount(0);
        await expect(page.locator(".list-count")).toHaveCount(0);
        await expect(page.getByRole("table")).toHaveCount(0);
      }
    },
  );
}

test("with a filter that matches nothing, the filters stay and say no referral matches", async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  const user = await signIn(context, await createUser());
  await startReferral(user, (await createChild(user)).id);
  await page.goto("/app/referrals/drafts?childName=Nadie");
  await expect(page.getByText("No referral matches.")).toBeVisible();
  // A filter in use: the disclosure is open on a phone too, the filter shown with what it holds.
  await expect(page.getByRole("searchbox", { name: "Child" })).toHaveValue("Nadie");
  await expect(page.getByText("You have no draft referrals.")).toHaveCount(0);
});

/** Whether two boxes share any point. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxes(targets: Locator) {
  const found = [];
  for (const target of await targets.all()) found.push((await target.boundingBox())!);
  return found;
}

test("on a phone the rows come before the filters, the table is as wide as the page, and row actions are spaced tap targets", async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  const user = await signIn(context, await createUser());
  await startReferral(user, (await createChild(user, { firstName: "Ana", lastName: "Fila" })).id);
  await page.goto("/app/referrals/drafts");

  // The filters wait behind their summary; the first row is in the first screen.
  const filterName = page.getByRole("searchbox", { name: "Child" });
  await expect(filterName).toBeHidden();
  const row = page.getByRole("row", { name: /Ana Fila/ });
  expect((await row.boundingBox())!.y).toBeLessThan(PHONE.height);
  await page.getByText("Filter the referrals").click();
  await expect(filterName).toBeVisible();

  // Stacked at the page's width, not shrunk to its content.
  const table = await page.getByRole("table").boundingBox();
  const content = await page.locator(".list-page").boundingBox();
  expect(table!.width).toBeGreaterThanOrEqual(content!.width - 1);

  // Continue, Copy and Delete: each at least 24 × 24 px, none touching another.
  const actions = row.locator(".table-actions").locator(":scope > a, :scope > form > button");
  await expect(actions).toHaveCount(3);
  const found = await boxes(actions);
  for (const box of found) {
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const grown = { x: found[i].x - 4, y: found[i].y - 4, width: found[i].width + 8, height: found[i].height + 8 };
      expect(overlap(grown, found[j]), `actions ${i} and ${j} are at least 4 px apart`).toBe(false);
    }
  }
});

test("on a wide screen the referral filters stay folded under a line saying which are set; other lists show theirs open", async ({
  page,
  context,
}) => {
  const user = await signIn(context, await createUser());
  await createChild(user, { firstName: "Ana", lastName: "Ancha" });
  await startReferral(user, (await createChild(user)).id);
  // The referral lists (issue 39): the rows first at every width, the summary saying what narrows them.
  await page.goto("/app/referrals/drafts");
  await expect(page.getByRole("searchbox", { name: "Child" })).toBeHidden();
  await expect(page.locator("summary")).toHaveText(/Filter the referrals\s*No filters set/);
  await page.getByText("Filter the referrals", { exact: true }).click();
  await expect(page.getByRole("searchbox", { name: "Child" })).toBeVisible();
  // The children's list keeps its filters open on a wide screen.
  await page.goto("/app/children");
  await expect(page.getByRole("searchbox", { name: "Name" })).toBeVisible();
});

test("an administrator's wide list scrolls in its own box: the page fits 1280 px and every Review link is reachable", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const mark = Math.random().toString(36).slice(2, 8);
  const referrer = await createUser({ lastName: `Largo${mark}` });
  const base = await startReferral(
    referrer,
    (await createChild(referrer, { firstName: "Ana", lastName: `Ancha${mark}` })).id,
  );
  await submitDirectly(referrer, base);
  await setStatus(
    base,
    "Eligible",
    "Services start in March.",
    "Los servicios empiezan en marzo.",
    new Date().toISOString(),
  );
  await signIn(context, await createUser({ admin: true }));

  for (const path of [
    `/app/referrals/submitted?childName=${mark}`,
    `/app/user/${referrer.id}/referrals`,
    `/app/users?name=${mark}`,
  ]) {
    await page.goto(path);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      path,
    ).toBeLessThanOrEqual(0);
    const region = page.getByRole("region", { name: /Submitted referrals|Referrals of|Users/ });
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(region.getByRole("table")).toBeVisible();
  }

  // No column that is empty for every row: the status's details sit under the status.
  await page.goto(`/app/referrals/submitted?childName=${mark}`);
  await expect(page.getByRole("columnheader", { name: "Details" })).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(`Ancha${mark}`) });
  await expect(row.getByRole("cell", { name: /Eligible/ })).toContainText("Services start in March.");
  const review = row.getByRole("link", { name: /^Review/ });
  await review.scrollIntoViewIfNeeded();
  const box = (await review.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await review.click();
  await expect(page).toHaveURL(/\/review$/);
});

test("a page of rows that turns empty under a filter keeps the filters open while one types @js-only", async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  const user = await signIn(context, await createUser());
  await createChild(user, { firstName: "Ana", lastName: "Tecla" });
  await page.goto("/app/children");
  await page.getByText("Filter the children").click();
  const name = page.getByRole("searchbox", { name: "Name" });
  await name.fill("Zzz");
  await expect(page).toHaveURL(/name=Zzz/);
  await expect(page.getByText("No children match.", { exact: false })).toBeVisible();
  await name.fill("");
  await expect(page).not.toHaveURL(/name=Zzz/);
  // Back to no filter: the disclosure the person opened stays open under their fingers.
  await expect(name).toBeVisible();
  await expect(page.getByRole("row", { name: /Ana Tecla/ })).toBeVisible();
});

const EXPORT = {
  en: {
    all: "Export the whole list (CSV)",
    filtered: "Export the filtered rows (CSV)",
    hint: "The file has every row of the list, from every page.",
    hintFiltered:
      "The whole list has every row, without your filters; the filtered rows are only those your filters show, from every page.",
    done: "Export done: 100%",
    childrenHeader: ["First name", "Middle name", "Last name", "Suffix", "Date of birth", "State of residence"],
    // As the lists show them: mm/dd/yyyy, times in Eastern time.
    birthdate: "01/02/2025",
    lastSignIn: "01/15/2026, 12:30 PM EST",
  },
  sp: {
    all: "Exportar toda la lista (CSV)",
    filtered: "Exportar las filas filtradas (CSV)",
    hint: "El archivo tiene todas las filas de la lista, de todas las páginas.",
    hintFiltered:
      "Toda la lista tiene todas las filas, sin sus filtros; las filas filtradas son solo las que muestran sus filtros, de todas las páginas.",
    done: "Exportación terminada: 100%",
    childrenHeader: ["Nombre", "Segundo nombre", "Apellido", "Sufijo", "Fecha de nacimiento", "Estado de residencia"],
    birthdate: "02/01/2025",
    lastSignIn: "15/01/2026, 12:30 p.m. EST",
  },
} as const;

/** Clicks one of a list's export links and reads the file saved: its name and its rows. */
async function exportCsv(page: Page, label: string, done: string, javaScriptOn: boolean) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: label, exact: true }).click();
  const file = await download;
  const rows = parseCsv(readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, ""));
  if (javaScriptOn) await expect(page.getByText(done)).toBeVisible();
  return { name: file.suggestedFilename(), rows };
}

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = EXPORT[lang];

  test(
    `each list offers the whole list and, beside it, the filtered rows as CSV, labelled which is which (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow(); // eight files, each streamed and saved
      const user = await signIn(context, await createUser({ language: lang }));
      const ana = await createChild(user, { firstName: "Ana", lastName: "Lista", birthdate: "2025-01-02" });
      const beto = await createChild(user, { firstName: "Beto", lastName: "Lista" });
      await startReferral(user, ana.id);
      await startReferral(user, beto.id);
      const submitted = [await startReferral(user, ana.id), await startReferral(user, beto.id)];
      for (const base of submitted) await submitDirectly(user, base);
      await setStatus(submitted[1], "Eligible", "Eligible.", "Elegible.", "2026-11-02T15:00:00Z");

      // [list, filter, column of the child's first name, first names the filter shows, first names it hides]
      const lists = [
        ["/app/children", "name=Ana", 0, "Ana", "Beto"],
        ["/app/referrals/drafts", "childName=Ana", 12, "Ana", "Beto"],
        ["/app/referrals/submitted", "status=Eligible", 12, "Beto", "Ana"],
      ] as const;
      for (const [path, filter, column, shown, hidden] of lists) {
        // Without a filter there is one file, the whole list.
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.getByRole("link", { name: text.all, exact: true })).toBeVisible();
        await expect(page.getByRole("link", { name: text.filtered, exact: true })).toHaveCount(0);
        await expect(page.getByText(text.hint, { exact: true })).toBeVisible();

        await page.goto(`${path}?lang=${lang}&${filter}`);
        await expect(page.getByText(text.hintFiltered, { exact: true })).toBeVisible();
        const all = await exportCsv(page, text.all, text.done, javaScriptOn);
        const filtered = await exportCsv(page, text.filtered, text.done, javaScriptOn);
        expect(all.name, path).not.toContain("filtered");
        expect(filtered.name, path).toContain("-filtered-");
        expect(
          all.rows
            .slice(1)
            .map((row) => row[column])
            .sort(),
          `${path}: the whole list`,
        ).toEqual([shown, hidden].sort());
        expect(
          filtered.rows.slice(1).map((row) => row[column]),
          `${path}: the filtered rows`,
        ).toEqual([shown]);
        if (path === "/app/children") {
          expect(all.rows[0]).toEqual(text.childrenHeader);
          expect(filtered.rows[1]).toEqual(["Ana", "", "Lista", "", text.birthdate, "Maryland"]);
        }
      }

      // The users list, for an administrator: its last sign-in in the file as on the page, in Eastern time.
      const [first, second] = [await createUser(), await createUser()];
      await setLastLogin(first.id, "2026-01-15T17:30:00Z");
      await signIn(context, await createUser({ admin: true, language: lang }));
      await page.goto(`/app/users?lang=${lang}&email=${first.email}`);
      await expect(page.getByRole("row", { name: new RegExp(first.email) })).toContainText(text.lastSignIn);
      const all = await exportCsv(page, text.all, text.done, javaScriptOn);
      const filtered = await exportCsv(page, text.filtered, text.done, javaScriptOn);
      expect(all.rows.map((row) => row[1])).toEqual(expect.arrayContaining([first.email, second.email]));
      expect(filtered.rows.slice(1)).toEqual([
        [expect.any(String), first.email, expect.any(String), expect.any(String), text.lastSignIn, expect.any(String)],
      ]);
    },
  );
}
