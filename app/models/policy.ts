import type { ReferralStatus } from "~/utils/statuses";
import type { CurrentUser } from "./user.server";

// Who may do what to a referral, a child, a person's records and an account, decided here and
// nowhere else: the models' guards refuse with these, and the pages show or hide a control with
// the same answer. Pure: each rule takes the asker and the few facts of the record it is about.
// Which refusal follows is the guard's part (docs/product-rules.md R108): someone who may not view a
// record is told it does not exist (NotFoundError); someone who may view it but not do this is
// refused (ForbiddenError).

/** Who is asking: only what the rules look at. No local programs: not their staff. */
export type Actor = Pick<CurrentUser, "id" | "isAdmin" | "isSuperAdmin"> & { localProgramIds?: readonly number[] };

export interface ReferralFacts {
  createdById: number;
  status: ReferralStatus;
  /** The local program it belongs to once submitted (docs/product-rules.md R137). */
  localProgramId: number | null;
}

export function referralFacts(row: { created_by_id: number; status: ReferralStatus; local_program_id: number | null }): ReferralFacts {
  return { createdById: row.created_by_id, status: row.status, localProgramId: row.local_program_id };
}

// Local programs (docs/product-rules.md R136-R142)

/** Staff of one or more local programs, not a state administrator (who reads every program's referrals). */
export function isProgramStaff(actor: Actor): boolean {
  return !actor.isAdmin && (actor.localProgramIds?.length ?? 0) > 0;
}

export function actsForProgram(actor: Actor): boolean {
  return actor.isAdmin || isProgramStaff(actor);
}

/**
 * Which referrals a person reads, the one rule every read of referrals asks (R137): a state administrator every
 * referral; a local program's staff the submitted referrals of their programs; anyone else their own.
 */
export type ReferralScope = { kind: "all" } | { kind: "programs"; programIds: readonly number[] } | { kind: "own"; userId: number };

export function referralScope(actor: Actor): ReferralScope {
  if (actor.isAdmin) return { kind: "all" };
  if (isProgramStaff(actor)) return { kind: "programs", programIds: actor.localProgramIds! };
  return { kind: "own", userId: actor.id };
}

function ofStaffPrograms(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return isProgramStaff(actor) && referral.status !== "Draft" && referral.localProgramId !== null && actor.localProgramIds!.includes(referral.localProgramId);
}

/** Super administrators keep the programs: their names, intake addresses, phones and staff domains (R136). */
export function mayEditLocalPrograms(actor: Actor): boolean {
  return actor.isSuperAdmin;
}

/** Local program staff or a state administrator move a referral of theirs to another program (R139). */
export function mayTransferReferral(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return referral.status !== "Draft" && (actor.isAdmin || ofStaffPrograms(actor, referral));
}

export interface ChildFacts {
  createdById: number;
}

/** The creator acting as a referrer: administrators and program staff create and change nothing (docs/product-rules.md R43, R87, R138). */
function actsAsCreator(actor: Actor, createdById: number): boolean {
  return !actsForProgram(actor) && createdById === actor.id;
}

/**
 * One person's records (profile, address book, children, phones, referrals): their own, and
 * anyone's for an administrator, who sees all data (docs/product-rules.md R12, R43, R75, R87, R105).
 */
export function mayViewRecordsOf(actor: Actor, ownerId: number | null): boolean {
  return actor.isAdmin || ownerId === actor.id;
}

// Referrals

/**
 * Its creator, state administrators, and once submitted its program's staff (docs/product-rules.md R45, R87, R137);
 * anyone else is told it does not exist.
 */
export function mayViewReferral(actor: Actor, referral: ReferralFacts): boolean {
  return mayViewRecordsOf(actor, referral.createdById) || ofStaffPrograms(actor, referral);
}

/**
 * Changing its answers: its creator, while it is a Draft; administrators never do (docs/product-rules.md R45,
 * R87). It is also where it opens: the wizard for whoever may edit it, else the review (R73).
 */
export function mayEditReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return actsAsCreator(actor, referral.createdById) && referral.status === "Draft";
}

/** Its creator submits a Draft (docs/product-rules.md R69); whether anything is missing is asked apart. */
export function maySubmitReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator deletes a Draft; a referral past Draft is never deleted (docs/product-rules.md R72). */
export function mayDeleteReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator copies any of their referrals, whatever its status (docs/product-rules.md R71). */
export function mayCopyReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById">): boolean {
  return actsAsCreator(actor, referral.createdById);
}

/** Administrators and its program's staff record the statuses after submission; a Draft has none (docs/product-rules.md R84, R137). */
export function mayRecordStatus(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return referral.status !== "Draft" && (actor.isAdmin || ofStaffPrograms(actor, referral));
}

/** Administrators and its program's staff make review links for a submitted referral (docs/product-rules.md R93, R137). */
export function mayMakeReviewLink(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return mayRecordStatus(actor, referral);
}

/** A referral's record of access (R95): state administrators, and its program's staff. */
export function mayReadAccessRecord(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return actor.isAdmin || ofStaffPrograms(actor, referral);
}

