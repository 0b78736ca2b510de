import { sql } from "kysely";
import { destroyUserSessions } from "~/auth/session.server";
import { endApiKeysOf } from "./api-key.server";
import { endReviewLinks } from "./referral-admin.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { sendPasswordResetEmail, sendVerificationEmail } from "~/services/emails.server";
import { accountStatus } from "~/utils/statuses";
import { createEmailVerification, requestPasswordReset } from "./account-token.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayManageUser, mayViewAccount } from "./policy";
import { domainOf } from "./role-domains.server";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import { getMailRecipient, hasAdminRole, userHoldsRole, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// What administrators do to one account (R89–R92). Super administrators are never changed from here.

export type PromotionProblem = "alreadyAdmin" | "hasReferrals" | "neverSignedIn" | "domain";

/** Why a user may not be promoted to administrator, or null when they may (R91). */
export function promotionProblem(
  user: { isAdmin: boolean; hasReferrals: boolean; lastLogin: string | null; email: string },
  approvedDomains: readonly string[],
): PromotionProblem | null {
  if (user.isAdmin) return "alreadyAdmin";
  if (user.hasReferrals) return "hasReferrals";
  if (!user.lastLogin) return "neverSignedIn";
  const domain = user.email.split("@").pop()?.toLowerCase() ?? "";
  if (!approvedDomains.includes(domain)) return "domain";
  return null;
}

export function requireAdministrator(actor: CurrentUser) {
  if (!actor.isAdmin) throw new ForbiddenError("administrators only");
}

/** A user an administrator may act on: not a super administrator (hidden), not themselves. */
async function target(db: DB, actor: CurrentUser, userId: number) {
  requireAdministrator(actor);
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "locked", "last_login"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new NotFoundError("user");
  const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
    (row) => row.role,
  );
  const facts = { id: user.id, isSuperAdmin: roles.includes("ROLE_SUPER_ADMIN") };
  // Super administrators are hidden as if they did not exist (R88).
  if (facts.isSuperAdmin) throw new NotFoundError("user");
  if (!mayManageUser(actor, facts)) throw new ForbiddenError("administrators do not change their own account here");
  return { ...user, isAdmin: roles.includes("ROLE_ADMIN") };
}

/** Deactivating ends every session, API key and review link at once; activating also sets enabled (R90, R101). */
export const setUserActive = traced(
  "model.setUserActive",
  async function setUserActive(db: DB, actor: CurrentUser, userId: number, active: boolean): Promise<void> {
    await writeTransaction(db, async (trx) => {
      // R135: concurrent (de)activations end one way, their events in order.
      await holdRows(trx, "users", "id", [userId]);
      await target(trx, actor, userId);
      const now = new Date().toISOString();
      await trx
        .updateTable("users")
        .set({
          locked: active ? 0 : 1,
          ...(active ? { enabled: 1 as const } : {}),
          status_updated_at: now,
          updated_at: now,
          updated_by_id: actor.id,
        })
        .where("id", "=", userId)
        .execute();
      await recordSecurityEvent(trx, {
        kind: active ? "activated" : "deactivated",
        ...doneBy(actor),
        subjectUserId: userId,
      });
      if (!active) {
        await destroyUserSessions(trx, userId);
        await endApiKeysOf(trx, userId, "deactivated");
        await endReviewLinks(trx, { madeBy: userId });
      }
    });
  },
);

/** Promotion is one-way, and only for an eligible user (R91). */
export class NotEligibleError extends Error {
  name = "NotEligibleError";
  constructor(readonly problem: PromotionProblem) {
    super(`not eligible: ${problem}`);
  }
}

export const promoteUser = traced(
  "model.promoteUser",
  async function promoteUser(
    db: DB,
    actor: CurrentUser,
    userId: number,
    approvedDomains: readonly string[],
  ): Promise<void> {
    await writeTransaction(db, async (trx) => {
      // R135: held as for a delete, so a referral it starts meanwhile waits and is then seen.
      await holdRows(trx, "users", "id", [userId], "delete");
      const user = await target(trx, actor, userId);
      const hasReferrals = Boolean(
        await trx.selectFrom("referrals").select("id").where("created_by_id", "=", userId).executeTakeFirst(),
      );
      const problem = promotionProblem(
        { isAdmin: user.isAdmin, hasReferrals, lastLogin: user.last_login, email: user.email },
        approvedDomains,
      );
      if (problem) throw new NotEligibleError(problem);
      const now = new Date().toISOString();
      await trx.insertInto("user_roles").values({ user_id: userId, role: "ROLE_ADMIN" }).execute();
      // An administrator reads every program's referrals: staff of a program made one is staff of none (R138).
      await trx.deleteFrom("user_local_programs").where("user_id", "=", userId).execute();
      await trx
        .deleteFrom("user_roles")
        .where("user_id", "=", userId)
        .where("role", "=", "ROLE_LOCAL_PROGRAM")
        .execute();
      await trx
        .updateTable("users")
        .set({ updated_at: now, updated_by_id: actor.id })
        .where("id", "=", userId)
        .execute();
      await recordSecurityEvent(trx, { kind: "promoted", ...doneBy(actor), subjectUserId: userId });
      // Administrator sessions must have passed a second factor (R129): the next sign-in sets one up.
      await destroyUserSessions(trx, userId);
    });
  },
);

