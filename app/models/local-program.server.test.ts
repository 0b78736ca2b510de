import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredTestDatabase } from "~/test/database";
import { readOutbox } from "~/test/outbox";
import { addPerson } from "~/test/people";
import { addStaff, addSuperAdmin, CALVERT, HOWARD, keepPrograms } from "~/test/programs";
import { addChild, completeDraft, submittedIn as submittedReferralIn } from "~/test/referrals";
import { parseListQuery } from "~/utils/list";
import { easternCalendarDate, easternDayStart, shiftDate } from "~/utils/dates";
import type { TestDatabase } from "../../db/testing";
import { recordStatusChange } from "./referral-status.server";
import { submitReferral } from "./referral-lifecycle.server";
import { getReferralForReview } from "./referral-review.server";
import { dashboardCounts, listStatusUpdates, waitingQueue } from "./dashboard.server";
import { listReferrals, referralListSpec } from "./referral-list.server";
import { NoProgramError } from "./local-program.server";
import { setStaffPrograms } from "./program-staff.server";
import { referralProgramPanel, transferReferral } from "./referral-program.server";
import { programInsight } from "./insight.server";
import { generateReferralReport, listReports, reportFile } from "./report.server";
import { getCurrentUser, type CurrentUser } from "./user.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";

// The local programs in the models (docs/product-rules.md R137-R142), against a real SQLite file: the mail a submit
// sends, "Opened by", the 45 days, and the reads a program's staff make of lists, counts, reports and figures.

let test: TestDatabase;
let referrer: CurrentUser;
let superAdmin: CurrentUser;
let admin: CurrentUser;
let howardStaff: CurrentUser;
let calvertStaff: CurrentUser;
let programs: Record<string, number>;
const outbox = () => readOutbox(path.join(test.dir, "outbox"));
const t = ((key: string) => key) as never;

