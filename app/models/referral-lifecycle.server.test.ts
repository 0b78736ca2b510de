import { existsSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { CONSENT } from "~/schemas/referral";
import { readOutbox } from "~/test/outbox";
import { ownerStrangerAdmin } from "~/test/people";
import { completeDraft as completeReferralDraft, addChild } from "~/test/referrals";
import { formatDateTimeEastern } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { startReferral } from "./child.server";
import { addDocument } from "./document.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { copyReferral, deleteReferral, IncompleteReferralError, submitReferral } from "./referral-lifecycle.server";
import { getReferralForReview } from "./referral-review.server";
import { dashboardCounts, listStatusUpdates } from "./dashboard.server";
import { REFERRAL_CSV_COLUMNS } from "./referral-csv.server";
import { allReferrals, listReferrals, referralListSpec, type ReferralListKind } from "./referral-list.server";
import { saveAdult } from "./referral-adults.server";
import { chooseRelationship, saveAnswers } from "./referral-answers.server";
import type { CurrentUser } from "./user.server";

// The referral after the wizard: review, submit, copy, delete and the lists, on a real SQLite file.

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
let childId: number;

beforeAll(async () => {
  test = await configuredTestDatabase();
  ({ owner, stranger, admin } = await ownerStrangerAdmin(test.db));
  childId = (await addChild(test.db, owner)).id;
});
afterAll(() => test.close());

async function draft() {
  const { id } = await startReferral(test.db, owner, childId);
  return { child: childId, referral: id, user: owner.id };
}

/** A Draft of the child's with every answer the review asks for. */
const completeDraft = () => completeReferralDraft(test.db, owner, childId);

/** A complete Draft with a document, and the name its file is stored under. */
async function completeDraftWithDocument() {
  const ids = await completeDraft();
  const storedName = randomUUID();
  writeFileSync(path.join(test.dir, "uploads", storedName), "%PDF-1.7");
  await addDocument(
    test.db,
    owner,
    ids,
    { description: "Report", isConsent: false },
    { storedName, fileName: "r.pdf", kind: "pdf", contentType: "application/pdf", size: 8 },
  );
  return { ids, storedName };
}

const answers = async (ids: { child: number; referral: number; user: number }) =>
  (await getReferralForReview(test.db, owner, ids, "en")).missing.map((item) => item.answer);

describe("the review", () => {
  it("lists every missing answer of a new referral, one by one, and nothing once it is complete (R148)", async () => {
    expect(await answers(await draft())).toEqual([
      "referrerRelationship",
      "referrerFirstName",
      "referrerLastName",
      "gender",
      "primaryLanguage",
      "address",
      "gestationalAge",
      "adults",
      "familyPrimaryLanguage",
      "familyNeedsInterpreter",
      "childInFosterCare",
      "reasons",
      "consent",
    ]);
    expect(await answers(await completeDraft())).toEqual([]);
  });

  it("asks for a phone for each adult (one kept without, as before R147), and for the consent form when consent is yes", async () => {
    const ids = await completeDraft();
    const { id } = await saveAdult(test.db, owner, ids, null, {
      firstName: "Juan",
      lastName: "Pérez",
      childRelationship: "2",
      homePhoneNumber: { areaCode: "410", prefix: "555", suffix: "0009" },
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
    await test.db.updateTable("adults").set({ home_phone_id: null }).where("id", "=", id).execute();
    await saveAnswers(test.db, owner, ids, { childParentConsent: CONSENT.yes });
    expect((await getReferralForReview(test.db, owner, ids, "en")).missing).toEqual([
      { section: "adultPhone", answer: "adultPhone", name: "Juan Pérez", adult: id },
      { section: "consentDocument", answer: "consentDocument" },
    ]);
  });

  it("asks the follow-up questions the relationship asks that wait unanswered (R150)", async () => {
    const ids = await completeDraft();
    expect(
      await chooseRelationship(test.db, owner, ids, {
        referrerRelationship: "4",
        familyApproval: "yes",
        isHospitalBirth: "yes",
      }),
    ).toEqual({
      unanswered: ["isCAPTA"],
    });
    expect(await answers(ids)).toEqual(["isCAPTA"]);
    // The hospital's question is not asked of social services: not kept.
    const row = await test.db
      .selectFrom("referrals")
      .select(["family_approval", "is_hospital_birth"])
      .where("id", "=", ids.referral)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ family_approval: 1, is_hospital_birth: null });
    // The other door stays whole: saveAnswers (the API's) refuses the relationship without its answers.
    await expect(saveAnswers(test.db, owner, ids, { referrerRelationship: "3" })).rejects.toMatchObject({
      fieldErrors: { isHospitalBirth: ["validation.isHospitalBirth"] },
    });
    await chooseRelationship(test.db, owner, ids, { referrerRelationship: "4", familyApproval: "yes", isCAPTA: "no" });
    expect(await answers(ids)).toEqual([]);
  });

  it("shows labels in the reader's language, and what the reader may do", async () => {
    const ids = await completeDraft();
    const english = await getReferralForReview(test.db, owner, ids, "en");
    const spanish = await getReferralForReview(test.db, admin, ids, "es");
    expect(english.childInfo.language).toBe("Spanish");
    expect(spanish.childInfo.language).toBe("Español");
    expect(english.family.adults[0]).toMatchObject({ name: "Rosa Pérez", phones: { home: "301-555-0003" } });
    expect(english.can).toEqual({ edit: true, submit: true, delete: true, copy: true });
    expect(spanish.can).toEqual({ edit: false, submit: false, delete: false, copy: false });
    await expect(getReferralForReview(test.db, stranger, ids, "en")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getReferralForReview(test.db, owner, { ...ids, child: ids.child + 1 }, "en")).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("submitting", () => {
  it("is refused while anything is missing, and changes nothing", async () => {
    const ids = await draft();
    const refused = await submitReferral(test.db, owner, ids.referral).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompleteReferralError);
    expect((refused as IncompleteReferralError).missing.map((item) => item.section)).toContain("reasons");
    const row = await test.db
      .selectFrom("referrals")
      .select(["status", "submission_date"])
      .where("id", "=", ids.referral)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "Draft", submission_date: null });
  });

  it("submits once under two requests at the same time", async () => {
    const ids = await completeDraft();
    const outcomes = await Promise.all([
      submitReferral(test.db, owner, ids.referral),
      submitReferral(test.db, owner, ids.referral),
    ]);
    expect(outcomes.map((outcome) => outcome.submitted).sort()).toEqual([false, true]);
    // One confirmation e-mail, sent by the model (so the JSON API's submit mails as the page's does).
    const mails = readOutbox(path.join(test.dir, "outbox"), "owner@example.com").filter((mail) =>
      mail.text.includes(`/referral/${ids.referral}/`),
    );
    expect(mails).toHaveLength(1);
    // Named by its number in the subject, which lock screens and mail servers' logs show; the child in the body only.
    expect(mails[0].subject).toBe(`Your referral ${ids.referral} was submitted`);
    expect(mails[0].text).toContain("Lucía Pérez");
    const row = await test.db
      .selectFrom("referrals")
      .selectAll()
      .where("id", "=", ids.referral)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Submitted");
    expect(row.submission_date).toBe(row.status_updated_at);
    expect(row.submission_date).not.toBeNull();
    // When it was sent, in US Eastern time as the confirmation page writes it (docs/product-rules.md R29).
    expect(mails[0].text).toContain(`on ${formatDateTimeEastern(row.submission_date!, "en")} (Eastern time)`);
  });

  it("is the creator's alone: administrators are refused, anyone else is told it does not exist", async () => {
    const ids = await completeDraft();
    await expect(submitReferral(test.db, admin, ids.referral)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(submitReferral(test.db, stranger, ids.referral)).rejects.toBeInstanceOf(NotFoundError);
    await expect(copyReferral(test.db, admin, ids.referral)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(copyReferral(test.db, stranger, ids.referral)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteReferral(test.db, admin, ids.referral)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteReferral(test.db, stranger, ids.referral)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveAnswers(test.db, admin, ids, { additionalDetails: "x" })).rejects.toBeInstanceOf(ForbiddenError);
    expect(
      (await test.db.selectFrom("referrals").select("status").where("id", "=", ids.referral).executeTakeFirstOrThrow())
        .status,
    ).toBe("Draft");
  });
});

describe("copying", () => {
  it("makes a Draft with every answer, the adults (their own phones), address, races and reasons, not the documents", async () => {
    const { ids } = await completeDraftWithDocument();
    await submitReferral(test.db, owner, ids.referral);

    const copy = await copyReferral(test.db, owner, ids.referral);
    const copyIds = { child: copy.childId, referral: copy.id, user: owner.id };
    const [source, copied] = await Promise.all([
      getReferralForReview(test.db, owner, ids, "en"),
      getReferralForReview(test.db, owner, copyIds, "en"),
    ]);
    expect(copied.status).toBe("Draft");
    expect(copied.hasBeenCopied).toBe(true);
    expect(copied.submissionDate).toBeNull();
    for (const part of ["referrer", "childInfo", "family", "reasons", "consent", "additionalDetails"] as const)
      expect(copied[part]).toEqual(source[part]);
    expect(copied.documents).toEqual([]);
    const phones = async (referral: number) =>
      (await test.db.selectFrom("adults").select("home_phone_id").where("referral_id", "=", referral).execute()).map(
        (row) => row.home_phone_id,
      );
    expect(await phones(copy.id)).not.toEqual(await phones(ids.referral));
  });
});

describe("deleting", () => {
  it("removes a Draft with its adults, phones and document files; a submitted referral stays", async () => {
    const { ids, storedName } = await completeDraftWithDocument();
    const phoneIds = (
      await test.db.selectFrom("adults").select("home_phone_id").where("referral_id", "=", ids.referral).execute()
    ).map((row) => row.home_phone_id!);
    await deleteReferral(test.db, owner, ids.referral);
    expect(
      await test.db.selectFrom("referrals").select("id").where("id", "=", ids.referral).executeTakeFirst(),
    ).toBeUndefined();
    expect(await test.db.selectFrom("phone_numbers").select("id").where("id", "in", phoneIds).execute()).toEqual([]);
    expect(existsSync(path.join(test.dir, "uploads", storedName))).toBe(false);

    const submitted = await completeDraft();
    await submitReferral(test.db, owner, submitted.referral);
    await expect(deleteReferral(test.db, owner, submitted.referral)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("the lists", () => {
  const list = (actor: CurrentUser, kind: ReferralListKind, search = "", ownerId?: number) =>
    listReferrals(
      test.db,
      actor,
      kind,
      parseListQuery(new URLSearchParams(search), referralListSpec(kind), "en"),
      ownerId,
    );

  it("drafts and submitted are apart; a referrer sees their own, administrators everyone's", async () => {
    const mine = await list(owner, "drafts", "count=50");
    expect(mine.data.every((row) => row.status === "Draft" && row.createdById === owner.id)).toBe(true);
    const submitted = await list(owner, "submitted", "count=50");
    expect(submitted.total).toBeGreaterThan(0);
    expect(submitted.data.every((row) => row.status !== "Draft")).toBe(true);
    expect((await list(stranger, "drafts")).total).toBe(0);
    expect((await list(admin, "drafts")).total).toBe(mine.total);
  });

  it("sort drafts by last change and the rest by status change, newest first", async () => {
    const drafts = (await list(owner, "drafts", "count=50")).data.map((row) => row.updatedAt);
    expect(drafts).toEqual([...drafts].sort().reverse());
    const changes = (await list(owner, "submitted", "count=50")).data.map((row) => row.statusUpdatedAt);
    expect(changes).toEqual([...changes].sort().reverse());
  });

  it("filter by status, county, completed by, and 'never updated'", async () => {
    const ids = await completeDraft();
    await submitReferral(test.db, owner, ids.referral);
    await test.db
      .updateTable("referrals")
      .set({ status: "Eligible", status_updated_at: new Date().toISOString() })
      .where("id", "=", ids.referral)
      .execute();
    expect((await list(owner, "submitted", "status=Eligible")).data.map((row) => row.id)).toEqual([ids.referral]);
    expect((await list(owner, "submitted", "county=24003&count=50")).data.every((row) => row.county === "24003")).toBe(
      true,
    );
    expect((await list(admin, "submitted", "completedByEmail=owner@")).total).toBe(
      (await list(owner, "submitted")).total,
    );
    expect((await list(admin, "submitted", "completedByEmail=nobody@")).total).toBe(0);
    const untouched = await draft();
    const never = (await list(owner, "drafts", "updatedAtType=never&count=50")).data.map((row) => row.id);
    expect(never).toContain(untouched.referral);
    expect(never).not.toContain(ids.referral);
  });

  it("one user's list is for administrators only", async () => {
    expect((await list(admin, "user", "", owner.id)).total).toBeGreaterThan(0);
    await expect(list(owner, "user", "", owner.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the export reads the filtered list, in its order, whatever its length", async () => {
    for (const search of ["", "sort=childName&order=asc", "status=Submitted", "updatedAtType=never"]) {
      const query = parseListQuery(new URLSearchParams(`${search}&count=50`), referralListSpec("submitted"), "en");
      const shown = (await listReferrals(test.db, owner, "submitted", query)).data.map((row) => row.id);
      const exported: number[] = [];
      for await (const page of allReferrals(test.db, owner, "submitted", query))
        exported.push(...page.map((row) => row.id));
      expect(exported, search).toEqual(shown);
    }
  });

  it("the CSV has 35 columns", () => {
    expect(REFERRAL_CSV_COLUMNS).toHaveLength(35);
    expect(new Set(REFERRAL_CSV_COLUMNS).size).toBe(35);
  });

  it("status updates are the referrer's referrals changed after submission; the dashboard counts them", async () => {
    const updates = await listStatusUpdates(test.db, owner, { page: 1, count: 10 });
    expect(updates.total).toBeGreaterThan(0);
    expect(updates.data.every((row) => row.status !== "Draft" && row.status !== "Submitted")).toBe(true);
    const counts = await dashboardCounts(test.db, owner);
    expect(counts).toMatchObject({ statusUpdates: updates.total, children: 1, users: null });
    expect((await dashboardCounts(test.db, admin)).users).toBe(3);
  });
});
