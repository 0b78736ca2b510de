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

// One child of a referrer's (docs/product-rules.md R37, R42, R43): read, created, changed, deleted, and a referral
// started for it. The list of children and its CSV export are child-list.server.ts.

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

/** A child's columns in the names of ChildRow: one child as read, or a page of the list (child-list.server.ts). */
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

/**
 * A child its creator or an administrator may see, with its referrals; anyone else gets NotFoundError. Someone other
 * than its creator reading it is on the record of access (R95).
 */
export const getChild = traced("model.getChild", async function getChild(db: DB, actor: CurrentUser, id: number): Promise<
  ChildRow & { referrals: ChildReferral[] }
> {
  const child = await readChild(db, actor, id);
  await recordAccess(db, viewerOf(actor), [{ childId: child.id, createdById: child.createdById }], { action: "view", entityType: "child" });
  return child;
});

/** A child as getChild reads it, for a change its creator makes (which is not a look by anyone else). */
async function readChild(db: DB, actor: CurrentUser, id: number): Promise<ChildRow & { referrals: ChildReferral[] }> {
  const child = (await db.selectFrom("children").select(CHILD_COLUMNS).where("children.id", "=", id).executeTakeFirst()) as ChildRow | undefined;
  if (!child || !mayViewChild(actor, child)) throw new NotFoundError("child");
  const referrals = await db
    .selectFrom("referrals")
    .select(["id", "status", "created_at as createdAt", "updated_at as updatedAt", "submission_date as submissionDate"])
    .where("child_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return { ...child, referrals: referrals.map((row) => ({ ...row, createdAt: String(row.createdAt), updatedAt: String(row.updatedAt) })) };
}

/** A child's whole name, as the wizard's frame shows it, for whoever may see the child. */
export const getChildName = traced("model.getChildName", async function getChildName(db: DB, actor: CurrentUser, id: number): Promise<string> {
  const child = await db
    .selectFrom("children")
    .select(["first_name", "middle_name", "last_name", "created_by_id as createdById"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!child || !mayViewChild(actor, child)) throw new NotFoundError("child");
  return [child.first_name, child.middle_name, child.last_name].filter(Boolean).join(" ");
});

/** Administrators see children but do not create or change them (docs/product-rules.md R43). */
const ADMINISTRATORS_REFUSED = "administrators do not create or change children";

/**
 * The rules a saved child obeys, whatever the form said: a real date, already born, living in Maryland; a new
 * child also under 36 months. A child already kept stays correctable once three (docs/product-rules.md R37):
 * the age is checked again when a referral starts or is sent.
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
  if (!errors.stateOfResidence && input.stateOfResidence !== MARYLAND) errors.stateOfResidence = ["validation.stateNotMaryland"];
  if (Object.keys(errors).length) throw new InputError(errors);
}

function childColumns(input: ChildName) {
  return {
    first_name: input.firstName,
    middle_name: input.middleName || null,
    last_name: input.lastName,
    // The pages do not ask an infant's prefix; the API still may: a form without one keeps the stored value.
    ...(input.prefix === undefined ? {} : { prefix: input.prefix || null }),
    suffix: input.suffix || null,
    birthdate: input.birthdate,
    state_of_residence: input.stateOfResidence,
  };
}

export const createChild = traced(
  "model.createChild",
  async function createChild(db: DB, actor: CurrentUser, input: ChildName, today = easternCalendarDate()): Promise<{ id: number }> {
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
  async function updateChild(db: DB, actor: CurrentUser, id: number, input: ChildName, today = easternCalendarDate()): Promise<void> {
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

/** A child with a referral past Draft stays: the program has it (docs/product-rules.md R42). */
export class ChildHasSubmittedReferralError extends Error {
  name = "ChildHasSubmittedReferralError";
}

export const deleteChild = traced("model.deleteChild", async function deleteChild(db: DB, actor: CurrentUser, id: number): Promise<void> {
  const files = await writeTransaction(db, async (trx) => {
    // R135: the child's referrals (a submit of one waits, or is waited for) and then the child (a new referral of it waits).
    await holdRows(trx, "referrals", "child_id", [id], "delete");
    await holdRows(trx, "children", "id", [id], "delete");
    const child = await readChild(trx, actor, id);
    if (!mayEditChild(actor, child)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
    if (!mayDeleteChild(actor, child)) throw new ChildHasSubmittedReferralError(String(id));
    const drafts = await trx.selectFrom("referrals").select("id").where("child_id", "=", id).execute();
    // The drafts and their documents go with the child (ON DELETE CASCADE); their files after the commit.
    const storedNames = await storedFilesOf(
      trx,
      drafts.map((draft) => draft.id),
    );
    await trx.deleteFrom("children").where("id", "=", id).where("created_by_id", "=", actor.id).execute();
    return storedNames;
  });
  await removeStoredFiles(files);
});

/** A referral refused because its child is 36 months old or more (docs/product-rules.md R37): AGE_OF, on the child. */
export class ChildTooOldError extends InputError {
  name = "ChildTooOldError";
  constructor() {
    super({ child: ["validation.ageOf"] });
  }
}

/**
 * Refuses a referral (started, copied or sent) for a child who is 36 months old or more. It asks no
 * question of who may: its callers have checked the referral or child is the asker's first.
 */
export const refuseTooOld = traced("model.refuseTooOld", async function refuseTooOld(db: DB, childId: number, today: string): Promise<void> {
  const child = await db.selectFrom("children").select("birthdate").where("id", "=", childId).executeTakeFirstOrThrow();
  if (ageProblem(child.birthdate, today) === "AGE_OF") throw new ChildTooOldError();
});

/** Starts a Draft referral for a child of the person's own (the wizard then fills it in), while under 36 months. */
export const startReferral = traced(
  "model.startReferral",
  async function startReferral(db: DB, actor: CurrentUser, childId: number, today = easternCalendarDate()): Promise<{ id: number }> {
    const child = await readChild(db, actor, childId);
    if (!mayStartReferral(actor, child)) throw new ForbiddenError(ADMINISTRATORS_REFUSED);
    await refuseTooOld(db, childId, today);
    const now = new Date().toISOString();
    return db
      .insertInto("referrals")
      .values({ child_id: childId, created_by_id: actor.id, status: "Draft", has_been_copied: 0, created_at: now, updated_at: now })
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
