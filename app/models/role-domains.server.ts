import { getConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";

// The e-mail domains a role asks (R91, R138). Separate from the programs' model so account flows avoid its mail deps.

/** The domains as stored: lower case, comma-separated. */
export function domainsOf(stored: string): string[] {
  return stored
    .split(",")
    .map((domain) => domain.trim())
    .filter(Boolean);
}

/** A person's e-mail domain, as the programs' and the administrators' domains are kept: lower case. */
export function domainOf(email: string): string {
  return email.split("@").pop()?.toLowerCase() ?? "";
}

/**
 * Whether an address falls outside a role's domains: program staff domains (R138), or ADMIN_EMAIL_DOMAINS for a
 * promoted administrator (R91). Such a change is refused: the role follows the address.
 */
export const outsideRoleDomains = traced(
  "model.outsideRoleDomains",
  async function outsideRoleDomains(db: DB, userId: number, email: string): Promise<boolean> {
    const domain = domainOf(email);
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    const adminDomains = getConfig().ADMIN_EMAIL_DOMAINS;
    if (
      roles.includes("ROLE_ADMIN") &&
      !roles.includes("ROLE_SUPER_ADMIN") &&
      adminDomains.length &&
      !adminDomains.includes(domain)
    )
      return true;
    const programs = await db
      .selectFrom("user_local_programs as s")
      .innerJoin("local_programs as p", "p.id", "s.local_program_id")
      .select("p.approved_domains")
      .where("s.user_id", "=", userId)
      .execute();
    return programs.some((program) => !domainsOf(program.approved_domains).includes(domain));
  },
);
