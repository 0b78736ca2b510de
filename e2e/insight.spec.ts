import type { Page } from "@playwright/test";
import { parseCsv } from "../app/utils/csv";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  createChild,
  createPastReferrals,
  createUser,
  signIn,
  startReferral,
  submitDirectly,
  type PastReferral,
} from "./support";

// What the program and the referrers see at a glance (issue 23, docs/product-rules.md R126–R128): the insight page's
// tables read back and compared with counts worked out here from the rows this test made, in a period of its own
// long ago (no other test submits then); a referrer's trend; children referred twice. With JavaScript on and off
// (the two projects), in English and Spanish.

const TEXT = {
  en: {
    title: "Program insight",
    show: "Show",
    from: "From",
    to: "To",
    byCounty: "Stacked by county",
    total: "Total",
    week: "Week beginning",
    order: "The period cannot end before it begins.",
    sameChild: (id: number) => `Possibly the same child as referral ${id}`,
    notSame: (id: number) => `Not the same child as referral ${id}`,
    recorded: (id: number) => `Recorded: not the same child as referral ${id}.`,
    filter: "Possibly referred twice",
    filters: "Filters",
    only: "Only those possibly of a child referred twice",
    statuses: [
      "Submitted",
      "Received",
      "Processed",
      "Unable to process",
      "Unable to contact",
      "Eligible",
      "Not eligible",
    ],
    trend: "Your referrals over the last 12 months",
    now: "Where those referrals are now",
  },
  sp: {
    title: "Panorama del programa",
    show: "Mostrar",
    from: "Desde",
    to: "Hasta",
    byCounty: "Apilados por condado",
    total: "Total",
    week: "Semana que empieza el",
    order: "El período no puede terminar antes de empezar.",
    sameChild: (id: number) => `Posiblemente el mismo niño que el del referido ${id}`,
    notSame: (id: number) => `No es el mismo niño que el del referido ${id}`,
    recorded: (id: number) => `Registrado: no es el mismo niño que el del referido ${id}.`,
    filter: "Posiblemente referido dos veces",
    filters: "Filtros",
    only: "Solo los de un niño posiblemente referido dos veces",
    statuses: [
      "Enviado",
      "Recibido",
      "Procesado",
      "No se pudo procesar",
      "No se pudo contactar",
      "Elegible",
      "No elegible",
    ],
    trend: "Sus referidos de los últimos 12 meses",
    now: "Dónde están ahora esos referidos",
  },
} as const;

const STATUSES = [
  "Submitted",
  "Received",
  "Processed",
  "Unable to Process",
  "Unable to Contact",
  "Eligible",
  "Not Eligible",
] as const;
const DAY = 86_400_000;

/** A calendar date `days` after another. */
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The same day of the month `months` months before (the 28th at most), so the child is exactly that many months old.
 */
