import { begunDraft } from "~/test/referrals";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { createSession, readSession } from "~/auth/session.server";
import { fixedT } from "~/i18n/i18next.server";
import { readOutbox } from "~/test/outbox";
import { addPerson } from "~/test/people";
import { parseListQuery } from "~/utils/list";
import { verifyEmail } from "./account-token.server";
import {
  NotEligibleError,
  promoteUser,
  promotionProblem,
  resendVerificationEmail,
  sendPasswordReset,
  setUserActive,
} from "./admin-users.server";
import { countListedUsers, listUsers, USER_LIST } from "./user-list.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { accessRecordOf } from "./access-record.server";
import { createReviewLink, referralForReviewToken, revokeReviewLink } from "./referral-admin.server";
import { recordStatusChange, statusHistory } from "./referral-status.server";
import { getReferralForReview, getReferralForReviewLink } from "./referral-review.server";
import { dashboardCounts, listStatusUpdates } from "./dashboard.server";
import { saveAnswers } from "./referral-answers.server";
import type { CurrentUser } from "./user.server";

// Administration against a real SQLite file: users, promotion, status changes, review links and
// the record of access.

let test: TestDatabase;
let admin: CurrentUser;
let referrer: CurrentUser;
let superAdmin: CurrentUser;
const DOMAINS = ["maryland.gov"];

beforeAll(async () => {
  test = await configuredTestDatabase();
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  referrer = await addPerson(test.db, "parent@example.com");
  superAdmin = await addPerson(test.db, "root@maryland.gov", { admin: true });
  await test.db.insertInto("user_roles").values({ user_id: superAdmin.id, role: "ROLE_SUPER_ADMIN" }).execute();
});
afterAll(() => test.close());

const users = (search = "") =>
  listUsers(test.db, admin, parseListQuery(new URLSearchParams(search), USER_LIST, "en"), DOMAINS);

describe("promotion eligibility (R91)", () => {
  const eligible = {
    isAdmin: false,
    hasReferrals: false,
    lastLogin: "2026-11-01T00:00:00Z",
    email: "coordinator@maryland.gov",
  };
  it("needs no referrals, a sign-in, an approved domain, and not being one already", () => {
    expect(promotionProblem(eligible, DOMAINS)).toBeNull();
    expect(promotionProblem({ ...eligible, isAdmin: true }, DOMAINS)).toBe("alreadyAdmin");
    expect(promotionProblem({ ...eligible, hasReferrals: true }, DOMAINS)).toBe("hasReferrals");
    expect(promotionProblem({ ...eligible, lastLogin: null }, DOMAINS)).toBe("neverSignedIn");
    expect(promotionProblem({ ...eligible, email: "coordinator@gmail.com" }, DOMAINS)).toBe("domain");
    expect(promotionProblem({ ...eligible, email: "x@evil-maryland.gov" }, DOMAINS)).toBe("domain");
  });

  it("is checked again when promoting, and promotion is refused with the reason", async () => {
    const never = await addPerson(test.db, "new@maryland.gov");
    await expect(promoteUser(test.db, admin, never.id, DOMAINS)).rejects.toEqual(new NotEligibleError("neverSignedIn"));
    await test.db
      .updateTable("users")
      .set({ last_login: new Date().toISOString() })
      .where("id", "=", never.id)
      .execute();
    await promoteUser(test.db, admin, never.id, DOMAINS);
    const roles = await test.db.selectFrom("user_roles").select("role").where("user_id", "=", never.id).execute();
    expect(roles.map((row) => row.role).sort()).toEqual(["ROLE_ADMIN", "ROLE_USER"]);
    await expect(promoteUser(test.db, admin, never.id, DOMAINS)).rejects.toEqual(new NotEligibleError("alreadyAdmin"));
  });
});

