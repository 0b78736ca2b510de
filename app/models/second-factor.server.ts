import { getTOTPAuthUri } from "@epic-web/totp";
import { destroyUserSessions } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { sendAccountNotice } from "~/services/emails.server";
import { openSecret, sealSecret } from "~/services/secret-box.server";
import { endApiKeysOf } from "./api-key.server";
import { guardedCode } from "./code-guard.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayRemoveSecondFactor, mayResetSecondFactor, mayViewRecordsOf, type Actor } from "./policy";
import {
  keyContext,
  newAppKey,
  newRecoveryCodes,
  stepOfCode,
  takeCode,
  TOTP,
  wrong,
} from "./second-factor-codes.server";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { getMailRecipient, secondFactorRequiredFor } from "./user.server";
import { traced } from "~/services/trace.server";

// The second factor (R129): a TOTP app, required of administrators, plus ten single-use recovery codes. The app's key
// is sealed with SECRETS_KEY and shown to one set-up session only.

const ISSUER = "Maryland Infants and Toddlers Program";

/** The person the codes are for, as the sign-in and the profile know them. */
export interface CodeHolder {
  id: number;
  email: string;
}

/** The security events of a person's second factor (R129, R133), which their account's page shows. */
const RECORDED = ["secondFactorAdded", "secondFactorRemoved", "recoveryCodeUsed", "secondFactorReset"] as const;

/** Whether a person must, or may, have a second factor; whether they have one; how many recovery codes are left. */
export const secondFactorOf = traced(
  "model.secondFactorOf",
  async function secondFactorOf(db: DB, actor: Actor, userId: number) {
    if (!mayViewRecordsOf(actor, userId)) throw new NotFoundError("user");
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    if (!roles.length) throw new NotFoundError("user");
    const factor = await db
      .selectFrom("second_factors")
      .select("confirmed_at")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const left = await db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return {
      required: secondFactorRequiredFor(roles),
      enabled: Boolean(factor?.confirmed_at),
      confirmedAt: factor?.confirmed_at ?? null,
      recoveryCodesLeft: Number(left.count),
    };
  },
);

/** An unconfirmed set-up: whether begun, and its key if shown to this session. ForbiddenError once confirmed. */
async function setupOf(
  trx: DB,
  userId: number,
  sessionIdHash: string,
): Promise<{ begun: boolean; shown: string | null }> {
  const row = await trx
    .selectFrom("second_factors")
    .select(["secret", "confirmed_at", "setup_session_hash"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row?.confirmed_at) throw new ForbiddenError("a second factor is set up already");
  return {
    begun: Boolean(row),
    shown: row && row.setup_session_hash === sessionIdHash ? openSecret(row.secret, keyContext(userId)) : null,
  };
}

/**
 * The set-up's key and otpauth:// URI. The key is shown again only to the session it was shown to, which alone may
 * confirm it; another session gets a new key, voiding the old.
 */
export const beginSecondFactorSetup = traced(
  "model.beginSecondFactorSetup",
  async function beginSecondFactorSetup(
    db: DB,
    holder: CodeHolder,
    sessionIdHash: string,
  ): Promise<{ secret: string; uri: string }> {
    return writeTransaction(db, async (trx) => {
      // R135: one change at a time per person.
      await holdRows(trx, "users", "id", [holder.id]);
      const { begun, shown } = await setupOf(trx, holder.id, sessionIdHash);
      let secret = shown;
      if (!secret) {
        secret = newAppKey();
        const row = {
          secret: sealSecret(secret, keyContext(holder.id)),
          created_at: new Date().toISOString(),
          setup_session_hash: sessionIdHash,
          last_used_step: null,
        };
        if (begun) await trx.updateTable("second_factors").set(row).where("user_id", "=", holder.id).execute();
        else
          await trx
            .insertInto("second_factors")
            .values({ user_id: holder.id, ...row })
            .execute();
      }
      return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName: holder.email, issuer: ISSUER }) };
    });
  },
);

