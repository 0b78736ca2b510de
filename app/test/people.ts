import type { DB } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";

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
