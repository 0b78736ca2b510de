import type { Role } from "../../db/schema";
import { hashAnswer, hashPassword, verifyPassword } from "~/auth/password.server";
import { createSession, destroyUserSessions } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { ProfileUpdate } from "~/schemas/account.server";
import { sendAccountNotice, sendEmailChangeLink } from "~/services/emails.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { createEmailVerification } from "./account-token.server";
import { endApiKeysOf } from "./api-key.server";
import type { PhoneParts } from "~/utils/phone";
import { InputError, NotFoundError } from "./errors";
import { outsideRoleDomains } from "./role-domains.server";
import { insertPhone, phoneText } from "./phone.server";
import { mayEditProfile, mayViewPerson } from "./policy";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import {
  checkPersonChoices,
  EmailTakenError,
  hasAdminRole,
  personColumns,
  personFacts,
  type CurrentUser,
} from "./user.server";
import { nameOfRow } from "~/utils/person-name";
import { traced } from "~/services/trace.server";

export interface Profile {
  id: number;
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  prefix: string;
  suffix: string;
  reference: string;
  primaryLanguage: "en" | "sp";
  securityQuestion1: string;
  securityQuestion2: string;
  /** Each 3-3-4 with dashes, or "" for none. */
  homePhoneNumber: string;
  workPhoneNumber: string;
  mobilePhoneNumber: string;
  roles: Role[];
  isAdmin: boolean;
  locked: boolean;
  enabled: boolean;
  lastLogin: string | null;
  updatedAt: string;
  /** A new e-mail address asked for and not yet confirmed from the link sent to it (R13). */
  pendingEmail: string | null;
}

const PHONE_COLUMNS = {
  homePhoneNumber: "home_phone_id",
  workPhoneNumber: "work_phone_id",
  mobilePhoneNumber: "mobile_phone_id",
} as const;
type PhoneField = keyof typeof PHONE_COLUMNS;

/** A profile, for its owner or an administrator who may view the account (R12, R92); else NotFoundError. */
export const getProfile = traced(
  "model.getProfile",
  async function getProfile(db: DB, actor: CurrentUser, userId: number): Promise<Profile> {
    const person = await personFacts(db, userId);
    if (!person || !mayViewPerson(actor, person)) throw new NotFoundError("user");
    const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw new NotFoundError("user");
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    return {
      id: user.id,
      email: user.email,
      ...nameOfRow(user),
      reference: user.reference ?? "",
      primaryLanguage: user.primary_language,
      securityQuestion1: user.security_question1 ?? "",
      securityQuestion2: user.security_question2 ?? "",
      homePhoneNumber: await phoneText(db, user.home_phone_id),
      workPhoneNumber: await phoneText(db, user.work_phone_id),
      mobilePhoneNumber: await phoneText(db, user.mobile_phone_id),
      roles,
      isAdmin: hasAdminRole(roles),
      locked: Boolean(user.locked),
      enabled: Boolean(user.enabled),
      lastLogin: user.last_login,
      updatedAt: String(user.updated_at),
      pendingEmail: await pendingEmailOf(db, userId),
    };
  },
);

/** Keeps the phone row of one type in step with the form: updated, added, or removed when blanked. */
async function savePhone(trx: DB, existingId: number | null, parts: PhoneParts | null, ownerId: number) {
  if (!parts) {
    if (existingId !== null) await trx.deleteFrom("phone_numbers").where("id", "=", existingId).execute();
    return null;
  }
  if (existingId === null) return insertPhone(trx, parts, ownerId);
  await trx
    .updateTable("phone_numbers")
    .set({ area_code: parts.areaCode, prefix: parts.prefix, suffix: parts.suffix })
    .where("id", "=", existingId)
    .execute();
  return existingId;
}

export interface ProfileChange {
  languageChanged: boolean;
  passwordChanged: boolean;
  /** The new e-mail address asked for, which the account takes once the link sent to it is opened. */
  emailPending: string | null;
  /** After a new password, the Set-Cookie of the fresh sign-in of the one who changed it (see updateProfile). */
  session: string | null;
}

/**
 * Saves the owner's profile (anyone else NotFoundError). New e-mail, password or answer need the current password,
 * rate limited as a sign-in. A new e-mail only takes effect once its link is opened (R13); a new password ends other
 * sessions and API keys, and is mailed (R14).
 */
