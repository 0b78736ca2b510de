import { expressionBuilder } from "kysely";
import type { Database, Role } from "../../db/schema";
import { hashAnswer, hashPassword, verifyPassword, dummyPasswordHash } from "~/auth/password.server";
import { isUniqueViolation, writeTransaction, type DB } from "~/db.server";
import type { Registration } from "~/schemas/account.server";
import { InvalidChoiceError } from "./errors";
import { mustHaveSecondFactor } from "./policy";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { unknownLookupCodes } from "./lookup.server";
import { insertPhone } from "./phone.server";
import { nameColumns } from "~/utils/person-name";
import { traced } from "~/services/trace.server";

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  primaryLanguage: "en" | "sp";
  roles: Role[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Programs whose submitted referrals this person works on as staff (R138); empty for everyone else. */
  localProgramIds: number[];
  /** Asking through the JSON API (with an API key, or the session): the record of access says so (R95). */
  via?: { channel: "api"; apiKeyId: number | null };
}

export function hasAdminRole(roles: readonly Role[]): boolean {
  return roles.includes("ROLE_ADMIN") || roles.includes("ROLE_SUPER_ADMIN");
}

/** Whether the user a query reads as `u` holds `role`, as a condition or a column. */
export function userHoldsRole(role: Role) {
  const eb = expressionBuilder<Database & { u: Database["users"] }, "u">();
  return eb.exists(
    eb.selectFrom("user_roles as s").select("s.user_id").whereRef("s.user_id", "=", "u.id").where("s.role", "=", role),
  );
}

/** Whether these roles need a second factor (policy.ts mustHaveSecondFactor, R129, R138). */
export function secondFactorRequiredFor(roles: readonly Role[]): boolean {
  return mustHaveSecondFactor({ isAdmin: hasAdminRole(roles), isProgramStaff: roles.includes("ROLE_LOCAL_PROGRAM") });
}

/** The programs a person is assigned to, in order, whatever their roles: callers decide who may ask. */
export async function assignedProgramIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_local_programs")
    .select("local_program_id")
    .where("user_id", "=", userId)
    .orderBy("local_program_id")
    .execute();
  return rows.map((row) => row.local_program_id);
}

/** The programs a person is staff of: those given with the local program role, and none without it (R138). */
export const staffProgramIds = traced(
  "model.staffProgramIds",
  async function staffProgramIds(db: DB, userId: number, roles: readonly Role[]): Promise<number[]> {
    if (!roles.includes("ROLE_LOCAL_PROGRAM") || hasAdminRole(roles)) return [];
    return assignedProgramIds(db, userId);
  },
);