/** Referrals waiting for a first status outside Howard and Calvert, counted straight from the table. */
async function waitingElsewhere() {
  const row = await test.db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "Submitted")
    .where((eb) =>
      eb.or([
        eb("local_program_id", "is", null),
        eb("local_program_id", "not in", [programs[HOWARD], programs[CALVERT]]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const submittedIn = (county: string, options: Parameters<typeof submittedReferralIn>[3] = {}) =>
  submittedReferralIn(test.db, referrer, county, options);

beforeAll(async () => {
  test = await configuredTestDatabase();
  programs = await keepPrograms(test.db, {
    [HOWARD]: {
      approved_domains: "howard.example.org",
      intake_email: "intake@howard.example.org",
      phone: "410-313-0000",
    },
    [CALVERT]: { approved_domains: "calvert.example.org" },
  });
  referrer = await addPerson(test.db, "nurse@example.com");
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  superAdmin = await addSuperAdmin(test.db, "boss@maryland.gov");
  howardStaff = await addStaff(test.db, superAdmin, "hana@howard.example.org", programs[HOWARD]);
  calvertStaff = await addStaff(test.db, superAdmin, "cal@calvert.example.org", programs[CALVERT]);
});
afterAll(() => test.close());
describe("what a submit sends (R137, R142)", () => {
  it("mails the program's intake address the number and a link, without the child's or the family's name", async () => {
    const { referral, lastName } = await submittedIn(HOWARD);
    const mails = outbox().filter(
      (mail) => mail.to === "intake@howard.example.org" && mail.subject.includes(String(referral)),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/app/child/`);
    expect(`${mails[0].subject} ${mails[0].text}`).not.toMatch(new RegExp(`${lastName}|Lucía|Rosa|Pérez`));
  });

  it("tells the family in Spanish when Spanish is its language, in English otherwise, and only when someone else referred with its approval", async () => {
    await submittedIn(HOWARD, { relationship: "5", familyEmail: "marta@example.net", language: "2" });
    const [spanish] = outbox().filter((mail) => mail.to === "marta@example.net");
    expect(spanish.language).toBe("es");
    expect(spanish.text).toContain("Programa de Bebés y Niños Pequeños: Condado de Howard");
    expect(spanish.text).toContain("410-313-0000");
    expect(spanish.text).toContain("No le cuesta nada");

    await submittedIn(HOWARD, { relationship: "5", familyEmail: "amhara@example.net", language: "1" });
    expect(
      outbox()
        .filter((mail) => mail.to === "amhara@example.net")
        .map((mail) => mail.language),
    ).toEqual(["en"]);

    // A parent who refers their own child is not told again.
    await submittedIn(HOWARD, { familyEmail: "parent@example.net" });
    expect(outbox().filter((mail) => mail.to === "parent@example.net")).toEqual([]);
  });

  it("refuses a county no program serves, and nothing is submitted", async () => {
    const child = await addChild(test.db, referrer);
    const ids = await completeDraft(test.db, referrer, child.id, { county: HOWARD });
    const address = await test.db
      .selectFrom("referrals")
      .select("address_id")
      .where("id", "=", ids.referral)
      .executeTakeFirstOrThrow();
    await test.db.updateTable("addresses").set({ county: "24999" }).where("id", "=", address.address_id!).execute();
    await expect(submitReferral(test.db, referrer, ids.referral)).rejects.toBeInstanceOf(NoProgramError);
    expect(
      await test.db
        .selectFrom("referrals")
        .select(["status", "local_program_id"])
        .where("id", "=", ids.referral)
        .executeTakeFirst(),
    ).toEqual({
      status: "Draft",
      local_program_id: null,
    });
  });
});

describe("opened by its program (R140)", () => {
  it("is kept at the first look of its program's staff, not an administrator's, and shows in the referrer's status updates", async () => {
    const { referral, child, user } = await submittedIn(HOWARD);
    const ids = { referral, child, user };
    const updates = async () =>
      (await listStatusUpdates(test.db, referrer, { page: 1, count: 100 })).data.find((row) => row.id === referral);
    expect(await updates()).toBeUndefined();
    await getReferralForReview(test.db, admin, ids, "en");
    expect((await referralProgramPanel(test.db, referrer, referral, "en"))!.opened).toBeNull();
    await getReferralForReview(test.db, howardStaff, ids, "en");
    const first = (await referralProgramPanel(test.db, referrer, referral, "es"))!.opened;
    expect(first).toMatchObject({ program: "Programa de Bebés y Niños Pequeños: Condado de Howard" });
    await getReferralForReview(test.db, howardStaff, ids, "en");
    expect((await referralProgramPanel(test.db, referrer, referral, "es"))!.opened).toEqual(first);
    expect(await updates()).toMatchObject({
      status: "Submitted",
      openedAt: first!.at,
      openedByName: "Howard County Infants and Toddlers Program",
    });
    // What the program alone sees of it: its moves and where it may go.
    expect((await referralProgramPanel(test.db, referrer, referral, "en"))!).toMatchObject({
      transfers: null,
      transferTo: null,
    });
    expect((await referralProgramPanel(test.db, howardStaff, referral, "en"))!.transferTo).toHaveLength(23);
  });
});

describe("the 45 days (R141)", () => {
  it("count from the day of submission, stop at Eligible, and the list filters those past a number of days", async () => {
    const { referral } = await submittedIn(HOWARD);
    // Noon in Maryland forty calendar days ago: 40 × 24 hours back from late evening would cross a daylight saving
    // change or midnight and land on the 39th or 41st day.
    const fortyDaysAgo = new Date(
      Date.parse(easternDayStart(shiftDate(easternCalendarDate(), -40))) + 12 * 3_600_000,
    ).toISOString();
    await test.db.updateTable("referrals").set({ submission_date: fortyDaysAgo }).where("id", "=", referral).execute();
    const panel = (await referralProgramPanel(test.db, howardStaff, referral, "en"))!;
    expect(panel.timeline).toMatchObject({
      day: 40,
      endsOn: shiftDate(easternCalendarDate(new Date(fortyDaysAgo)), 45),
      overdue: false,
      determinedOn: null,
    });

    const past = async (days: string) => {
      const query = parseListQuery(
        new URLSearchParams({ pastDays: days, count: "100" }),
        referralListSpec("submitted"),
        "en",
      );
      return (await listReferrals(test.db, howardStaff, "submitted", query)).data.map((row) => row.id);
    };
    expect(await past("30")).toContain(referral);
    expect(await past("45")).not.toContain(referral);
    await recordStatusChange(test.db, howardStaff, referral, { status: "Eligible" });
    expect(await past("30")).not.toContain(referral);
    const determined = (await referralProgramPanel(test.db, howardStaff, referral, "en"))!.timeline!;
    expect(determined).toMatchObject({ determinedOn: easternCalendarDate(), overdue: false });
  });
});

describe("what a program's staff read (R137)", () => {
  it("count, list and chart their programs' submitted referrals only", async () => {
    const { referral: howardReferral } = await submittedIn(HOWARD);
    const { referral: calvertReferral } = await submittedIn(CALVERT);
    const query = parseListQuery(new URLSearchParams({ count: "100" }), referralListSpec("submitted"), "en");
    const howardIds = (await listReferrals(test.db, howardStaff, "submitted", query)).data.map((row) => row.id);
    expect(howardIds).toContain(howardReferral);
    expect(howardIds).not.toContain(calvertReferral);
    const counts = await dashboardCounts(test.db, howardStaff);
    expect(counts).toMatchObject({ drafts: 0, children: null, users: null, statusUpdates: 0 });
    expect(counts.submitted).toBe(howardIds.length);
    // Their drafts list holds no one's Draft, and another person's list is not theirs.
    expect(
      (
        await listReferrals(
          test.db,
          howardStaff,
          "drafts",
          parseListQuery(new URLSearchParams(), referralListSpec("drafts"), "en"),
        )
      ).total,
    ).toBe(0);
    await expect(listReferrals(test.db, howardStaff, "user", query, referrer.id)).rejects.toBeInstanceOf(NotFoundError);

    const today = easternCalendarDate();
    const period = { from: shiftDate(today, -60), to: today };
    const mine = await programInsight(test.db, howardStaff, period, today);
    const all = await programInsight(test.db, admin, period, today);
    expect(mine.total).toBe(howardIds.filter(Boolean).length);
    expect(all.total).toBeGreaterThan(mine.total);
    expect(new Set(mine.timeline.map((row) => row.programId))).toEqual(new Set([programs[HOWARD]]));
    await expect(programInsight(test.db, referrer, period, today)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("their queue counts their programs' referrals waiting for a first status, the oldest in Maryland days (R157)", async () => {
    const today = easternCalendarDate();
    const before = (await waitingQueue(test.db, calvertStaff, today))!;
    const old = await submittedIn(CALVERT);
    const recent = await submittedIn(CALVERT);
    const answered = await submittedIn(CALVERT);
    const howard = await submittedIn(HOWARD);
    // Waiting since 12 days ago at noon in Maryland; the others were submitted today.
    await test.db
      .updateTable("referrals")
      .set({
        submission_date: new Date(Date.parse(easternDayStart(shiftDate(today, -12))) + 12 * 3_600_000).toISOString(),
      })
      .where("id", "=", old.referral)
      .execute();
    await recordStatusChange(test.db, calvertStaff, answered.referral, { status: "Received" });
    const queue = (await waitingQueue(test.db, calvertStaff, today))!;
    expect(queue.count).toBe(before.count + 2);
    expect(queue.oldestDays).toBeGreaterThanOrEqual(12);
    expect(queue.oldestDay! <= shiftDate(today, -12)).toBe(true);
    // The dashboard says the same; the submitted list so filtered shows the same referrals, theirs only.
    expect((await dashboardCounts(test.db, calvertStaff)).waiting).toEqual(queue);
    const waiting = parseListQuery(
      new URLSearchParams({ status: "Submitted", count: "100" }),
      referralListSpec("submitted"),
      "en",
    );
    const listed = (await listReferrals(test.db, calvertStaff, "submitted", waiting)).data.map((row) => row.id);
    expect(listed).toHaveLength(queue.count);
    expect(listed).toEqual(expect.arrayContaining([old.referral, recent.referral]));
    expect(listed).not.toContain(answered.referral);
    expect(listed).not.toContain(howard.referral);
    // Howard's staff do not count Calvert's; an administrator counts everyone's; a referrer has no queue.
    const howardQueue = (await waitingQueue(test.db, howardStaff, today))!;
    const all = (await waitingQueue(test.db, admin, today))!;
    expect(all.count).toBe(howardQueue.count + queue.count + (await waitingElsewhere()));
    expect(all.oldestDays).toBeGreaterThanOrEqual(queue.oldestDays!);
    expect(await waitingQueue(test.db, referrer, today)).toBeNull();
    expect((await dashboardCounts(test.db, referrer)).waiting).toBeNull();
  });

  it("make reports of their programs' referrals that only they download", async () => {
    await submittedIn(CALVERT);
    const { fileName, rows } = await generateReferralReport(
      test.db,
      calvertStaff,
      { statuses: [], format: "csv" } as never,
      "en",
      t,
    );
    const calvertTotal = (
      await listReferrals(
        test.db,
        calvertStaff,
        "submitted",
        parseListQuery(new URLSearchParams(), referralListSpec("submitted"), "en"),
      )
    ).total;
    expect(rows).toBe(calvertTotal);
    const adminReport = await generateReferralReport(test.db, admin, { statuses: [], format: "csv" } as never, "en", t);
    expect((await listReports(test.db, calvertStaff)).map((report) => report.file_name)).toEqual([fileName]);
    await expect(reportFile(test.db, calvertStaff, adminReport.fileName)).rejects.toBeInstanceOf(NotFoundError);
    await expect(reportFile(test.db, howardStaff, fileName)).rejects.toBeInstanceOf(NotFoundError);
    expect((await reportFile(test.db, admin, fileName)).format).toBe("csv");
  });
});

describe("moves and the role (R138, R139)", () => {
  it("refuses a move to the program it is in, by field, and one by another program's staff as not found", async () => {
    const { referral } = await submittedIn(HOWARD);
    await expect(
      transferReferral(test.db, howardStaff, referral, { toProgramId: programs[HOWARD], reason: "x" }),
    ).rejects.toBeInstanceOf(InputError);
    await expect(
      transferReferral(test.db, calvertStaff, referral, { toProgramId: programs[CALVERT], reason: "x" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      transferReferral(test.db, referrer, referral, { toProgramId: programs[CALVERT], reason: "x" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("is not given to an administrator, nor on a domain the program does not approve, nor by an administrator", async () => {
    await expect(setStaffPrograms(test.db, superAdmin, admin.id, [programs[HOWARD]])).rejects.toMatchObject({
      fieldErrors: { localPrograms: ["admin:programs.staff.isAdmin"] },
    });
    const outsider = await addPerson(test.db, "someone@gmail.example");
    await expect(setStaffPrograms(test.db, superAdmin, outsider.id, [programs[HOWARD]])).rejects.toMatchObject({
      fieldErrors: { localPrograms: ["admin:programs.staff.domain"] },
    });
    await expect(setStaffPrograms(test.db, admin, outsider.id, [programs[HOWARD]])).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect((await getCurrentUser(test.db, outsider.id))!.roles).not.toContain("ROLE_LOCAL_PROGRAM");
  });
});
