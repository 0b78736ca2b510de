import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

// The local program role (docs/product-rules.md R138) in user_roles: the table's check named only the first three
// roles, so no account could be made a program's staff. PostgreSQL changes the check in place; SQLite, which cannot,
// makes the table again with the new check and the same rows, key and index.

const ROLES = (roles: string[]) => sql.join(roles.map((role) => sql.lit(role)));
const BEFORE = ["ROLE_USER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN"];
const AFTER = [...BEFORE, "ROLE_LOCAL_PROGRAM"];

async function allowRoles(db: Kysely<any>, roles: string[]): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table user_roles drop constraint if exists user_roles_role_check`.execute(db);
    await sql`alter table user_roles add constraint user_roles_role_check check (role in (${ROLES(roles)}))`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable("user_roles_new")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in (${ROLES(roles)})`))
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
    .execute();
  await sql`insert into user_roles_new (user_id, role) select user_id, role from user_roles`.execute(db);
  await db.schema.dropTable("user_roles").execute();
  await db.schema.alterTable("user_roles_new").renameTo("user_roles").execute();
  await db.schema.createIndex("user_roles_role").on("user_roles").columns(["role", "user_id"]).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await allowRoles(db, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("user_roles").where("role", "=", "ROLE_LOCAL_PROGRAM").execute();
  await allowRoles(db, BEFORE);
}