function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const index = year * 12 + month - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-${String(Math.min(day, 28)).padStart(2, "0")}`;
}

/** The quantile of sorted numbers, placed between the two nearest as a spreadsheet does. */
function quantile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  return sorted[below] + (sorted[Math.min(below + 1, sorted.length - 1)] - sorted[below]) * (at - below);
}

/** A table's rows (header first) as the page shows them. */
async function tableOf(page: Page, figure: string): Promise<string[][]> {
  return page
    .locator(`[data-figure=${figure}] table tr`)
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

/**
 * A period of twelve weeks long ago that no other test submits in: one for each browser project and language (and
 * retry), twenty weeks apart, so the days just outside each are outside the others too. Each run has a new database.
 */
function periodLongAgo(javaScriptOn: boolean, lang: "en" | "sp", retry: number) {
  const slot = (javaScriptOn ? 0 : 2) + (lang === "sp" ? 1 : 0) + 4 * retry;
  // 1 January 2006 was a Sunday.
  const from = plus("2006-01-01", slot * 20 * 7);
  return { from, to: plus(from, 83) };
}

/** The labels of lookup codes in a language, read from the server's database. */
async function labels(type: string, lang: "en" | "sp") {
  const { getDb } = await import("../app/db.server");
  const rows = await getDb()
    .selectFrom("lookups")
    .select(["code", "description", "description_es"])
    .where("type", "=", type)
    .execute();
  return new Map(rows.map((row) => [row.code, lang === "sp" ? row.description_es : row.description]));
}

for (const { lang, tag } of eachLanguageOnce("without JavaScript")) {
  const text = TEXT[lang];

  test(
    `the insight page's tables hold the counts of the referrals submitted in its period (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }, testInfo) => {
      // Seven referrals made, and a long page read at three widths, twice.
      test.slow();
      const admin = await createUser({ admin: true, signedInBefore: true });
      const referrer = await createUser({ signedInBefore: true });
      const period = periodLongAgo(javaScriptOn, lang, testInfo.retry);
      // Submitted at 15:00 UTC: the same calendar day in Maryland.
      const at = (days: number) => `${plus(period.from, days)}T15:00:00.000Z`;
      const made: PastReferral[] = [
        {
          submittedAt: at(1),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(plus(period.from, 1), 6),
          reasons: [{ type: "RefReasons_ConcernsDevelopmental", code: "1" }],
          firstChangeAt: new Date(Date.parse(at(1)) + 2 * DAY).toISOString(),
        },
        {
          submittedAt: at(3),
          status: "Submitted",
          county: "24005",
          source: "2",
          birthdate: monthsBefore(plus(period.from, 3), 20),
        },
        {
          submittedAt: at(15),
          status: "Eligible",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(plus(period.from, 15), 6),
          reasons: [
            { type: "FailedScreenings", code: "1" },
            { type: "RefReasons_ConcernsDevelopmental", code: "1" },
          ],
          firstChangeAt: new Date(Date.parse(at(15)) + 10 * DAY).toISOString(),
        },
        {
          submittedAt: at(36),
          status: "Received",
          county: "24510",
          source: "3",
          birthdate: monthsBefore(plus(period.from, 36), 33),
          firstChangeAt: new Date(Date.parse(at(36)) + 1.5 * DAY).toISOString(),
        },
        {
          submittedAt: at(78),
          status: "Submitted",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(plus(period.from, 78), 0),
        },
      ];
      // Outside the period: the day before it begins and the day after it ends.
      await createPastReferrals(referrer, [
        ...made,
        {
          submittedAt: at(-1),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(plus(period.from, -1), 3),
        },
        {
          submittedAt: at(84),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(plus(period.from, 84), 3),
        },
      ]);
      const dayOf = (row: PastReferral) => row.submittedAt.slice(0, 10);

      await signIn(context, admin);
      await page.goto(`/app/insight?lang=${lang}`);
      await expect(page.locator("h1")).toHaveText(text.title);
      await page
        .getByLabel(text.from, { exact: true })
        .fill(lang === "sp" ? period.from.split("-").reverse().join("/") : period.from);
      await page.getByLabel(text.to, { exact: true }).fill(period.to);
      await page.getByRole("button", { name: text.show }).click();
      await expect(page).toHaveURL(new RegExp(`from=${lang === "sp" ? "" : period.from}`));

      // Submitted per week, a column per status. With JavaScript the address changes a moment before the page shows the
      // new period's tables: the table is read again until it is the period's.
      const weeks = Array.from({ length: 12 }, (_, index) => plus(period.from, index * 7));
      const weekOf = (row: PastReferral) => weeks.filter((start) => start <= dayOf(row)).at(-1)!;
      await expect
        .poll(() => tableOf(page, "weekly"))
        .toEqual([
          [text.week, ...text.statuses, text.total],
          ...weeks.map((start) => {
            const inWeek = made.filter((row) => weekOf(row) === start);
            return [
              start,
              ...STATUSES.map((status) => String(inWeek.filter((row) => row.status === status).length)),
              String(inWeek.length),
            ];
          }),
        ]);

      // Time to the first status change, by month of submission.
      const months = [
        ...new Set([period.from.slice(0, 7), ...made.map((row) => dayOf(row).slice(0, 7)), period.to.slice(0, 7)]),
      ].sort();
      const decimal = new Intl.NumberFormat(lang === "sp" ? "es-US" : "en-US", { maximumFractionDigits: 1 });
      const firstChangeRows = (await tableOf(page, "firstChange")).slice(1);
      expect(firstChangeRows.map((row) => row[0])).toEqual(expect.arrayContaining(months));
      for (const month of months) {
        const inMonth = made.filter((row) => dayOf(row).startsWith(month));
        const waits = inMonth
          .filter((row) => row.firstChangeAt)
          .map((row) => (Date.parse(row.firstChangeAt!) - Date.parse(row.submittedAt)) / DAY)
          .sort((a, b) => a - b);
        const shown = (value: number | null) => (value === null ? "–" : decimal.format(Math.round(value * 10) / 10));
        expect(firstChangeRows.find((row) => row[0] === month)).toEqual([
          month,
          String(inMonth.length),
          String(waits.length),
          shown(waits.length ? quantile(waits, 0.5) : null),
          shown(waits.length ? quantile(waits, 0.9) : null),
        ]);
      }

      // By referral source, by county, by reason: largest first.
      const counted = (keys: string[]) => {
        const counts = new Map<string, number>();
        for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
        return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
      };
      const sources = await labels("References", lang);
      const counties = await labels("Counties", lang);
      expect((await tableOf(page, "source")).slice(1)).toEqual(
        counted(made.map((row) => row.source)).map(([code, count]) => [sources.get(code), String(count)]),
      );
      expect((await tableOf(page, "county")).slice(1)).toEqual(
        counted(made.map((row) => row.county)).map(([code, count]) => [counties.get(code), String(count)]),
      );
      const reasons = made.flatMap((row) => row.reasons ?? []);
      const reasonRows = (await tableOf(page, "reason")).slice(1);
      expect(reasonRows.map((row) => Number(row[2])).reduce((sum, count) => sum + count, 0)).toBe(reasons.length);
      const concerns = await labels("RefReasons_ConcernsDevelopmental", lang);
      expect(reasonRows[0].slice(1)).toEqual([concerns.get("1"), "2"]);

      // By the child's age in months on the day the referral was submitted: 0 to 35.
      const ages = new Map([
        [6, 2],
        [20, 1],
        [33, 1],
        [0, 1],
      ]);
      expect((await tableOf(page, "age")).slice(1)).toEqual(
        Array.from({ length: 36 }, (_, months) => [String(months), String(ages.get(months) ?? 0)]),
      );

      // The same weeks stacked by county: the counties named by their most referrals.
      // USWDS hides the radio itself: its label is what a person clicks.
      await page.locator("label", { hasText: text.byCounty }).click();
      await expect(page.getByLabel(text.byCounty)).toBeChecked();
      await page.getByRole("button", { name: text.show }).click();
      await expect(page).toHaveURL(/by=county/);
      const order = counted(made.map((row) => row.county)).map(([code]) => code);
      // As above, the columns are read again until they are the counties, not the statuses of the page before.
      await expect
        .poll(async () => (await tableOf(page, "weekly"))[0]?.slice(1))
        .toEqual([...order.map((code) => counties.get(code)), text.total]);
      const byCounty = await tableOf(page, "weekly");
      expect(byCounty.slice(1)).toEqual(
        weeks.map((start) => {
          const inWeek = made.filter((row) => weekOf(row) === start);
          return [
            start,
            ...order.map((code) => String(inWeek.filter((row) => row.county === code).length)),
            String(inWeek.length),
          ];
        }),
      );
      // Each chart is drawn on the server, named for a screen reader.
      await expect(page.locator("[data-figure=weekly] svg[role=img] title")).toHaveCount(1);
      await expect(page.locator("[data-figure=weekly] svg rect[fill^='url(#']").first()).toBeAttached();

      // The CSV file holds the table under its chart.
      const csvHref = await page.locator("[data-figure=county] a[download]").getAttribute("href");
      const csv = await page.request.get(csvHref!);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const [header, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
      expect(header).toEqual((await tableOf(page, "county"))[0]);
      expect(rows).toEqual((await tableOf(page, "county")).slice(1));

      // The families still waiting a week on: the count is a link to the list of those referrals (this test's two long
      // ago among them). Other tests may submit meanwhile: both are read again until they agree.
      await expect(async () => {
        await page.goto(`/app/insight?lang=${lang}`);
        const link = page.locator("[data-waiting=over7] a");
        const count = Number(/^\d+/.exec((await link.textContent()) ?? "")![0]);
        expect(count).toBeGreaterThanOrEqual(2);
        await link.click();
        await expect(page.locator(".list-count")).toHaveText(new RegExp(` ${count}$`), { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });

      // A period that ends before it begins is refused, saying why.
      await page.goto(`/app/insight?lang=${lang}`);
      await page.getByLabel(text.to, { exact: true }).fill(plus(period.from, -3));
      await page.getByRole("button", { name: text.show }).click();
      await expect(page.locator(".usa-error-message")).toHaveText(text.order);
      // So is a CSV file of such a period: the page says why.
      const refused = await page.request.get(`/app/insight.csv?figure=county&from=${period.to}&to=${period.from}`);
      expect(refused.url()).toContain("/app/insight?");
      expect(await refused.text()).toContain(text.order);
    },
  );

  test(
    `a referrer sees their own referrals per month over the last twelve months (${lang})`,
    { tag },
    async ({ page, context }) => {
      const referrer = await createUser({ signedInBefore: true });
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
      const thisMonth = `${today.slice(0, 7)}-10`;
      const monthAgo = (months: number) => `${monthsBefore(thisMonth, months)}T15:00:00.000Z`;
      await createPastReferrals(referrer, [
        {
          submittedAt: monthAgo(1),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(thisMonth, 14),
        },
        {
          submittedAt: monthAgo(1),
          status: "Eligible",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(thisMonth, 14),
        },
        {
          submittedAt: monthAgo(5),
          status: "Submitted",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(thisMonth, 14),
        },
        // Thirteen months ago: not in the twelve.
        {
          submittedAt: monthAgo(12),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(thisMonth, 20),
        },
      ]);
      // Another referrer's referral is not counted.
      await createPastReferrals(await createUser(), [
        {
          submittedAt: monthAgo(1),
          status: "Received",
          county: "24003",
          source: "1",
          birthdate: monthsBefore(thisMonth, 14),
        },
      ]);

      await signIn(context, referrer);
      await page.goto(`/app/dashboard?lang=${lang}`);
      await expect(page.locator("#figure-trend")).toHaveText(text.trend);
      const counts = (await tableOf(page, "trend")).slice(1).map((row) => Number(row[1]));
      expect(counts).toEqual(Array.from({ length: 12 }, (_, index) => (index === 10 ? 2 : index === 6 ? 1 : 0)));
      await expect(page.locator("#figure-trend-status")).toHaveText(text.now);
      const now = new Map((await tableOf(page, "trend-status")).slice(1).map(([status, count]) => [status, count]));
      expect(now.get(text.statuses[0])).toBe("1");
      expect(now.get(text.statuses[1])).toBe("1");
      expect(now.get(text.statuses[5])).toBe("1");
      expect(now.get(text.statuses[2])).toBe("0");
    },
  );

  test(
    `a child referred by two referrers is shown to administrators only, until one decides it is not the same child (${lang})`,
    { tag },
    async ({ page, context }) => {
      const admin = await createUser({ admin: true, signedInBefore: true });
      const hospital = await createUser({ signedInBefore: true });
      const pediatrician = await createUser({ signedInBefore: true });
      const lastName = `Núñez${Date.now() % 100_000}${lang}`;
      const born = new Date(Date.now() - 200 * DAY).toISOString().slice(0, 10);
      const first = await startReferral(
        hospital,
        (await createChild(hospital, { firstName: "Sofía", lastName, birthdate: born })).id,
      );
      await submitDirectly(hospital, first, { county: "24021" });
      const second = await startReferral(
        pediatrician,
        (await createChild(pediatrician, { firstName: "SOFIA", lastName, birthdate: born })).id,
      );
      await submitDirectly(pediatrician, second, { county: "24021" });
      const id = (wizardPath: string) => Number(/\/referral\/(\d+)\//.exec(wizardPath)![1]);

      // The referrer learns nothing of the other referral.
      await signIn(context, hospital);
      await page.goto(`${first}/review?lang=${lang}`);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.getByText(text.sameChild(id(second)))).toHaveCount(0);

      await context.clearCookies();
      await signIn(context, admin);
      await page.goto(`${first}/review?lang=${lang}`);
      await page.getByRole("link", { name: text.sameChild(id(second)) }).click();
      await expect(page).toHaveURL(new RegExp(`/referral/${id(second)}/`));
      await expect(page.getByRole("link", { name: text.sameChild(id(first)) })).toBeVisible();

      // The submitted list narrowed to them holds both.
      await page.goto(`/app/referrals/submitted?lang=${lang}&sameChild=yes&childName=${encodeURIComponent(lastName)}`);
      await expect(page.locator("main table tbody tr")).toHaveCount(2);
      await expect(page.getByLabel(text.filter)).toHaveValue("yes");

      // "Not the same child": recorded, and silent on both reviews and in the list.
      await page.goto(`${second}/review?lang=${lang}`);
      await page.getByRole("button", { name: text.notSame(id(first)) }).click();
      await expect(page.getByText(text.recorded(id(first)))).toBeVisible();
      await expect(page.getByRole("link", { name: text.sameChild(id(first)) })).toHaveCount(0);
      await page.goto(`${first}/review?lang=${lang}`);
      await expect(page.getByRole("link", { name: text.sameChild(id(second)) })).toHaveCount(0);
      await page.goto(`/app/referrals/submitted?lang=${lang}&sameChild=yes&childName=${encodeURIComponent(lastName)}`);
      await expect(page.locator("main table tbody tr")).toHaveCount(0);
    },
  );
}
