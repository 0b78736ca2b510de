import { destroyUserSessions } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { endApiKeysOf } from "./api-key.server";
import { endReviewLinks } from "./referral-admin.server";
import { domainOf, domainsOf } from "./role-domains.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { mayManageUser, type Actor } from "./policy";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import { assignedProgramIds, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// A local program's staff (R138): who a super administrator makes staff of which programs, and
// how the role ends, by their hand or when a program's domains no longer hold the person's e-mail.

/** The programs a person is staff of, for a super administrator's view of their account (and the API's). */
export const staffProgramsOf = traced(
  "model.staffProgramsOf",
  async function staffProgramsOf(db: DB, actor: Actor, userId: number): Promise<number[]> {
    if (!actor.isAdmin && actor.id !== userId) throw new NotFoundError("user");
    return assignedProgramIds(db, userId);
  },
);

/**
 * Sets a verified account's programs (R138); empty removes the role. A change ends their sessions and API keys:
 * what they may read changed (R129).
 */
export const setStaffPrograms = traced(
  "model.setStaffPrograms",
  async function setStaffPrograms(db: DB, actor: CurrentUser, userId: number, programIds: number[]): Promise<void> {
    if (!actor.isSuperAdmin) throw new ForbiddenError("super administrators only");
    if (programIds.some((id) => !Number.isInteger(id) || id < 1))
      throw new InputError({ localPrograms: ["admin:programs.staff.unknown"] });
    const wanted = [...new Set(programIds)].sort((a, b) => a - b);
    await writeTransaction(db, async (trx) => {
      // R135: the account's row as for a promotion, so a referral it starts meanwhile waits and is then seen.
      await holdRows(trx, "users", "id", [userId], "delete");
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "enabled", "locked"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) throw new NotFoundError("user");
      const roles = (await trx.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
        (row) => row.role,
      );
      if (roles.includes("ROLE_SUPER_ADMIN")) throw new NotFoundError("user");
      if (!mayManageUser(actor, { id: userId, isSuperAdmin: false }))
        throw new ForbiddenError("not on one's own account");
      const current = await assignedProgramIds(trx, userId);
      if (current.join(",") === wanted.join(",")) return;
      if (wanted.length) {
        if (roles.includes("ROLE_ADMIN")) throw new InputError({ localPrograms: ["admin:programs.staff.isAdmin"] });
        if (!user.enabled || user.locked) throw new InputError({ localPrograms: ["admin:programs.staff.notVerified"] });
        const hasReferrals = await trx
          .selectFrom("referrals")
          .select("id")
          .where("created_by_id", "=", userId)
          .executeTakeFirst();
        if (hasReferrals) throw new InputError({ localPrograms: ["admin:programs.staff.hasReferrals"] });
        const programs = await trx
          .selectFrom("local_programs")
          .select(["id", "approved_domains"])
          .where("id", "in", wanted)
          .execute();
        if (programs.length !== wanted.length)
          throw new InputError({ localPrograms: ["admin:programs.staff.unknown"] });
        const domain = domainOf(user.email);
        if (programs.some((program) => !domainsOf(program.approved_domains).includes(domain))) {
          throw new InputError({ localPrograms: ["admin:programs.staff.domain"] });
        }
      }
      await trx.deleteFrom("user_local_programs").where("user_id", "=", userId).execute();
      if (wanted.length) {
        await trx
          .insertInto("user_local_programs")
          .values(wanted.map((id) => ({ user_id: userId, local_program_id: id })))
          .execute();
      }
      const hasRole = roles.includes("ROLE_LOCAL_PROGRAM");
      if (wanted.length && !hasRole)
        await trx.insertInto("user_roles").values({ user_id: userId, role: "ROLE_LOCAL_PROGRAM" }).execute();
      if (!wanted.length && hasRole)
        await trx
          .deleteFrom("user_roles")
          .where("user_id", "=", userId)
          .where("role", "=", "ROLE_LOCAL_PROGRAM")
          .execute();
      const now = new Date().toISOString();
      await trx
        .updateTable("users")
        .set({ updated_at: now, updated_by_id: actor.id })
        .where("id", "=", userId)
        .execute();
      await recordSecurityEvent(trx, {
        kind: wanted.length ? "programStaffSet" : "programStaffRemoved",
        ...doneBy(actor),
        subjectUserId: userId,
      });
      await destroyUserSessions(trx, userId);
      await endApiKeysOf(trx, userId, "roleLost");
      await endReviewLinks(trx, { madeBy: userId });
    });
  },
);

/** Leaving a program's domains ends its staff role (R138), sessions, and any keys and review links it outlived. */
export async function endStaffRoleByDomain(
  trx: DB,
  actor: CurrentUser,
  userId: number,
  programId: number,
  program: string,
): Promise<void> {
  await trx
    .deleteFrom("user_local_programs")
    .where("user_id", "=", userId)
    .where("local_program_id", "=", programId)
    .execute();
  const left = await trx
    .selectFrom("user_local_programs")
    .select("local_program_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!left)
    await trx.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", "ROLE_LOCAL_PROGRAM").execute();
  await recordSecurityEvent(trx, {
    kind: "roleEndedByDomain",
    ...doneBy(actor),
    subjectUserId: userId,
    details: { program, reason: "domain" },
  });
  await destroyUserSessions(trx, userId);
  if (!left) await endApiKeysOf(trx, userId, "roleLost");
  await endReviewLinks(trx, { madeBy: userId });
}