describe("the users list", () => {
  it("never lists super administrators, and filters by name, e-mail and status", async () => {
    const all = await users("count=50");
    expect(all.data.map((row) => row.email)).not.toContain("root@maryland.gov");
    expect(all.data.map((row) => row.email)).toContain("parent@example.com");
    expect((await users("email=parent")).data.map((row) => row.email)).toEqual(["parent@example.com"]);
    expect((await users("status=inactive")).total).toBe(0);
  });

  it("sorts by last sign-in with those never signed in first going up and last going down, on either database (R121)", async () => {
    const signedIn = await addPerson(test.db, "sorted-signed-in@example.com");
    const never = await addPerson(test.db, "sorted-never@example.com");
    await test.db
      .updateTable("users")
      .set({ last_login: "2026-01-02T00:00:00.000Z" })
      .where("id", "=", signedIn.id)
      .execute();
    await test.db.updateTable("users").set({ last_login: null }).where("id", "=", never.id).execute();
    const order = async (direction: string) =>
      (await users(`email=sorted-&sort=lastLogin&order=${direction}`)).data.map((row) => row.email.replace(/@.*/, ""));
    expect(await order("asc")).toEqual(["sorted-never", "sorted-signed-in"]);
    expect(await order("desc")).toEqual(["sorted-signed-in", "sorted-never"]);
  });

  it("is for administrators only", async () => {
    await expect(
      listUsers(test.db, referrer, parseListQuery(new URLSearchParams(), USER_LIST, "en"), DOMAINS),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(setUserActive(test.db, referrer, admin.id, false)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendPasswordReset(test.db, referrer, admin.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(promoteUser(test.db, referrer, referrer.id, DOMAINS)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("deactivating ends the user's sessions at once; activating lets them in again", async () => {
    const person = await addPerson(test.db, "someone@example.com");
    const cookie = (await createSession(test.db, person.id)).split(";")[0];
    const request = new Request("http://localhost/app", { headers: { Cookie: cookie } });
    expect((await readSession(test.db, request)).status).toBe("active");
    await setUserActive(test.db, admin, person.id, false);
    expect((await readSession(test.db, request)).status).not.toBe("active");
    expect((await users("status=inactive")).data.map((row) => row.email)).toEqual(["someone@example.com"]);
    await setUserActive(test.db, admin, person.id, true);
    const row = await test.db
      .selectFrom("users")
      .select(["locked", "enabled", "updated_by_id"])
      .where("id", "=", person.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked: 0, enabled: 1, updated_by_id: admin.id });
  });

  it("shows an account whose e-mail is not verified as Not verified, and filters on it (R90)", async () => {
    const waiting = await addPerson(test.db, "waiting@example.com");
    await test.db.updateTable("users").set({ enabled: 0 }).where("id", "=", waiting.id).execute();
    const row = (await users("email=waiting")).data[0];
    expect(row).toMatchObject({ enabled: false, locked: false, status: "unverified" });
    expect((await users("status=unverified")).data.map((user) => user.email)).toEqual(["waiting@example.com"]);
    expect((await users("status=active&count=100")).data.map((user) => user.email)).not.toContain(
      "waiting@example.com",
    );
    expect((await users("email=parent")).data[0].status).toBe("active");
  });

  it("mails a fresh verification link to an account not verified, and to no other (R3, R89)", async () => {
    const outbox = path.join(test.dir, "outbox");
    const waiting = await addPerson(test.db, "unverified@example.com");
    await test.db.updateTable("users").set({ enabled: 0 }).where("id", "=", waiting.id).execute();
    expect(await resendVerificationEmail(test.db, admin, waiting.id)).toEqual({ sent: true });
    const [mail] = readOutbox(outbox, "unverified@example.com");
    const token = /verify-email\?token=([^&\s]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(await verifyEmail(test.db, decodeURIComponent(token!))).toBe("verified");
    expect((await users("email=unverified")).data[0].status).toBe("active");
    // Verified now: nothing more to send; and never to someone else's asking.
    expect(await resendVerificationEmail(test.db, admin, waiting.id)).toEqual({ sent: false });
    expect(readOutbox(outbox, "unverified@example.com")).toHaveLength(1);
    await expect(resendVerificationEmail(test.db, referrer, waiting.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resendVerificationEmail(test.db, admin, superAdmin.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("counts on the dashboard the users the list shows, super administrators left out (R33, R88)", async () => {
    expect((await dashboardCounts(test.db, admin)).users).toBe((await users()).total);
    expect(await countListedUsers(test.db, admin)).toBe((await users()).total);
    await expect(countListedUsers(test.db, referrer)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("super administrators and oneself are out of reach", async () => {
    await expect(setUserActive(test.db, admin, superAdmin.id, false)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setUserActive(test.db, admin, admin.id, false)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("a submitted referral in administrators' hands", () => {
  let ids: { child: number; referral: number; user: number };
  beforeAll(async () => {
    ids = await begunDraft(test.db, referrer, { firstName: "Ana", lastName: "Uno" });
  });

  it("a Draft has no status to record, and a referrer cannot record one", async () => {
    await expect(recordStatusChange(test.db, admin, ids.referral, { status: "Received" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await test.db
      .updateTable("referrals")
      .set({ status: "Submitted", submission_date: "2026-11-01T12:00:00Z", status_updated_at: "2026-11-01T12:00:00Z" })
      .where("id", "=", ids.referral)
      .execute();
    await expect(recordStatusChange(test.db, referrer, ids.referral, { status: "Eligible" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("a status change is kept in the history and shows on the referrer's status updates", async () => {
    await recordStatusChange(test.db, admin, ids.referral, {
      status: "Eligible",
      details: "Services start in March.",
      detailsEs: "Los servicios empiezan en marzo.",
      serviceCoordinator: "J. Smith",
    });
    const history = await statusHistory(test.db, admin, ids.referral);
    // Oldest first: the submission, by its creator, then the change (docs/product-rules.md R156).
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ from_status: "Draft", to_status: "Submitted", first_name: referrer.firstName });
    expect(history[1]).toMatchObject({ from_status: "Submitted", to_status: "Eligible", first_name: "A" });
    const updates = await listStatusUpdates(test.db, referrer, { page: 1, count: 10 });
    expect(updates.data).toEqual([
      expect.objectContaining({
        id: ids.referral,
        status: "Eligible",
        statusDetailsEs: "Los servicios empiezan en marzo.",
      }),
    ]);
    // The referrer is told by e-mail, by the model itself, so any door that records a status mails alike.
    const [mail] = readOutbox(path.join(test.dir, "outbox"), "parent@example.com").slice(-1);
    expect(mail.subject).toContain("Eligible");
    expect(mail.text).toContain("Services start in March.");
    // The answers are not the administrator's to change.
    await expect(saveAnswers(test.db, admin, ids, { additionalDetails: "changed" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("a review link opens it until it expires or is revoked; only its hash is stored", async () => {
    const link = await createReviewLink(test.db, admin, ids.referral, {
      days: 14,
      reviewerName: "Dana Díaz",
      purpose: "Audit",
    });
    const stored = await test.db
      .selectFrom("review_tokens")
      .select("token_hash")
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link.token);
    expect(await referralForReviewToken(test.db, link.token)).toMatchObject({ referralId: ids.referral });
    expect((await getReferralForReviewLink(test.db, link.token, "en"))?.child.name).toBe("Ana Uno");
    expect(await referralForReviewToken(test.db, link.token, new Date(Date.now() + 15 * 86_400_000))).toBeNull();
    expect(await referralForReviewToken(test.db, "not-a-token")).toBeNull();
    expect(await referralForReviewToken(test.db, null)).toBeNull();
    await revokeReviewLink(test.db, admin, ids.referral, link.id);
    expect(await getReferralForReviewLink(test.db, link.token, "en")).toBeNull();
    await expect(
      createReviewLink(test.db, referrer, ids.referral, { reviewerName: "R", purpose: "P" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("the record of access holds each view by an administrator or a review link, not the creator's", async () => {
    const t = await fixedT("en", ["admin"]);
    const before = (await accessRecordOf(test.db, admin, ids.referral, "en", t)).length;
    await getReferralForReview(test.db, referrer, ids, "en");
    await getReferralForReview(test.db, admin, ids, "en");
    const link = await createReviewLink(test.db, admin, ids.referral, {
      reviewerName: "Dana Díaz",
      purpose: "Yearly audit",
    });
    await getReferralForReviewLink(test.db, link.token, "es");
    const record = await accessRecordOf(test.db, admin, ids.referral, "en", t);
    expect(record.length - before).toBe(2);
    expect(record[0].who).toContain("Dana Díaz");
    expect(record[0].who).toContain("Yearly audit");
    expect(record[0].how).toBe("A review link");
    expect(record[1].who).toContain("admin@maryland.gov");
    expect(record[1].how).toBe("A page");
    await expect(accessRecordOf(test.db, referrer, ids.referral, "en", t)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