export const updateProfile = traced(
  "model.updateProfile",
  async function updateProfile(
    db: DB,
    actor: CurrentUser,
    userId: number,
    input: ProfileUpdate,
    { signedIn = true }: { signedIn?: boolean } = {},
  ): Promise<ProfileChange> {
    if (!mayEditProfile(actor, userId)) throw new NotFoundError("user");
    await checkPersonChoices(db, input);

    const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    const errors: Record<string, string[]> = {};
    if (input.securityQuestion1 !== user.security_question1 && !input.securityAnswer1)
      errors.securityAnswer1 = ["validation.answerNewQuestion"];
    if (input.securityQuestion2 !== user.security_question2 && !input.securityAnswer2)
      errors.securityAnswer2 = ["validation.answerNewQuestion"];
    const emailChanged = input.email !== user.email;
    const sensitive = emailChanged || Boolean(input.newPassword || input.securityAnswer1 || input.securityAnswer2);
    if (sensitive && !errors.securityAnswer1 && !errors.securityAnswer2) {
      if (!input.currentPassword) errors.currentPassword = ["validation.currentPasswordNeeded"];
      else {
        const limit = await hitRateLimit(db, "currentPassword", String(userId));
        if (!limit.allowed) errors.currentPassword = ["validation.tooManyTries"];
        else if (!(await verifyPassword(user.password_hash, input.currentPassword)))
          errors.currentPassword = ["validation.currentPasswordWrong"];
      }
    }
    if (emailChanged && (await outsideRoleDomains(db, userId, input.email)))
      errors.email = ["validation.emailOutsideRole"];
    if (Object.keys(errors).length) throw new InputError(errors);

    const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : user.password_hash;
    const answer1 = input.securityAnswer1 ? await hashAnswer(input.securityAnswer1) : user.security_answer1_hash;
    const answer2 = input.securityAnswer2 ? await hashAnswer(input.securityAnswer2) : user.security_answer2_hash;

    await writeTransaction(db, async (trx) => {
      // R135: the account's row, so two saves of one profile take turns and each replaces the phones the other left.
      await holdRows(trx, "users", "id", [userId]);
      if (emailChanged) {
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where("email", "=", input.email)
          .where("id", "<>", userId)
          .executeTakeFirst();
        if (taken) throw new EmailTakenError(input.email);
      }
      const current = await trx
        .selectFrom("users")
        .select(Object.values(PHONE_COLUMNS))
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const phones: Partial<Record<(typeof PHONE_COLUMNS)[PhoneField], number | null>> = {};
      for (const [field, column] of Object.entries(PHONE_COLUMNS) as Array<
        [PhoneField, (typeof PHONE_COLUMNS)[PhoneField]]
      >) {
        phones[column] = await savePhone(trx, current[column], input[field], userId);
      }
      const { email: _asked, username: _alsoAsked, ...columns } = personColumns(input);
      await trx
        .updateTable("users")
        .set({
          ...columns,
          password_hash: passwordHash,
          security_answer1_hash: answer1,
          security_answer2_hash: answer2,
          ...phones,
          updated_at: new Date().toISOString(),
          updated_by_id: actor.id,
        })
        .where("id", "=", userId)
        .execute();
    });
    // A new password signs out every device and key (R14); a session caller gets a fresh session.
    let session: string | null = null;
    const recipient = { email: user.email, first_name: input.firstName, primary_language: input.primaryLanguage };
    const event = { ...doneBy(actor), subjectUserId: userId };
    if (input.newPassword) {
      await recordSecurityEvent(db, { kind: "passwordChanged", ...event });
      await destroyUserSessions(db, userId);
      await endApiKeysOf(db, userId, "passwordChanged");
      if (signedIn) session = await createSession(db, userId);
      await sendAccountNotice(recipient, "passwordChanged");
    }
    if (input.securityAnswer1 || input.securityAnswer2)
      await recordSecurityEvent(db, { kind: "securityAnswersChanged", ...event });
    if (emailChanged) {
      await recordSecurityEvent(db, { kind: "emailChangeAsked", ...event });
      await sendEmailChangeLink(
        recipient,
        input.email,
        await createEmailVerification(db, userId, { newEmail: input.email }),
      );
      await sendAccountNotice(recipient, "emailChangeAsked", { newEmail: input.email });
    }
    return {
      languageChanged: input.primaryLanguage !== user.primary_language,
      passwordChanged: Boolean(input.newPassword),
      emailPending: emailChanged ? input.email : null,
      session,
    };
  },
);

async function pendingEmailOf(db: DB, userId: number, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom("email_verifications")
    .select("new_email")
    .where("user_id", "=", userId)
    .where("new_email", "is not", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.new_email ?? null;
}
