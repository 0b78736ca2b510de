import { isProgramStaff, type Actor } from "./policy";

// Which fields each reader reads (R131), written once for API and loaders alike. Who may read at all is policy.ts's.
// Unlisted fields are read by everyone who may read the record.

/** Who reads a record: owner, administrator, super administrator, program staff (R137), or review link holder. */
export type Reader = "owner" | "administrator" | "superAdministrator" | "programStaff" | "reviewLink";

const PROGRAM: readonly Reader[] = ["administrator", "superAdministrator", "programStaff"];
const SIGNED_IN: readonly Reader[] = ["owner", "administrator", "superAdministrator", "programStaff"];
const ADMINISTRATORS: readonly Reader[] = ["administrator", "superAdministrator"];

/** The record kinds people and programs read, and of each the fields not every reader reads: by field, who does. */
export const RESTRICTED_FIELDS = {
  referral: {
    // The program's own notes on a referral: the status form's, under the administrators' review.
    comments: PROGRAM,
    serviceCoordinator: PROGRAM,
    eligibilityDetermination: PROGRAM,
    // Who referred, by e-mail: the program and the referrer; a reviewer reads the referral, not the referrer's account.
    createdBy: SIGNED_IN,
  },
  child: {},
  adult: {},
  address: {},
  document: {},
  user: {
    // The administrators' view of an account: when its state last changed, by whom, when it was made.
    statusUpdatedAt: ADMINISTRATORS,
    updatedBy: ADMINISTRATORS,
    createdAt: ADMINISTRATORS,
  },
} satisfies Record<string, Record<string, readonly Reader[]>>;

export type RecordKind = keyof typeof RESTRICTED_FIELDS;

/** The reader a signed-in person is of a record whose owner is `ownerId` (one they may read: policy.ts). */
export function readerOf(actor: Actor, ownerId: number | null): Reader {
  if (actor.id === ownerId) return "owner";
  if (isProgramStaff(actor)) return "programStaff";
  if (!actor.isAdmin) return "owner";
  return actor.isSuperAdmin ? "superAdministrator" : "administrator";
}

export function reads(kind: RecordKind, field: string, reader: Reader): boolean {
  const restricted = RESTRICTED_FIELDS[kind] as Record<string, readonly Reader[]>;
  return !Object.prototype.hasOwnProperty.call(restricted, field) || restricted[field].indexOf(reader) >= 0;
}

export function readable<T extends Record<string, unknown>>(kind: RecordKind, reader: Reader, record: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const field of Object.keys(record) as Array<keyof T & string>)
    if (reads(kind, field, reader)) kept[field] = record[field];
  return kept;
}