/** The signed-in person behind a session; the session itself is the proof of who asks. */
export const getCurrentUser = traced(
  "model.getCurrentUser",
  async function getCurrentUser(db: DB, userId: number): Promise<CurrentUser | null> {
    const user = await db
      .selectFrom("users")
      .select(["id", "email", "first_name", "last_name", "primary_language", "locked", "enabled"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user || user.locked || !user.enabled) return null;
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    return {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      primaryLanguage: user.primary_language,
      roles,
      isAdmin: hasAdminRole(roles),
      isSuperAdmin: roles.includes("ROLE_SUPER_ADMIN"),
      localProgramIds: await staffProgramIds(db, userId, roles),
    };
  },
);

type PersonFields = Pick<
  Registration,
  | "prefix"
  | "firstName"
  | "middleName"
  | "lastName"
  | "suffix"
  | "reference"
  | "email"
  | "primaryLanguage"
  | "securityQuestion1"
  | "securityQuestion2"
>;

/** Refuses choices that are not in their lookup lists (InvalidChoiceError), by field. */
export const checkPersonChoices = traced(
  "model.checkPersonChoices",
  async function checkPersonChoices(db: DB, input: PersonFields): Promise<void> {
    const fieldErrors = await unknownLookupCodes(db, [
      { field: "prefix", type: "Prefixes", code: input.prefix },
      { field: "suffix", type: "Suffixes", code: input.suffix },
      { field: "reference", type: "References", code: input.reference },
      { field: "securityQuestion1", type: "SecurityQuestion", code: input.securityQuestion1 },
      { field: "securityQuestion2", type: "SecurityQuestion", code: input.securityQuestion2 },
    ]);
    if (Object.keys(fieldErrors).length) throw new InvalidChoiceError(fieldErrors);
  },
);

/** The e-mail is also the username. */
export function personColumns(input: PersonFields) {
  return {
    email: input.email,
    username: input.email,
    ...nameColumns(input),
    reference: input.reference,
    primary_language: input.primaryLanguage,
    security_question1: input.securityQuestion1,
    security_question2: input.securityQuestion2,
  };
}

export class EmailTakenError extends Error {
  name = "EmailTakenError";
}

/** Self-registration: an ordinary user, disabled until the e-mail (lower-cased, also the username) is verified. */
export const registerUser = traced(
  "model.registerUser",
  async function registerUser(db: DB, input: Registration): Promise<{ id: number }> {
    await checkPersonChoices(db, input);
    const passwordHash = await hashPassword(input.password);
    const answer1 = await hashAnswer(input.securityAnswer1);
    const answer2 = await hashAnswer(input.securityAnswer2);
    // R135: no row to hold for a new account; concurrent registrations of one address meet at the unique e-mail.
    return writeTransaction(db, async (trx) => {
      const taken = await trx.selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
      if (taken) throw new EmailTakenError(input.email);
      const user = await trx
        .insertInto("users")
        .values({
          ...personColumns(input),
          password_hash: passwordHash,
          security_answer1_hash: answer1,
          security_answer2_hash: answer2,
          enabled: 0,
          locked: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("users")
        .set({
          home_phone_id: await insertPhone(trx, input.homePhoneNumber, user.id),
          work_phone_id: await insertPhone(trx, input.workPhoneNumber, user.id),
          mobile_phone_id: await insertPhone(trx, input.mobilePhoneNumber, user.id),
        })
        .where("id", "=", user.id)
        .execute();
      await trx.insertInto("user_roles").values({ user_id: user.id, role: "ROLE_USER" }).execute();
      return { id: user.id };
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new EmailTakenError(input.email);
      throw error;
    });
  },
);

/** `userId`: whose password was wrong, for the security events only (R133); the person is told nothing more. */
export type CredentialCheck =
  | { status: "ok"; userId: number }
  | { status: "invalid"; userId?: number }
  | { status: "locked"; userId: number }
  | { status: "unverified"; userId: number };

/** Checks an e-mail and password. An unknown e-mail costs the same time as a wrong password. */
export const checkCredentials = traced(
  "model.checkCredentials",
  async function checkCredentials(db: DB, email: string, password: string): Promise<CredentialCheck> {
    const user = await db
      .selectFrom("users")
      .select(["id", "password_hash", "locked", "enabled"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    const matches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user) return { status: "invalid" };
    if (!matches) return { status: "invalid", userId: user.id };
    if (user.locked) return { status: "locked", userId: user.id };
    if (!user.enabled) return { status: "unverified", userId: user.id };
    return { status: "ok", userId: user.id };
  },
);

/** A person signed in (past the second step, when they have one): their last sign-in, and a security event (R133). */
export const recordSignIn = traced(
  "model.recordSignIn",
  async function recordSignIn(db: DB, userId: number, clientIp: string, now: Date = new Date()): Promise<void> {
    await db.updateTable("users").set({ last_login: now.toISOString() }).where("id", "=", userId).execute();
    await recordSecurityEvent(db, { kind: "signIn", ...byOwner(userId), address: clientIp }, now);
  },
);

/** The contact details the account mails need; only for the account's own flows. */
export const getMailRecipient = traced(
  "model.getMailRecipient",
  async function getMailRecipient(db: DB, userId: number) {
    return db
      .selectFrom("users")
      .select(["id", "email", "first_name", "primary_language", "enabled", "locked"])
      .where("id", "=", userId)
      .executeTakeFirst();
  },
);

/** What policy.ts needs of a person (mayViewPerson); null when no such account. */
export const personFacts = traced("model.personFacts", async function personFacts(db: DB, userId: number): Promise<{
  id: number;
  isSuperAdmin: boolean;
} | null> {
  const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
    (row) => row.role,
  );
  return roles.length ? { id: userId, isSuperAdmin: roles.includes("ROLE_SUPER_ADMIN") } : null;
});

/** Whether any account holds an administrator's role (the production check of SECRETS_KEY). */
export const administratorExists = traced(
  "model.administratorExists",
  async function administratorExists(db: DB): Promise<boolean> {
    const row = await db
      .selectFrom("user_roles")
      .select("user_id")
      .where("role", "in", ["ROLE_ADMIN", "ROLE_SUPER_ADMIN"])
      .executeTakeFirst();
    return Boolean(row);
  },
);

export const findUserIdByEmail = traced(
  "model.findUserIdByEmail",
  async function findUserIdByEmail(db: DB, email: string): Promise<number | null> {
    const row = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id ?? null;
  },
);

/** The first super administrator, from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD; a later seed leaves it alone. */
export const ensureSeedAdministrator = traced(
  "model.ensureSeedAdministrator",
  async function ensureSeedAdministrator(db: DB, email: string, password: string): Promise<"created" | "exists"> {
    if (await findUserIdByEmail(db, email)) return "exists";
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email,
          username: email,
          password_hash: passwordHash,
          first_name: "Program",
          last_name: "Administrator",
          primary_language: "en",
          enabled: 1,
          locked: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("user_roles")
        .values([
          { user_id: user.id, role: "ROLE_USER" },
          { user_id: user.id, role: "ROLE_ADMIN" },
          { user_id: user.id, role: "ROLE_SUPER_ADMIN" },
        ])
        .execute();
    });
    return "created";
  },
);
