import type { ReferralStatus } from "~/utils/statuses";
import type { CurrentUser } from "./user.server";

// Who may do what, decided here alone: guards refuse with these and pages show or hide controls by the same answer.
// Refusals follow R108: may not view -> NotFoundError; may view but not act -> ForbiddenError.

/** Who is asking: only what the rules look at. No local programs: not their staff. */
export type Actor = Pick<CurrentUser, "id" | "isAdmin" | "isSuperAdmin"> & { localProgramIds?: readonly number[] };

export interface ReferralFacts {
  createdById: number;
  status: ReferralStatus;
  /** The local program it belongs to once submitted (R137). */
  localProgramId: number | null;
}

/** A referral's row as stored, as far as the rules look at it. */
export interface ReferralFactsRow {
  created_by_id: number;
  status: ReferralStatus;
  local_program_id: number | null;
}

export function referralFacts(row: ReferralFactsRow): ReferralFacts {
  return { createdById: row.created_by_id, status: row.status, localProgramId: row.local_program_id };
}

// Local programs (R136-R142)

/** Staff of one or more local programs, not a state administrator (who reads every program's referrals). */
export function isProgramStaff(actor: Actor): boolean {
  return !actor.isAdmin && (actor.localProgramIds?.length ?? 0) > 0;
}

export function actsForProgram(actor: Actor): boolean {
  return actor.isAdmin || isProgramStaff(actor);
}

/** Which referrals a person reads (R137): administrators all, staff their programs' submitted, others their own. */
export type ReferralScope =
  | { kind: "all" }
  | { kind: "programs"; programIds: readonly number[] }
  | { kind: "own"; userId: number };

export function referralScope(actor: Actor): ReferralScope {
  if (actor.isAdmin) return { kind: "all" };
  if (isProgramStaff(actor)) return { kind: "programs", programIds: actor.localProgramIds! };
  return { kind: "own", userId: actor.id };
}

function ofStaffPrograms(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return (
    isProgramStaff(actor) &&
    referral.status !== "Draft" &&
    referral.localProgramId !== null &&
    actor.localProgramIds!.includes(referral.localProgramId)
  );
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

/** The creator acting as a referrer: administrators and program staff create and change nothing (R43, R87, R138). */
function actsAsCreator(actor: Actor, createdById: number): boolean {
  return !actsForProgram(actor) && createdById === actor.id;
}

/** One person's records: their own, and anyone's for an administrator (R12, R43, R75, R87, R105). */
export function mayViewRecordsOf(actor: Actor, ownerId: number | null): boolean {
  return actor.isAdmin || ownerId === actor.id;
}

// Referrals

/** Its creator, state administrators, and once submitted its program's staff (R45, R87, R137). */
export function mayViewReferral(actor: Actor, referral: ReferralFacts): boolean {
  return mayViewRecordsOf(actor, referral.createdById) || ofStaffPrograms(actor, referral);
}

/** Its creator, while a Draft (R45, R87). Also where it opens: wizard if editable, else review (R73). */
export function mayEditReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return actsAsCreator(actor, referral.createdById) && referral.status === "Draft";
}

/** Its creator submits a Draft (R69); whether anything is missing is asked apart. */
export function maySubmitReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator deletes a Draft; a referral past Draft is never deleted (R72). */
export function mayDeleteReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById" | "status">): boolean {
  return mayEditReferral(actor, referral);
}

/** Its creator copies any of their referrals, whatever its status (R71). */
export function mayCopyReferral(actor: Actor, referral: Pick<ReferralFacts, "createdById">): boolean {
  return actsAsCreator(actor, referral.createdById);
}

/** Administrators and its program's staff record the statuses after submission; a Draft has none (R84, R137). */
export function mayRecordStatus(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return referral.status !== "Draft" && (actor.isAdmin || ofStaffPrograms(actor, referral));
}

/** Administrators and its program's staff make review links for a submitted referral (R93, R137). */
export function mayMakeReviewLink(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return mayRecordStatus(actor, referral);
}

