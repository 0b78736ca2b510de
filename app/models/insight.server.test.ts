import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as referralFiguresMigration from "../../db/migrations/2026-11-25T01-referral-figures";
import * as programFiguresMigration from "../../db/migrations/2026-11-28T01-program-figures";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { ownerStrangerAdmin } from "~/test/people";
import { completeDraft } from "~/test/referrals";
import { dateAfterMonths } from "~/utils/child-age";
import { easternCalendarDate, shiftDate } from "~/utils/dates";
import { defaultInsightPeriod } from "~/utils/insight-period";
import { createChild } from "./child.server";
import { ForbiddenError } from "./errors";
import { keepReferralFigures, programInsight, referrerTrend } from "./insight.server";
import { recordStatusChange } from "./referral-status.server";
import { submitReferral } from "./referral-lifecycle.server";
import type { CurrentUser } from "./user.server";

// The program's figures (docs/product-rules.md R127) and a referrer's trend (R128) on a real database: counted from
// the rows the submit and the status changes keep, by Maryland calendar day, for administrators only.

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
const today = easternCalendarDate();
const DAY = 86_400_000;
/** This month's day `day`, or today's day when that is past the 28th (every month has it). */
const thisMonthOn = (day = Math.min(Number(today.slice(8)), 28)) =>
  `${today.slice(0, 8)}${String(day).padStart(2, "0")}`;

beforeAll(async () => {
  test = await configuredTestDatabase();
  ({ owner, stranger, admin } = await ownerStrangerAdmin(test.db));
});
afterAll(() => test.close());

/** A referral submitted today through the models, of a child `months` months old. */
async function submitNow(by: CurrentUser, { months = 7, county = "24003", relationship = "1" } = {}) {
  const birthdate = dateAfterMonths(thisMonthOn(), -months);
  const child = await createChild(test.db, by, {
    id: null,
    firstName: "Lucía",
    lastName: "Pérez",
    birthdate,
    stateOfResidence: "21",
  });
  const ids = await completeDraft(test.db, by, child.id, { county, relationship });
  expect(await submitReferral(test.db, by, ids.referral)).toEqual({ submitted: true, status: "Submitted" });
  return ids.referral;
}

/**
 * A referral submitted long ago (the submit through the models, then its dates moved back) and, when given, the
 * program's first status change that many days after; its row of figures made again as the writes make it.
 */
async function submittedAt(
  at: string,
  { firstChangeAfterDays, by = owner }: { firstChangeAfterDays?: number; by?: CurrentUser } = {},
) {
  const id = await submitNow(by);
  await test.db
    .updateTable("referrals")
    .set({ submission_date: at, status_updated_at: at })
    .where("id", "=", id)
    .execute();
  if (firstChangeAfterDays !== undefined) {
    const changedAt = new Date(Date.parse(at) + firstChangeAfterDays * DAY).toISOString();
    await test.db
      .insertInto("referral_status_history")
      .values({
        referral_id: id,
        from_status: "Submitted",
        to_status: "Received",
        changed_by_id: admin.id,
        changed_at: changedAt,
      })
      .execute();
    await test.db
      .updateTable("referrals")
      .set({ status: "Received", status_updated_at: changedAt })
      .where("id", "=", id)
      .execute();
  }
  await keepReferralFigures(test.db, [id]);
  return id;
}

