import type { DB } from "~/db.server";
import { getProfile } from "~/models/profile.server";
import { getCurrentUser, registerUser, type CurrentUser } from "~/models/user.server";
import type { ProfileUpdate } from "~/schemas/account.server";
import type { PhoneParts } from "~/utils/phone";

/** A person in the test database, as the model functions see who asks. */
export async function addPerson(db: DB, email: string, { admin = false } = {}): Promise<CurrentUser> {
  const row = await db
    .insertInto("users")
    .values({ email, username: email, password_hash: "x", first_name: "A", last_name: "B", enabled: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roles = admin ? (["ROLE_USER", "ROLE_ADMIN"] as const) : (["ROLE_USER"] as const);
  await db
    .insertInto("user_roles")
    .values(roles.map((role) => ({ user_id: row.id, role })))
    .execute();
  return {
    id: row.id,
    email,
    firstName: "A",
    lastName: "B",
    primaryLanguage: "en",
    roles: [...roles],
    isAdmin: admin,
    isSuperAdmin: false,
    localProgramIds: [],
  };
}

/** The answers of a registered test person's two security questions (1 and 2). */
export const SECURITY_ANSWERS = { securityAnswer1: "Rex", securityAnswer2: "Baltimore" } as const;

/**
 * A person registered as the registration form registers them (the password and the security
 * answers hashed), with the e-mail verified, and an administrator when asked.
 */
export async function addRegisteredPerson(
  db: DB,
  email: string,
  {
    password,
    admin = false,
    firstName = "Rosa",
    lastName = "Núñez",
    primaryLanguage = "en",
    homePhoneNumber = null,
  }: {
    password: string;
    admin?: boolean;
    firstName?: string;
    lastName?: string;
    primaryLanguage?: "en" | "sp";
    homePhoneNumber?: PhoneParts | null;
  },
): Promise<CurrentUser> {
  const { id } = await registerUser(db, {
    firstName,
    lastName,
    reference: "1",
    email,
    password,
    securityQuestion1: "1",
    securityQuestion2: "2",
    ...SECURITY_ANSWERS,
    primaryLanguage,
    homePhoneNumber,
    workPhoneNumber: null,
    mobilePhoneNumber: null,
  });
  await db.updateTable("users").set({ enabled: 1 }).where("id", "=", id).execute();
  if (admin) await db.insertInto("user_roles").values({ user_id: id, role: "ROLE_ADMIN" }).execute();
  return (await getCurrentUser(db, id))!;
}

/**
 * A person's profile form as its owner would send it back unchanged (the password and answers left blank), with these
 * phones.
 */
export async function unchangedProfile(
  db: DB,
  actor: CurrentUser,
  homePhoneNumber: PhoneParts | null = null,
): Promise<ProfileUpdate> {
  const profile = await getProfile(db, actor, actor.id);
  return {
    prefix: profile.prefix,
    firstName: profile.firstName,
    middleName: profile.middleName,
    lastName: profile.lastName,
    suffix: profile.suffix,
    reference: profile.reference,
    email: profile.email,
    primaryLanguage: profile.primaryLanguage,
    securityQuestion1: profile.securityQuestion1,
    securityQuestion2: profile.securityQuestion2,
    homePhoneNumber,
    workPhoneNumber: null,
    mobilePhoneNumber: null,
  };
}

/**
 * The three people most model tests ask as: a referrer who owns what the test makes, another referrer, an
 * administrator.
 */
export async function ownerStrangerAdmin(
  db: DB,
): Promise<{ owner: CurrentUser; stranger: CurrentUser; admin: CurrentUser }> {
  return {
    owner: await addPerson(db, "owner@example.com"),
    stranger: await addPerson(db, "stranger@example.com"),
    admin: await addPerson(db, "admin@maryland.gov", { admin: true }),
  };
}

/** The area codes of the phone numbers stored as a person's: a number taken away leaves no row behind. */
export async function storedAreaCodes(db: DB, person: { id: number }): Promise<string[]> {
  const rows = await db
    .selectFrom("phone_numbers")
    .select("area_code")
    .where("created_by_id", "=", person.id)
    .execute();
  return rows.map((row) => row.area_code);
}