/** A referral's record of access (R95): state administrators, and its program's staff. */
export function mayReadAccessRecord(actor: Actor, referral: Pick<ReferralFacts, "status" | "localProgramId">): boolean {
  return actor.isAdmin || ofStaffPrograms(actor, referral);
}

/** Only state administrators learn of possible same-child pairs (R126, R137). */
export function mayLearnOfSameChild(actor: Actor): boolean {
  return actor.isAdmin;
}

// Second factor (R129)

/** Whoever reads other people's children's referrals needs a second factor: every administrator and staff (R138). */
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

/** The security events (R133) name every account's sign-ins and keys: super administrators read them. */
export function mayReadSecurityEvents(actor: Actor): boolean {
  return actor.isSuperAdmin;
}

/** Its maker's credential (R101): listed and revoked by its maker and by super administrators (R133). */
export function mayManageApiKey(actor: Actor, key: { ownerId: number }): boolean {
  return actor.isSuperAdmin || key.ownerId === actor.id;
}

/** The program's insight (trends of the referrals they read, R127, R137): administrators and program staff. */
export function mayReadProgramInsight(actor: Actor): boolean {
  return actsForProgram(actor);
}

/** The reports (R79, R137) of the referrals they read: administrators and program staff. */
export function mayRunReports(actor: Actor): boolean {
  return actsForProgram(actor);
}

// Children

/** Administrators and program staff create no children (R43, R138). */
export function mayCreateChild(actor: Actor): boolean {
  return !actsForProgram(actor);
}

/** Its creator and administrators (R43); anyone else is told it does not exist. */
export function mayViewChild(actor: Actor, child: ChildFacts): boolean {
  return mayViewRecordsOf(actor, child.createdById);
}

/** Its creator; administrators see it but do not change it (R42, R43). */
export function mayEditChild(actor: Actor, child: ChildFacts): boolean {
  return actsAsCreator(actor, child.createdById);
}

/** Its creator starts its referrals, whose creator they become (R41, R44, R87). */
export function mayStartReferral(actor: Actor, child: ChildFacts): boolean {
  return actsAsCreator(actor, child.createdById);
}

/** Its creator, while none of its referrals is past Draft: the program holds those (R42). */
export function mayDeleteChild(
  actor: Actor,
  child: ChildFacts & { referrals: ReadonlyArray<Pick<ReferralFacts, "status">> },
): boolean {
  return mayEditChild(actor, child) && child.referrals.every((referral) => referral.status === "Draft");
}

// People

/** A person changes only their own profile and address book; administrators read them only (R12). */
export function mayEditProfile(actor: Actor, userId: number): boolean {
  return actor.id === userId;
}

/** A phone number: its owner, and administrators read everyone's (R105). */
export function mayViewPhone(actor: Actor, phone: { createdById: number | null }): boolean {
  return mayViewRecordsOf(actor, phone.createdById);
}

/** Only its owner; whether a submitted referral holds it is asked apart (R74, R105). */
export function mayEditPhone(actor: Actor, phone: { createdById: number | null }): boolean {
  return phone.createdById === actor.id;
}

/** An administrator's view of an account; a super administrator's only for another super administrator (R87, R92). */
export function mayViewAccount(actor: Actor, user: { isSuperAdmin: boolean }): boolean {
  return actor.isAdmin && (!user.isSuperAdmin || actor.isSuperAdmin);
}

/** Own, or an administrator's view of an account they may view; super administrators' only by peers (R12, R92). */
export function mayViewPerson(actor: Actor, person: { id: number; isSuperAdmin: boolean }): boolean {
  return person.id === actor.id || mayViewAccount(actor, person);
}

/** Administrators, never on a super administrator's account nor their own (R88, R89). */
export function mayManageUser(actor: Actor, user: { id: number; isSuperAdmin: boolean }): boolean {
  return actor.isAdmin && !user.isSuperAdmin && user.id !== actor.id;
}
