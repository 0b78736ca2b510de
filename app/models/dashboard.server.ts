import type { DB } from "~/db.server";
import { UNRECORDED_STATUSES } from "~/utils/statuses";
import { daysBetween, easternCalendarDate } from "~/utils/dates";
import { countListedUsers } from "./user-list.server";
import { actsForProgram, isProgramStaff } from "./policy";
import type { CurrentUser } from "./user.server";
import { readableReferrals } from "./referral-scope.server";
import { REFERRAL_STATUS_COLUMNS } from "./referral-list.server";
import { traced } from "~/services/trace.server";

// The dashboard's counts, a referrer's status updates and the program's queue.

/** A page of the referrer's status updates (R82, R140), newest change first. */
export const listStatusUpdates = traced(
  "model.listStatusUpdates",
  async function listStatusUpdates(db: DB, actor: CurrentUser, { page, count }: { page: number; count: number }) {
    const base = statusUpdatesOf(db, actor.id)
      .innerJoin("children as c", "c.id", "r.child_id")
      .leftJoin("local_programs as p", "p.id", "r.opened_by_id");
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const data = await base
      .select([
        ...REFERRAL_STATUS_COLUMNS,
        "r.status_updated_at as statusUpdatedAt",
        "r.submission_date as submissionDate",
        "c.first_name as childFirstName",
        "c.last_name as childLastName",
        "r.opened_at as openedAt",
        "p.name as openedByName",
        "p.name_es as openedByNameEs",
      ])
      .orderBy("r.status_updated_at", "desc")
      .orderBy("r.id", "desc")
      .limit(count)
      .offset((page - 1) * count)
      .execute();
    return { data, total };
  },
);

/** A referrer's referrals with a status recorded after submission, or opened by their program (R82, R140). */
function statusUpdatesOf(db: DB, userId: number) {
  return db
    .selectFrom("referrals as r")
    .where("r.created_by_id", "=", userId)
    .where((eb) => eb.or([eb("r.status", "not in", UNRECORDED_STATUSES), eb("r.opened_at", "is not", null)]));
}

/** The program's queue (R157): readable referrals still Submitted, and the oldest's wait. Null for non-staff. */
export const waitingQueue = traced(
  "model.waitingQueue",
  async function waitingQueue(db: DB, actor: CurrentUser, today = easternCalendarDate()): Promise<WaitingQueue | null> {
    if (!actsForProgram(actor)) return null;
    const row = await db
      .selectFrom("referrals as r")
      .where(readableReferrals(actor, "r"))
      .where("r.status", "=", "Submitted")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("r.submission_date").as("oldest")])
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (!count || !row.oldest) return { count: 0, oldestDay: null, oldestDays: null };
    const oldestDay = easternCalendarDate(new Date(row.oldest));
    return { count, oldestDay, oldestDays: Math.max(0, daysBetween(oldestDay, today)) };
  },
);

export interface WaitingQueue {
  count: number;
  /** The Maryland calendar day the longest waiting was submitted on. */
  oldestDay: string | null;
  /** Whole Maryland days since then (0 on the day itself). */
  oldestDays: number | null;
}

/** Dashboard counts (R33, R137, R157): children only where there is a children's list, users only for admins. */
export const dashboardCounts = traced(
  "model.dashboardCounts",
  async function dashboardCounts(db: DB, actor: CurrentUser) {
    const own = db.selectFrom("referrals as r").where(readableReferrals(actor, "r"));
    const count = async (query: typeof own) =>
      Number((await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const children = actor.isAdmin
      ? db.selectFrom("children")
      : db.selectFrom("children").where("created_by_id", "=", actor.id);
    return {
      drafts: await count(own.where("r.status", "=", "Draft")),
      submitted: await count(own.where("r.status", "<>", "Draft")),
      statusUpdates: await count(statusUpdatesOf(db, actor.id)),
      children: isProgramStaff(actor)
        ? null
        : Number((await children.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
      // The users list's own count, so the two numbers agree (super administrators are not listed).
      users: actor.isAdmin ? await countListedUsers(db, actor) : null,
      waiting: await waitingQueue(db, actor),
    };
  },
);
