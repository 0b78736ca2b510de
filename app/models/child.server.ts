import type { ReferralStatus } from "../../db/schema";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { removeStoredFiles } from "~/services/uploads.server";
import type { ChildName } from "~/schemas/child";
import { ageProblem } from "~/utils/child-age";
import { MARYLAND } from "~/utils/lookup-codes";
import { easternCalendarDate } from "~/utils/dates";
import { recordAccess, viewerOf } from "./access-record.server";
import { storedFilesOf } from "./document.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { unknownLookupCodes } from "./lookup.server";
import { mayCreateChild, mayDeleteChild, mayEditChild, mayStartReferral, mayViewChild } from "./policy";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// One child of a referrer's and the referrals started for it (R37, R42, R43).

export interface ChildRow {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  prefix: string | null;
  suffix: string | null;
  birthdate: string;
  stateOfResidence: string;
  createdAt: string;
  updatedAt: string;
  createdById: number;
}

/** A child's columns named as in ChildRow, for one child or a page of the list. */
export const CHILD_COLUMNS = [
  "children.id as id",
  "children.first_name as firstName",
  "children.middle_name as middleName",
  "children.last_name as lastName",
  "children.prefix as prefix",
  "children.suffix as suffix",
  "children.birthdate as birthdate",
  "children.state_of_residence as stateOfResidence",
  "children.created_at as createdAt",
  "children.updated_at as updatedAt",
  "children.created_by_id as createdById",
] as const;

export interface ChildReferral {
  id: number;
  status: ReferralStatus;
  createdAt: string;
  updatedAt: string;
  submissionDate: string | null;
}

/** A child with its referrals, for its creator or an administrator (else NotFoundError); recorded (R95). */
export const getChild = traced(
  "model.getChild",
  async function getChild(db: DB, actor: CurrentUser, id: number): Promise<ChildRow & { referrals: ChildReferral[] }> {
    const child = await readChild(db, actor, id);
    await recordAccess(db, viewerOf(actor), [{ childId: child.id, createdById: child.createdById }], {
      action: "view",
      entityType: "child",
    });
    return child;
  },
);

/** As getChild, without the record of access, for its creator's changes. */
async function readChild(db: DB, actor: CurrentUser, id: number): Promise<ChildRow & { referrals: ChildReferral[] }> {
  const child = (await db
    .selectFrom("children")
    .select(CHILD_COLUMNS)
    .where("children.id", "=", id)
    .executeTakeFirst()) as ChildRow | undefined;
  if (!child || !mayViewChild(actor, child)) throw new NotFoundError("child");
  const referrals = await db
    .selectFrom("referrals")
    .select(["id", "status", "created_at as createdAt", "updated_at as updatedAt", "submission_date as submissionDate"])
    .where("child_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return {
    ...child,
    referrals: referrals.map((row) => ({ ...row, createdAt: String(row.createdAt), updatedAt: String(row.updatedAt) })),
  };
}