/** Confirms the set-up with an app code; returns new recovery codes to show once (only hashes are kept). */
export const confirmSecondFactor = traced(
  "model.confirmSecondFactor",
  async function confirmSecondFactor(
    db: DB,
    holder: CodeHolder,
    sessionIdHash: string,
    code: string,
    clientIp: string,
  ): Promise<{ recoveryCodes: string[] }> {
    const codes = newRecoveryCodes();
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        await holdRows(trx, "users", "id", [holder.id]);
        // No key shown to this session: no code can be right.
        const { shown } = await setupOf(trx, holder.id, sessionIdHash);
        const step = shown ? await stepOfCode(shown, code) : null;
        if (step === null) throw wrong("validation.secondFactorWrong");
        await trx
          .updateTable("second_factors")
          .set({ confirmed_at: new Date().toISOString(), last_used_step: step, setup_session_hash: null })
          .where("user_id", "=", holder.id)
          .execute();
        await trx.deleteFrom("recovery_codes").where("user_id", "=", holder.id).execute();
        await trx
          .insertInto("recovery_codes")
          .values(codes.map(({ hash }) => ({ user_id: holder.id, code_hash: hash })))
          .execute();
        await recordSecurityEvent(trx, { kind: "secondFactorAdded", ...byOwner(holder.id), address: clientIp });
      }),
    );
    await mailHolder(db, holder.id, "added");
    return { recoveryCodes: codes.map(({ code }) => code) };
  },
);

async function mailHolder(db: DB, userId: number, kind: "added" | "removed") {
  const recipient = await getMailRecipient(db, userId);
  if (recipient) await sendAccountNotice(recipient, `secondFactor.${kind}`);
}

/** A code asked again before what a stolen session alone must not do (making an API key), limited as at sign-in. */
export const proveSecondFactor = traced(
  "model.proveSecondFactor",
  async function proveSecondFactor(
    db: DB,
    holder: CodeHolder,
    input: { code: string } | { recoveryCode: string },
    clientIp: string,
  ): Promise<void> {
    const factor = await db
      .selectFrom("second_factors")
      .select("user_id")
      .where("user_id", "=", holder.id)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst();
    // No app set up: answered as a wrong code.
    if (!factor) throw wrong("validation.secondFactorWrong");
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, (trx) => takeCode(trx, holder.id, input, clientIp)),
    );
  },
);

/** A referrer turns the second factor off with a code, counted with sign-in attempts; administrators may not. */
export const removeSecondFactor = traced(
  "model.removeSecondFactor",
  async function removeSecondFactor(
    db: DB,
    actor: Actor & CodeHolder,
    input: { code: string } | { recoveryCode: string },
    clientIp: string,
  ): Promise<void> {
    if (!mayRemoveSecondFactor(actor)) throw new ForbiddenError("administrators keep their second factor");
    await guardedCode(db, actor.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        await takeCode(trx, actor.id, input, clientIp);
        await trx.deleteFrom("second_factors").where("user_id", "=", actor.id).execute();
        await trx.deleteFrom("recovery_codes").where("user_id", "=", actor.id).execute();
        await recordSecurityEvent(trx, { kind: "secondFactorRemoved", ...byOwner(actor.id), address: clientIp });
      }),
    );
    await mailHolder(db, actor.id, "removed");
  },
);

/** A super administrator's reset for a lost app and codes; ends every session. `reset: false` when there was none. */
export const resetSecondFactor = traced(
  "model.resetSecondFactor",
  async function resetSecondFactor(
    db: DB,
    actor: Actor,
    userId: number,
  ): Promise<{
    reset: boolean;
  }> {
    const target = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
    if (!target || !actor.isAdmin) throw new NotFoundError("user");
    if (!mayResetSecondFactor(actor, { id: userId }))
      throw new ForbiddenError("super administrators only, and not their own");
    const reset = await writeTransaction(db, async (trx) => {
      await holdRows(trx, "users", "id", [userId]);
      const removed = await trx.deleteFrom("second_factors").where("user_id", "=", userId).executeTakeFirst();
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      if (!Number(removed.numDeletedRows)) return false;
      await destroyUserSessions(trx, userId);
      await endApiKeysOf(trx, userId, "secondFactorReset");
      await recordSecurityEvent(trx, { kind: "secondFactorReset", actorUserId: actor.id, subjectUserId: userId });
      return true;
    });
    if (reset) await mailHolder(db, userId, "removed");
    return { reset };
  },
);

/** A person's second-factor events, newest first, for administrators. */
export const secondFactorHistory = traced(
  "model.secondFactorHistory",
  async function secondFactorHistory(db: DB, actor: Actor, userId: number) {
    if (!actor.isAdmin) throw new ForbiddenError("administrators only");
    return db
      .selectFrom("security_events as e")
      .leftJoin("users as u", "u.id", "e.actor_user_id")
      .select(["e.id", "e.at", "e.kind as action", "u.first_name", "u.last_name", "u.email"])
      .where("e.subject_user_id", "=", userId)
      .where("e.kind", "in", RECORDED)
      .orderBy("e.at", "desc")
      .orderBy("e.id", "desc")
      .execute();
  },
);
