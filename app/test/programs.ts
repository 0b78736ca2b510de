import type { Updateable } from "kysely";
import type { LocalProgramsTable } from "../../db/schema";
import type { DB } from "~/db.server";
import { setStaffPrograms } from "~/models/program-staff.server";
import { getCurrentUser, type CurrentUser } from "~/models/user.server";
import { addPerson } from "./people";

// What the local programs' tests (docs/product-rules.md R136-R142) set up: the programs, a super administrator who
// keeps them, and their staff.

/** The counties whose programs these tests use, by their FIPS code. */
export const HOWARD = "24027";
export const CALVERT = "24009";
export const BALTIMORE_COUNTY = "24005";

/**
 * Every program's id by its county's code, once the programs named (by county) keep what is given (their staff's
 * domains …).
 */
export async function keepPrograms(
  db: DB,
  kept: Record<string, Updateable<LocalProgramsTable>>,
): Promise<Record<string, number>> {
  for (const [county, values] of Object.entries(kept))
    await db.updateTable("local_programs").set(values).where("jurisdiction", "=", county).execute();
  const rows = await db.selectFrom("local_programs").select(["id", "jurisdiction"]).execute();
  return Object.fromEntries(rows.map((row) => [row.jurisdiction, row.id]));
}

/** A state administrator who is a super administrator too (R136), as the models see them. */
export async function addSuperAdmin(db: DB, email: string): Promise<CurrentUser> {
  const person = await addPerson(db, email, { admin: true });
  await db.insertInto("user_roles").values({ user_id: person.id, role: "ROLE_SUPER_ADMIN" }).execute();
  return (await getCurrentUser(db, person.id))!;
}

/** A person the super administrator makes staff of a program (R138), as the models see them once it is stored. */
export async function addStaff(db: DB, superAdmin: CurrentUser, email: string, program: number): Promise<CurrentUser> {
  const person = await addPerson(db, email);
  await setStaffPrograms(db, superAdmin, person.id, [program]);
  return (await getCurrentUser(db, person.id))!;
}
