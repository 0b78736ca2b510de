import { getConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";

// The e-mail domains a role asks (docs/product-rules.md R91, R138): a program's staff are at one of its domains, an
// administrator at one of ADMIN_EMAIL_DOMAINS. Apart from the programs' model so that the account flows can ask it
// without loading what a program sends by mail.

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
 * Whether an e-mail address would take its person outside the domains a role of theirs asks: the staff domains of each
 * of their programs (R138), or ADMIN_EMAIL_DOMAINS for an administrator promoted under it (R91; super administrators
 * are made by the installation, not promoted). A change of address to one is refused: the role follows the address.
 */
export const outsideRoleDomains = traced(
  "model.outsideRoleDomains",
  async function outsideRoleDomains(db: DB, userId: number, email: string): Promise<boolean> {
    const domain = domainOf(email);
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map((row) => row.role);
    const adminDomains = getConfig().ADMIN_EMAIL_DOMAINS;
    if (roles.includes("ROLE_ADMIN") && !roles.includes("ROLE_SUPER_ADMIN") && adminDomains.length && !adminDomains.includes(domain)) return true;
    const programs = await db
      .selectFrom("user_local_programs as s")
      .innerJoin("local_programs as p", "p.id", "s.local_program_id")
      .select("p.approved_domains")
      .where("s.user_id", "=", userId)
      .execute();
    return programs.some((program) => !domainsOf(program.approved_domains).includes(domain));
  },
);
