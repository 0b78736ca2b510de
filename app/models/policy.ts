import type { ReferralStatus } from "~/utils/statuses";
import type { CurrentUser } from "./user.server";

// Who may do what to a referral, a child, a person's records and an account, decided here and
// nowhere else: the models' guards refuse with these, and the pages show or hide a control with
// the same answer. Pure: each rule takes the asker and the few facts of the record it is about.
// Which refusal follows is the guard's part (docs/product-rules.md R108): someone who may not view a
// record is told it does not exist (NotFoundError); someone who may view it but not do this is
// refused (ForbiddenError).

/** Who is asking: only what the rules look at. */
export type Actor = Pick<CurrentUser, "id" | "isAdmin" | "isSuperAdmin">;

/** What the rules need of a referral. */
export interface ReferralFacts {
  createdById: number;
  status: ReferralStatus;
}

/** The facts of a referral row as stored. */
export function referralFacts(row: { created_by_id: number; status: ReferralStatus }): ReferralFacts {
  return { createdById: row.created_by_id, status: row.status };
}

/** What the rules need of a child: whose it is. */
export interface ChildFacts {
  createdById: number;
}

/** The creator acting as a referrer: administrators create and change nothing (docs/product-rules.md R43, R87). */
function actsAsCreator(actor: Actor, createdById: number): boolean {
  return !actor.isAdmin && createdById === actor.id;
}

/**
 * One person's records (profile, address book, children, phones, referrals): their own, and
 * anyone's for an administrator, who sees all data (docs/product-rules.md R12, R43, R75, R87, R105).
 */
export function mayViewRecordsOf(actor: Actor, ownerId: number | null): boolean {
  return actor.isAdmin || ownerId === actor.id;
}

// Referrals

/** Its creator and administrators (docs/product-rules.md R45, R87); anyone else is told it does not exist. */
export function mayViewReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById">): boolean {
  return mayViewRecordsOf(actor, referral.createdById);
}

/**
 * Changing its answers: its creator, while it is a Draft; administrators never do (docs/product-rules.md R45,
 * R87). It is also where it opens: the wizard for whoever may edit it, else the review (R73).
 */
export function mayEditReferral(actor: Actor, referral: ReferralFacts): boolean {
  return actsAsCreator(actor, referral.createdById) && referral.status === "Draft";
}

/** Its creator submits a Draft (docs/product-rules.md R69); whether anything is missing is asked apart. */
export function maySubmitReferral(actor: Actor, referral: ReferralFacts): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator deletes a Draft; a referral past Draft is never deleted (docs/product-rules.md R72). */
export function mayDeleteReferral(actor: Actor, referral: ReferralFacts): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator copies any of their referrals, whatever its status (docs/product-rules.md R71). */
export function mayCopyReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById">): boolean {
  return actsAsCreator(actor, referral.createdById);
}

/** Administrators record the statuses after submission; a Draft has none (docs/product-rules.md R84). */
export function mayRecordStatus(actor: Actor, referral: Pick<ReferralFacts, "status">): boolean {
  return actor.isAdmin && referral.status !== "Draft";
}

/** Administrators make review links for a submitted referral (docs/product-rules.md R93). */
export function mayMakeReviewLink(actor: Actor, referral: Pick<ReferralFacts, "status">): boolean {
  return actor.isAdmin && referral.status !== "Draft";
}

/**
 * Administrators learn that two submitted referrals are possibly of the same child; a referrer learns nothing of
 * another referrer's referral, so nobody else is told (docs/product-rules.md R126).
 */
export function mayLearnOfSameChild(actor: Actor): boolean {
  return actor.isAdmin;
}

// Second factor (docs/product-rules.md R129)

/** Whoever can read every child's referral must sign in with a second factor: every administrator. */
export function mustHaveSecondFactor(person: Pick<Actor, "isAdmin">): boolean {
  return person.isAdmin;
}

/** A referrer may turn their own second factor off; an administrator keeps theirs. */
export function mayRemoveSecondFactor(actor: Actor): boolean {
  return !mustHaveSecondFactor(actor);
}

/** A super administrator resets someone else's second factor (they lost their app and their recovery codes). */
export function mayResetSecondFactor(actor: Actor, user: { id: number }): boolean {
  return actor.isSuperAdmin && user.id !== actor.id;
}

/** The security events (docs/product-rules.md R133) name every account's sign-ins and keys: super administrators read them. */
export function mayReadSecurityEvents(actor: Actor): boolean {
  return actor.isSuperAdmin;
}

/** The program's insight (trends of every referral, docs/product-rules.md R127) is for administrators. */
export function mayReadProgramInsight(actor: Actor): boolean {
  return actor.isAdmin;
}

// Children

/** Administrators create no children (docs/product-rules.md R43). */
export function mayCreateChild(actor: Actor): boolean {
  return !actor.isAdmin;
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