/**
 * At start-up, administrators outside ADMIN_EMAIL_DOMAINS become referrers again, signed out everywhere (R91). An empty
 * list ends nobody, so an unset setting cannot remove every administrator. Returns how many stopped.
 */
export const endAdminRolesOutsideDomains = traced(
  "model.endAdminRolesOutsideDomains",
  async function endAdminRolesOutsideDomains(db: DB, adminDomains: readonly string[]): Promise<number> {
    if (!adminDomains.length) return 0;
    const admins = await db
      .selectFrom("users as u")
      .innerJoin("user_roles as r", "r.user_id", "u.id")
      .select(["u.id", "u.email"])
      .where("r.role", "=", "ROLE_ADMIN")
      .where((eb) => eb.not(userHoldsRole("ROLE_SUPER_ADMIN")))
      .execute();
    const outside = admins.filter((admin) => !adminDomains.includes(domainOf(admin.email)));
    let stopped = 0;
    for (const admin of outside) {
      stopped += await writeTransaction(db, async (trx) => {
        await holdRows(trx, "users", "id", [admin.id]);
        const ended = await trx
          .deleteFrom("user_roles")
          .where("user_id", "=", admin.id)
          .where("role", "=", "ROLE_ADMIN")
          .executeTakeFirst();
        // Ended meanwhile by another instance starting at once.
        if (!Number(ended.numDeletedRows)) return 0;
        await recordSecurityEvent(trx, {
          kind: "roleEndedByDomain",
          subjectUserId: admin.id,
          details: { reason: "adminDomains" },
        });
        await destroyUserSessions(trx, admin.id);
        await endApiKeysOf(trx, admin.id, "roleLost");
        await endReviewLinks(trx, { madeBy: admin.id });
        return 1;
      });
    }
    return stopped;
  },
);

/** A reset link as "forgot password" sends (R89, R103). `sent: false` within two hours of the last, or if inactive. */
export const sendPasswordReset = traced(
  "model.sendPasswordReset",
  async function sendPasswordReset(
    db: DB,
    actor: CurrentUser,
    userId: number,
  ): Promise<{
    sent: boolean;
  }> {
    const user = await target(db, actor, userId);
    const reset = await requestPasswordReset(db, user.email, { requestedById: actor.id });
    if (!reset) return { sent: false };
    await recordSecurityEvent(db, { kind: "passwordResetSent", ...doneBy(actor), subjectUserId: reset.userId });
    const recipient = await getMailRecipient(db, reset.userId);
    if (recipient) await sendPasswordResetEmail(recipient, reset.token);
    return { sent: true };
  },
);

/** Mails a fresh verification link (R3, R89). `sent: false` when already verified, or inactive. */
export const resendVerificationEmail = traced(
  "model.resendVerificationEmail",
  async function resendVerificationEmail(db: DB, actor: CurrentUser, userId: number): Promise<{ sent: boolean }> {
    await target(db, actor, userId);
    const recipient = await getMailRecipient(db, userId);
    if (
      !recipient ||
      accountStatus({ locked: recipient.locked === 1, enabled: recipient.enabled === 1 }) !== "unverified"
    )
      return { sent: false };
    await sendVerificationEmail(recipient, await createEmailVerification(db, userId));
    return { sent: true };
  },
);

/** The administrator's view of one user (R92). */
export const getUserForAdmin = traced(
  "model.getUserForAdmin",
  async function getUserForAdmin(db: DB, actor: CurrentUser, userId: number) {
    requireAdministrator(actor);
    const user = await db
      .selectFrom("users as u")
      .leftJoin("users as b", "b.id", "u.updated_by_id")
      .select([
        "u.id",
        "u.email",
        "u.locked",
        "u.enabled",
        "u.last_login",
        "u.status_updated_at",
        "u.updated_at",
        "u.created_at",
        sql<string | null>`b.first_name || ' ' || b.last_name`.as("updated_by"),
      ])
      .where("u.id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new NotFoundError("user");
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    if (!mayViewAccount(actor, { isSuperAdmin: roles.includes("ROLE_SUPER_ADMIN") })) throw new NotFoundError("user");
    // For promotionProblem.
    const hasReferrals = Boolean(
      await db.selectFrom("referrals").select("id").where("created_by_id", "=", userId).executeTakeFirst(),
    );
    return { ...user, roles, isAdmin: hasAdminRole(roles), hasReferrals };
  },
);