/** A child's whole name, as the wizard's frame shows it. */
export const getChildName = traced(
  "model.getChildName",
  async function getChildName(db: DB, actor: CurrentUser, id: number): Promise<string> {
    const child = await db
      .selectFrom("children")
      .select(["first_name", "middle_name", "last_name", "created_by_id as createdById"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!child || !mayViewChild(actor, child)) throw new NotFoundError("child");
    return [child.first_name, child.middle_name, child.last_name].filter(Boolean).join(" ");
  },
);

/** Administrators see children but do not create or change them (R43). */
const ADMINISTRATORS_REFUSED = "administrators do not create or change children";

/**
 * Checked whatever the form said. Only a new child must be under 36 months: a kept one stays correctable (R37), its age
 * checked again when a referral starts or is sent.
 */
async function checkChild(db: DB, input: ChildName, today: string, { isNew }: { isNew: boolean }) {
  const errors: Record<string, string[]> = await unknownLookupCodes(db, [
    { field: "prefix", type: "Prefixes", code: input.prefix },
    { field: "suffix", type: "Suffixes", code: input.suffix },
    { field: "stateOfResidence", type: "States", code: input.stateOfResidence },
  ]);
  const problem = ageProblem(input.birthdate, today);
  if (problem === "MUST_BE_BORN") errors.birthdate = ["validation.mustBeBorn"];
  if (problem === "AGE_OF" && isNew) errors.birthdate = ["validation.ageOf"];
  if (!errors.stateOfResidence && input.stateOfResidence !== MARYLAND)
    errors.stateOfResidence = ["validation.stateNotMaryland"];
  if (Object.keys(errors).length) throw new InputError(errors);
}

function childColumns(input: ChildName) {
  return {
    first_name: input.firstName,
    middle_name: input.middleName || null,
    last_name: input.lastName,
    // Only the API asks an infant's prefix: a form without one keeps the stored value.
    ...(input.prefix === undefined ? {} : { prefix: input.prefix || null }),
    suffix: input.suffix || null,
    birthdate: input.birthdate,
    state_of_residence: input.stateOfResidence,
  };
}

export const createChild = traced(
  "model.createChild",
  async function createChild(
    db: DB,
    actor: CurrentUser,
    input: ChildName,
    today = easternCalendarDate(),
  ): Promise<{ id: number }> {
    if (!mayCreateChild(actor)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
    await checkChild(db, input, today, { isNew: true });
    const now = new Date().toISOString();
    return db
      .insertInto("children")
      .values({ ...childColumns(input), created_by_id: actor.id, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
  },
);

export const updateChild = traced(
  "model.updateChild",
  async function updateChild(
    db: DB,
    actor: CurrentUser,
    id: number,
    input: ChildName,
    today = easternCalendarDate(),
  ): Promise<void> {
    const child = await readChild(db, actor, id);
    if (!mayEditChild(actor, child)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
    await checkChild(db, input, today, { isNew: false });
    await db
      .updateTable("children")
      .set({ ...childColumns(input), updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .where("created_by_id", "=", actor.id)
      .execute();
  },
);

/** A child with a referral past Draft stays: the program has it (R42). */
export class ChildHasSubmittedReferralError extends Error {
  name = "ChildHasSubmittedReferralError";
}

export const deleteChild = traced(
  "model.deleteChild",
  async function deleteChild(db: DB, actor: CurrentUser, id: number): Promise<void> {
    const files = await writeTransaction(db, async (trx) => {
      // R135: its referrals first (a submit waits or is waited for), then the child (a new referral waits).
      await holdRows(trx, "referrals", "child_id", [id], "delete");
      await holdRows(trx, "children", "id", [id], "delete");
      const child = await readChild(trx, actor, id);
      if (!mayEditChild(actor, child)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
      if (!mayDeleteChild(actor, child)) throw new ChildHasSubmittedReferralError(String(id));
      const drafts = await trx.selectFrom("referrals").select("id").where("child_id", "=", id).execute();
      // Drafts and documents cascade; their files are removed after the commit.
      const storedNames = await storedFilesOf(
        trx,
        drafts.map((draft) => draft.id),
      );
      await trx.deleteFrom("children").where("id", "=", id).where("created_by_id", "=", actor.id).execute();
      return storedNames;
    });
    await removeStoredFiles(files);
  },
);

/** A referral refused because its child is 36 months old or more (R37). */
export class ChildTooOldError extends InputError {
  name = "ChildTooOldError";
  constructor() {
    super({ child: ["validation.ageOf"] });
  }
}

/** Refuses a referral for a child 36 months or older. Checks no access: callers have. */
export const refuseTooOld = traced(
  "model.refuseTooOld",
  async function refuseTooOld(db: DB, childId: number, today: string): Promise<void> {
    const child = await db
      .selectFrom("children")
      .select("birthdate")
      .where("id", "=", childId)
      .executeTakeFirstOrThrow();
    if (ageProblem(child.birthdate, today) === "AGE_OF") throw new ChildTooOldError();
  },
);

/** Starts a Draft referral for the person's own child, while under 36 months. */
export const startReferral = traced(
  "model.startReferral",
  async function startReferral(
    db: DB,
    actor: CurrentUser,
    childId: number,
    today = easternCalendarDate(),
  ): Promise<{ id: number }> {
    const child = await readChild(db, actor, childId);
    if (!mayStartReferral(actor, child)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
    await refuseTooOld(db, childId, today);
    const now = new Date().toISOString();
    return db
      .insertInto("referrals")
      .values({
        child_id: childId,
        created_by_id: actor.id,
        status: "Draft",
        has_been_copied: 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  },
);

/** "Refer a child": the child added and its first Draft started together, or neither. */
export const createChildWithReferral = traced(
  "model.createChildWithReferral",
  async function createChildWithReferral(
    db: DB,
    actor: CurrentUser,
    input: ChildName,
    today = easternCalendarDate(),
  ): Promise<{ child: number; referral: number }> {
    return writeTransaction(db, async (trx) => {
      const child = await createChild(trx, actor, input, today);
      const referral = await startReferral(trx, actor, child.id, today);
      return { child: child.id, referral: referral.id };
    });
  },
);
