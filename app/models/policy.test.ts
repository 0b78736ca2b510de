import { describe, expect, it } from "vitest";
import { REFERRAL_STATUSES, type ReferralStatus } from "~/utils/statuses";
import {
  mayCopyReferral,
  mayCreateChild,
  mayDeleteChild,
  mayDeleteReferral,
  mayEditChild,
  mayEditPhone,
  mayEditProfile,
  mayEditReferral,
  mayMakeReviewLink,
  mayManageApiKey,
  mayManageUser,
  mayRecordStatus,
  mayStartReferral,
  maySubmitReferral,
  mayViewAccount,
  mayViewChild,
  mayViewPhone,
  mayViewRecordsOf,
  mayViewReferral,
  mayTransferReferral,
  referralFacts,
  type Actor,
} from "./policy";

const CREATOR_ID = 1;
const actors = {
  creator: { id: CREATOR_ID, isAdmin: false, isSuperAdmin: false },
  other: { id: 2, isAdmin: false, isSuperAdmin: false },
  admin: { id: 3, isAdmin: true, isSuperAdmin: false },
  superAdmin: { id: 4, isAdmin: true, isSuperAdmin: true },
  // Staff of the referral's program, and of another (R137).
  programStaff: { id: 5, isAdmin: false, isSuperAdmin: false, localProgramIds: [8, 13] },
  otherProgramStaff: { id: 6, isAdmin: false, isSuperAdmin: false, localProgramIds: [3] },
} satisfies Record<string, Actor>;
const PROGRAM_ID = 13;
type Who = keyof typeof actors;
const WHO = Object.keys(actors) as Who[];
/**
 * An administrator who is also a record's creator (R91 promotes only people with no referrals): still no referrer's
 * rights.
 */
const adminCreator: Actor = { id: CREATOR_ID, isAdmin: true, isSuperAdmin: false };

const referral = (status: ReferralStatus) => ({
  createdById: CREATOR_ID,
  status,
  localProgramId: status === "Draft" ? null : PROGRAM_ID,
});
/** Which actors a rule lets through, for a record of the creator's with this status. */
const allowed = (rule: (actor: Actor, facts: ReturnType<typeof referral>) => boolean, status: ReferralStatus) =>
  WHO.filter((who) => rule(actors[who], referral(status)));
const PAST_DRAFT = REFERRAL_STATUSES.filter((status) => status !== "Draft");

describe("who may do what to a referral", () => {
  it("view: its creator and administrators, whatever its status; its program's staff once submitted (R45, R87, R108, R137)", () => {
    expect(allowed(mayViewReferral, "Draft")).toEqual(["creator", "admin", "superAdmin"]);
    for (const status of PAST_DRAFT)
      expect(allowed(mayViewReferral, status)).toEqual(["creator", "admin", "superAdmin", "programStaff"]);
    expect(mayViewReferral(adminCreator, referral("Draft"))).toBe(true);
    // A Draft whose address is in the program's county is still nobody's but its creator's.
    expect(mayViewReferral(actors.programStaff, { ...referral("Draft"), localProgramId: PROGRAM_ID })).toBe(false);
    expect(mayViewReferral(actors.programStaff, { ...referral("Submitted"), localProgramId: null })).toBe(false);
  });

  it("edit: its creator while it is a Draft; administrators never (R45)", () => {
    expect(allowed(mayEditReferral, "Draft")).toEqual(["creator"]);
    for (const status of PAST_DRAFT) expect(allowed(mayEditReferral, status)).toEqual([]);
    expect(mayEditReferral(adminCreator, referral("Draft"))).toBe(false);
  });

  it("submit: its creator, a Draft (R69)", () => {
    expect(allowed(maySubmitReferral, "Draft")).toEqual(["creator"]);
    for (const status of PAST_DRAFT) expect(allowed(maySubmitReferral, status)).toEqual([]);
    expect(maySubmitReferral(adminCreator, referral("Draft"))).toBe(false);
  });

  it("delete: its creator, a Draft; never past Draft (R72)", () => {
    expect(allowed(mayDeleteReferral, "Draft")).toEqual(["creator"]);
    for (const status of PAST_DRAFT) expect(allowed(mayDeleteReferral, status)).toEqual([]);
    expect(mayDeleteReferral(adminCreator, referral("Draft"))).toBe(false);
  });

  it("copy: its creator, whatever its status (R71)", () => {
    for (const status of REFERRAL_STATUSES) expect(allowed(mayCopyReferral, status)).toEqual(["creator"]);
    expect(mayCopyReferral(adminCreator, referral("Submitted"))).toBe(false);
  });

  it("record a status: administrators and its program's staff, once it is past Draft (R84, R137)", () => {
    expect(allowed(mayRecordStatus, "Draft")).toEqual([]);
    for (const status of PAST_DRAFT)
      expect(allowed(mayRecordStatus, status)).toEqual(["admin", "superAdmin", "programStaff"]);
  });

  it("make a review link: administrators and its program's staff, once it is past Draft (R93, R137)", () => {
    expect(allowed(mayMakeReviewLink, "Draft")).toEqual([]);
    for (const status of PAST_DRAFT)
      expect(allowed(mayMakeReviewLink, status)).toEqual(["admin", "superAdmin", "programStaff"]);
  });

  it("move it to another program: administrators and its program's staff, once submitted (R139)", () => {
    expect(allowed(mayTransferReferral, "Draft")).toEqual([]);
    for (const status of PAST_DRAFT)
      expect(allowed(mayTransferReferral, status)).toEqual(["admin", "superAdmin", "programStaff"]);
  });

  it("reads the facts of a stored row", () => {
    expect(referralFacts({ created_by_id: 7, status: "Eligible", local_program_id: 4 })).toEqual({
      createdById: 7,
      status: "Eligible",
      localProgramId: 4,
    });
  });
});