/**
 * State administrators learn that two submitted referrals are possibly of the same child; a referrer learns nothing of
 * another referrer's referral, and a program's staff nothing of another program's, so nobody else is told
 * (docs/product-rules.md R126, R137).
 */
export function mayLearnOfSameChild(actor: Actor): boolean {
  return actor.isAdmin;
}

// Second factor (docs/product-rules.md R129)

/** Whoever can read other people's children's referrals must sign in with a second factor: every administrator, every program's staff (R138). */
export function mustHaveSecondFactor(person: Pick<Actor, "isAdmin"> & { isProgramStaff?: boolean }): boolean {
  return person.isAdmin || person.isProgramStaff === true;
}

/** A referrer may turn their own second factor off; an administrator keeps theirs. */
export function mayRemoveSecondFactor(actor: Actor): boolean {
  return !mustHaveSecondFactor({ isAdmin: actor.isAdmin, isProgramStaff: isProgramStaff(actor) });
}

/** A super administrator resets someone else's second factor (they lost their app and their recovery codes). */
export function mayResetSecondFactor(actor: Actor, user: { id: number }): boolean {
  return actor.isSuperAdmin && user.id !== actor.id;
}

/** The security events (docs/product-rules.md R133) name every account's sign-ins and keys: super administrators read them. */
export function mayReadSecurityEvents(actor: Actor): boolean {
  return actor.isSuperAdmin;
}

/**
 * An API key is its maker's credential (R101): listed, with its owner's e-mail, and revoked by its maker and by super
 * administrators, who keep every way into the accounts (R133); anyone else is told it does not exist.
 */
export function mayManageApiKey(actor: Actor, key: { ownerId: number }): boolean {
  return actor.isSuperAdmin || key.ownerId === actor.id;
}

/** The program's insight (trends of the referrals they read, docs/product-rules.md R127, R137): administrators and program staff. */
export function mayReadProgramInsight(actor: Actor): boolean {
  return actsForProgram(actor);
}

/** The reports (docs/product-rules.md R79, R137) of the referrals they read: administrators and program staff. */
export function mayRunReports(actor: Actor): boolean {
  return actsForProgram(actor);
}

// Children

/** Administrators and program staff create no children (docs/product-rules.md R43, R138). */
export function mayCreateChild(actor: Actor): boolean {
  return !actsForProgram(actor);
}

/** Its creator and administrators (docs/product-rules.md R43); anyone else is told it does not exist. */
export function mayViewChild(actor: Actor, child: ChildFacts): boolean {
  return mayViewRecordsOf(actor, child.createdById);
}

/** Its creator; administrators see it but do not change it (docs/product-rules.md R42, R43). */
export function mayEditChild(actor: Actor, child: ChildFacts): boolean {
  return actsAsCreator(actor, child.createdById);
}

/** Its creator starts its referrals, whose creator they become (docs/product-rules.md R41, R44, R87). */
export function mayStartReferral(actor: Actor, child: ChildFacts): boolean {
  return actsAsCreator(actor, child.createdById);
}

/** Its creator, while none of its referrals is past Draft: the program holds those (docs/product-rules.md R42). */
export function mayDeleteChild(actor: Actor, child: ChildFacts & { referrals: ReadonlyArray<Pick<ReferralFacts, "status">> }): boolean {
  return mayEditChild(actor, child) && child.referrals.every((referral) => referral.status === "Draft");
}

// People

/** A person changes only their own profile and address book; administrators read them only (docs/product-rules.md R12). */
export function mayEditProfile(actor: Actor, userId: number): boolean {
  return actor.id === userId;
}

/** A phone number: its owner, and administrators read everyone's (docs/product-rules.md R105). */
export function mayViewPhone(actor: Actor, phone: { createdById: number | null }): boolean {
  return mayViewRecordsOf(actor, phone.createdById);
}

/** Only its owner changes or deletes a phone number; whether a submitted referral holds it is asked apart (R74, R105). */
export function mayEditPhone(actor: Actor, phone: { createdById: number | null }): boolean {
  return phone.createdById === actor.id;
}

/** An administrator's view of an account; a super administrator's only for another super administrator (docs/product-rules.md R87, R92). */
export function mayViewAccount(actor: Actor, user: { isSuperAdmin: boolean }): boolean {
  return actor.isAdmin && (!user.isSuperAdmin || actor.isSuperAdmin);
}

/**
 * A person's profile, address book and phones: their own, and an administrator's view of an account they may view (a
 * super administrator's only for another super administrator: docs/product-rules.md R12, R92).
 */
export function mayViewPerson(actor: Actor, person: { id: number; isSuperAdmin: boolean }): boolean {
  return person.id === actor.id || mayViewAccount(actor, person);
}

/**
 * Resetting, deactivating, activating or promoting an account: administrators, never on a super
 * administrator's account nor on their own (docs/product-rules.md R88, R89).
 */
export function mayManageUser(actor: Actor, user: { id: number; isSuperAdmin: boolean }): boolean {
  return actor.isAdmin && !user.isSuperAdmin && user.id !== actor.id;
}