describe("programInsight", () => {
  it("counts a referral from its submit, by week, county, source, reason and age, and moves it with each status recorded", async () => {
    const period = defaultInsightPeriod(today);
    const before = await programInsight(test.db, admin, period, today);
    const id = await submitNow(owner, { months: 7, county: "24021", relationship: "7" });

    const after = await programInsight(test.db, admin, period, today);
    expect(after.total).toBe(before.total + 1);
    const thisWeek = after.weeks.at(-1)!;
    expect(thisWeek.byStatus.Submitted - before.weeks.at(-1)!.byStatus.Submitted).toBe(1);
    expect(thisWeek.byCounty["24021"]).toBe((before.weeks.at(-1)!.byCounty["24021"] ?? 0) + 1);
    expect(after.bySource["7"]).toBe((before.bySource["7"] ?? 0) + 1);
    expect(after.byAgeMonths[7]).toBe(before.byAgeMonths[7] + 1);
    const reason = (insight: typeof after, type: string) =>
      insight.byReason.find((one) => one.type === type && one.code === "1")?.count ?? 0;
    expect(reason(after, "RefReasons_ConcernsDevelopmental")).toBe(
      reason(before, "RefReasons_ConcernsDevelopmental") + 1,
    );
    expect(reason(after, "FailedScreenings")).toBe(reason(before, "FailedScreenings") + 1);
    const thisMonth = (insight: typeof after) =>
      insight.firstChange.find((month) => month.month === today.slice(0, 7))!;
    expect(thisMonth(after)).toMatchObject({
      submitted: thisMonth(before).submitted + 1,
      changed: thisMonth(before).changed,
    });

    const first = await recordStatusChange(test.db, admin, id, { status: "Received" });
    await recordStatusChange(test.db, admin, id, { status: "Eligible" });
    const changed = await programInsight(test.db, admin, period, today);
    expect(changed.weeks.at(-1)!.byStatus).toMatchObject({
      Submitted: before.weeks.at(-1)!.byStatus.Submitted,
      Eligible: before.weeks.at(-1)!.byStatus.Eligible + 1,
    });
    expect(thisMonth(changed).changed).toBe(thisMonth(before).changed + 1);
    // The wait is to the first status recorded, not the latest.
    const row = await test.db
      .selectFrom("referral_figures")
      .selectAll()
      .where("referral_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "Eligible",
      first_change_at: first.at,
      submitted_day: today,
      county: "24021",
      source: "7",
      age_months: 7,
    });
  });

  it("is for administrators only", async () => {
    await expect(programInsight(test.db, owner, defaultInsightPeriod(today), today)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("counts a referral on its Maryland calendar day, in the week that begins on that Sunday", async () => {
    // 11:30 p.m. on Saturday 1 March 2025 in Maryland, then 12:30 a.m. on Sunday 2 March.
    await submittedAt("2025-03-02T04:30:00.000Z");
    await submittedAt("2025-03-02T05:30:00.000Z");
    const saturday = await programInsight(test.db, admin, { from: "2025-02-23", to: "2025-03-01" }, today);
    expect(saturday.total).toBe(1);
    expect(saturday.weeks.map((week) => [week.start, week.total])).toEqual([["2025-02-23", 1]]);
    const both = await programInsight(test.db, admin, { from: "2025-02-27", to: "2025-03-03" }, today);
    expect(both.weeks.map((week) => [week.start, week.total])).toEqual([
      ["2025-02-23", 1],
      ["2025-03-02", 1],
    ]);
    expect(both.firstChange.map((month) => [month.month, month.submitted])).toEqual([
      ["2025-02", 0],
      ["2025-03", 2],
    ]);
  });

  it("gives the median and 90th percentile of the days to the first status change, month by month", async () => {
    for (const days of [10, 1, 3, 2]) await submittedAt("2025-05-05T15:00:00.000Z", { firstChangeAfterDays: days });
    await submittedAt("2025-06-10T15:00:00.000Z");
    const insight = await programInsight(test.db, admin, { from: "2025-05-01", to: "2025-06-30" }, today);
    expect(insight.firstChange).toEqual([
      // Between the two middle waits; nine tenths of the way from the third to the fourth: 3 + 0.7 × 7.
      { month: "2025-05", submitted: 4, changed: 4, medianDays: 2.5, p90Days: 7.9 },
      { month: "2025-06", submitted: 1, changed: 0, medianDays: null, p90Days: null },
    ]);
    expect(insight.weeks.reduce((sum, week) => sum + week.byStatus.Received, 0)).toBe(4);
    expect(insight.byAgeMonths.reduce((sum, count) => sum + count, 0)).toBe(5);
  });

  it("counts the referrals still without a status a week and a fortnight after they were submitted", async () => {
    const waiting = async () => (await programInsight(test.db, admin, defaultInsightPeriod(today), today)).waiting;
    const before = await waiting();
    expect(before.over7.before).toBe(shiftDate(today, -7));
    const daysAgo = (days: number) => `${shiftDate(today, -days)}T17:00:00.000Z`;
    await submittedAt(daysAgo(8));
    await submittedAt(daysAgo(15));
    await submittedAt(daysAgo(20), { firstChangeAfterDays: 1 });
    const after = await waiting();
    expect([after.over7.count - before.over7.count, after.over14.count - before.over14.count]).toEqual([2, 1]);
  });

  it("makes, when the database is brought up to date, the rows the submits and status changes keep", async () => {
    const kept = await test.db.selectFrom("referral_figures").selectAll().orderBy("referral_id").execute();
    expect(kept.length).toBeGreaterThanOrEqual(10);
    await programFiguresMigration.down(test.db);
    await referralFiguresMigration.down(test.db);
    await referralFiguresMigration.up(test.db);
    await programFiguresMigration.up(test.db);
    expect(await test.db.selectFrom("referral_figures").selectAll().orderBy("referral_id").execute()).toEqual(kept);
  });
});

describe("referrerTrend", () => {
  it("counts the asker's own referrals per month over the last twelve months, and where they are now", async () => {
    const mine = await referrerTrend(test.db, stranger, today);
    expect(mine.months).toHaveLength(12);
    expect(mine.months.at(-1)!.month).toBe(today.slice(0, 7));
    const id = await submitNow(stranger);
    await submittedAt(`${dateAfterMonths(thisMonthOn(15), -3)}T15:00:00.000Z`, {
      by: stranger,
      firstChangeAfterDays: 1,
    });
    // Twelve months back is not in the twelve.
    await submittedAt(`${dateAfterMonths(thisMonthOn(15), -12)}T15:00:00.000Z`, { by: stranger });
    await recordStatusChange(test.db, admin, id, { status: "Processed" });
    const after = await referrerTrend(test.db, stranger, today);
    expect(after.months.map((month) => month.submitted)).toEqual(
      mine.months.map((month, index) => month.submitted + (index === 11 || index === 8 ? 1 : 0)),
    );
    expect(after.byStatus).toEqual({
      ...mine.byStatus,
      Processed: mine.byStatus.Processed + 1,
      Received: mine.byStatus.Received + 1,
    });
    // The owner's referrals, many of them, are not the stranger's.
    expect(after.months.reduce((sum, month) => sum + month.submitted, 0)).toBe(2);
  });
});