describe("who may do what to a child", () => {
  const child = { createdById: CREATOR_ID };
  const who = (rule: (actor: Actor) => boolean) => WHO.filter((name) => rule(actors[name]));

  it("create: anyone but administrators and program staff (R43, R138)", () => {
    expect(who(mayCreateChild)).toEqual(["creator", "other"]);
  });

  it("view: its creator and administrators (R43)", () => {
    expect(who((actor) => mayViewChild(actor, child))).toEqual(["creator", "admin", "superAdmin"]);
  });

  it("change it and start its referrals: its creator only (R41, R42, R43)", () => {
    expect(who((actor) => mayEditChild(actor, child))).toEqual(["creator"]);
    expect(who((actor) => mayStartReferral(actor, child))).toEqual(["creator"]);
    expect(mayEditChild(adminCreator, child)).toBe(false);
    expect(mayStartReferral(adminCreator, child)).toBe(false);
  });

  it("delete: its creator, while every referral is a Draft (R42)", () => {
    const withStatuses = (...statuses: ReferralStatus[]) => ({
      ...child,
      referrals: statuses.map((status) => ({ status })),
    });
    expect(who((actor) => mayDeleteChild(actor, withStatuses()))).toEqual(["creator"]);
    expect(who((actor) => mayDeleteChild(actor, withStatuses("Draft", "Draft")))).toEqual(["creator"]);
    for (const status of PAST_DRAFT)
      expect(who((actor) => mayDeleteChild(actor, withStatuses("Draft", status)))).toEqual([]);
    expect(mayDeleteChild(adminCreator, withStatuses("Draft"))).toBe(false);
  });
});

describe("who may do what to a person's records and account", () => {
  const who = (rule: (actor: Actor) => boolean) => WHO.filter((name) => rule(actors[name]));

  it("view someone's records (profile, address book, lists): the person and administrators (R12, R43, R75, R105)", () => {
    expect(who((actor) => mayViewRecordsOf(actor, CREATOR_ID))).toEqual(["creator", "admin", "superAdmin"]);
    expect(who((actor) => mayViewRecordsOf(actor, actors.admin.id))).toEqual(["admin", "superAdmin"]);
  });

  it("change a profile and address book: its owner only, administrators too for their own (R12)", () => {
    expect(who((actor) => mayEditProfile(actor, CREATOR_ID))).toEqual(["creator"]);
    expect(who((actor) => mayEditProfile(actor, actors.admin.id))).toEqual(["admin"]);
  });

  it("phone numbers: administrators read everyone's, only the owner changes one (R105)", () => {
    expect(who((actor) => mayViewPhone(actor, { createdById: CREATOR_ID }))).toEqual([
      "creator",
      "admin",
      "superAdmin",
    ]);
    expect(who((actor) => mayViewPhone(actor, { createdById: null }))).toEqual(["admin", "superAdmin"]);
    expect(who((actor) => mayEditPhone(actor, { createdById: CREATOR_ID }))).toEqual(["creator"]);
    expect(who((actor) => mayEditPhone(actor, { createdById: actors.admin.id }))).toEqual(["admin"]);
    expect(who((actor) => mayEditPhone(actor, { createdById: null }))).toEqual([]);
  });

  it("view an account: administrators; a super administrator's, super administrators only (R92)", () => {
    expect(who((actor) => mayViewAccount(actor, { isSuperAdmin: false }))).toEqual(["admin", "superAdmin"]);
    expect(who((actor) => mayViewAccount(actor, { isSuperAdmin: true }))).toEqual(["superAdmin"]);
  });

  it("reset, deactivate, activate or promote: administrators, never on their own or a super administrator's account (R88, R89)", () => {
    expect(who((actor) => mayManageUser(actor, { id: CREATOR_ID, isSuperAdmin: false }))).toEqual([
      "admin",
      "superAdmin",
    ]);
    expect(who((actor) => mayManageUser(actor, { id: actors.admin.id, isSuperAdmin: false }))).toEqual(["superAdmin"]);
    expect(who((actor) => mayManageUser(actor, { id: 9, isSuperAdmin: true }))).toEqual([]);
    expect(who((actor) => mayManageUser(actor, { id: actors.superAdmin.id, isSuperAdmin: true }))).toEqual([]);
  });

  it("list and revoke an API key: its maker and super administrators; no one else learns of it (R101, R133)", () => {
    expect(who((actor) => mayManageApiKey(actor, { ownerId: actors.admin.id }))).toEqual(["admin", "superAdmin"]);
    expect(who((actor) => mayManageApiKey(actor, { ownerId: actors.programStaff.id }))).toEqual([
      "superAdmin",
      "programStaff",
    ]);
    expect(who((actor) => mayManageApiKey(actor, { ownerId: actors.superAdmin.id }))).toEqual(["superAdmin"]);
  });
});
