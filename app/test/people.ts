import type { DB } from "~/db.server";
import { getCurrentUser, registerUser, type CurrentUser } from "~/models/user.server";
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
  return { id: row.id, email, firstName: "A", lastName: "B", primaryLanguage: "en", roles: [...roles], isAdmin: admin, isSuperAdmin: false };
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
  }: { password: string; admin?: boolean; firstName?: string; lastName?: string; primaryLanguage?: "en" | "sp"; homePhoneNumber?: PhoneParts | null },
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
