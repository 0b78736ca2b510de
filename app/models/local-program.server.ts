import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import type { LocalProgramInput } from "~/schemas/local-program";
import { domainOf, domainsOf } from "./role-domains.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { isProgramStaff, mayEditLocalPrograms, type Actor } from "./policy";
import { endStaffRoleByDomain } from "./program-staff.server";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// The 24 local programs (R136-R142). Their staff are in program-staff.server.ts; a submitted
// referral's program panel and its moves in referral-program.server.ts.

/**
 * A program as anyone signed in reads it (R136): its name in their language, its jurisdiction, its phone for families.
 */
export interface ProgramSummary {
  id: number;
  jurisdiction: string;
  name: string;
  phone: string | null;
}

/** A program as super administrators keep it, with what it lacks (R136): an intake address, staff. */
export interface ProgramDetails extends ProgramSummary {
  nameEn: string;
  nameEs: string;
  intakeEmail: string | null;
  approvedDomains: string[];
  staff: number;
  updatedAt: string | null;
}

export const nameIn = (row: { name: string; name_es: string }, language: Language) =>
  language === "es" ? row.name_es : row.name;

function programsWithStaff(db: DB) {
  return db
    .selectFrom("local_programs as p")
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("user_local_programs as s")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("s.local_program_id", "=", "p.id")
        .as("staff"),
    );
}

/** Every program, by name, for anyone signed in: the super administrators' page and the API read more (R136). */
export const listLocalPrograms = traced(
  "model.listLocalPrograms",
  async function listLocalPrograms(
    db: DB,
    actor: Actor,
    language: Language,
  ): Promise<Array<ProgramSummary | ProgramDetails>> {
    const rows = await programsWithStaff(db).execute();
    return rows
      .map((row) => programOf(actor, { ...row, staff: Number(row.staff ?? 0) }, language))
      .sort((a, b) => a.name.localeCompare(b.name, language === "es" ? "es" : "en"));
  },
);

type ProgramRow = {
  id: number;
  jurisdiction: string;
  name: string;
  name_es: string;
  intake_email: string | null;
  phone: string | null;
  approved_domains: string;
  updated_at: string | null;
  staff: number;
};

function programOf(actor: Actor, row: ProgramRow, language: Language): ProgramSummary | ProgramDetails {
  const summary = { id: row.id, jurisdiction: row.jurisdiction, name: nameIn(row, language), phone: row.phone };
  if (!mayEditLocalPrograms(actor)) return summary;
  return {
    ...summary,
    nameEn: row.name,
    nameEs: row.name_es,
    intakeEmail: row.intake_email,
    approvedDomains: domainsOf(row.approved_domains),
    staff: row.staff,
    updatedAt: row.updated_at,
  };
}

export const getLocalProgram = traced(
  "model.getLocalProgram",
  async function getLocalProgram(
    db: DB,
    actor: Actor,
    programId: number,
    language: Language,
  ): Promise<ProgramSummary | ProgramDetails> {
    const row = await programsWithStaff(db).where("p.id", "=", programId).executeTakeFirst();
    if (!row) throw new NotFoundError("local program");
    return programOf(actor, { ...row, staff: Number(row.staff ?? 0) }, language);
  },
);

/** The programs as super administrators keep them, with what each lacks (R136); anyone else: ForbiddenError. */
export const listProgramsToKeep = traced(
  "model.listProgramsToKeep",
  async function listProgramsToKeep(db: DB, actor: Actor, language: Language): Promise<ProgramDetails[]> {
    if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
    return (await listLocalPrograms(db, actor, language)) as ProgramDetails[];
  },
);

/** One program as super administrators keep it (R136); anyone else: ForbiddenError. */
export const getProgramToKeep = traced(
  "model.getProgramToKeep",
  async function getProgramToKeep(
    db: DB,
    actor: Actor,
    programId: number,
    language: Language,
  ): Promise<ProgramDetails> {
    if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
    return (await getLocalProgram(db, actor, programId, language)) as ProgramDetails;
  },
);

/**
 * Edits a program (R136). Intake address and domain changes are security events; staff now outside the domains stop
 * being staff at once, with their sessions, keys and review links (R138).
 */
export const updateLocalProgram = traced(
  "model.updateLocalProgram",
  async function updateLocalProgram(
    db: DB,
    actor: CurrentUser,
    programId: number,
    input: LocalProgramInput,
  ): Promise<void> {
    if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
    await writeTransaction(db, async (trx) => {
      // R135: the program's row, so two super administrators' changes take turns.
      await holdRows(trx, "local_programs", "id", [programId]);
      const found = await trx
        .selectFrom("local_programs")
        .select(["id", "intake_email", "approved_domains"])
        .where("id", "=", programId)
        .executeTakeFirst();
      if (!found) throw new NotFoundError("local program");
      const domains = [...new Set(input.approvedDomains.map((domain) => domain.toLowerCase()))];
      const intakeEmail = input.intakeEmail ?? null;
      await trx
        .updateTable("local_programs")
        .set({
          name: input.nameEn,
          name_es: input.nameEs,
          intake_email: intakeEmail,
          phone: input.phone ?? null,
          approved_domains: domains.join(","),
          updated_at: new Date().toISOString(),
          updated_by_id: actor.id,
        })
        .where("id", "=", programId)
        .execute();
      if (found.intake_email !== intakeEmail || domainsOf(found.approved_domains).join(",") !== domains.join(",")) {
        await recordSecurityEvent(trx, {
          kind: "programChanged",
          ...doneBy(actor),
          details: { program: input.nameEn },
        });
      }
      const staff = await trx
        .selectFrom("user_local_programs as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .select(["u.id", "u.email"])
        .where("p.local_program_id", "=", programId)
        .execute();
      for (const person of staff) {
        if (!domains.includes(domainOf(person.email)))
          await endStaffRoleByDomain(trx, actor, person.id, programId, input.nameEn);
      }
    });
  },
);

/** The program serving a county (FIPS), or null (R137). Public facts; the caller has checked who asks. */
export const programForCounty = traced(
  "model.programForCounty",
  async function programForCounty(db: DB, county: string | null): Promise<number | null> {
    if (!county) return null;
    const row = await db
      .selectFrom("local_programs")
      .select("id")
      .where("jurisdiction", "=", county)
      .executeTakeFirst();
    return row?.id ?? null;
  },
);

/** No local program serves the referral's county: it is not submitted (R137). */
export class NoProgramError extends Error {
  name = "NoProgramError";
}

/** Records the first open by the referral's program ("Opened by", R140); not administrators' looks. */
export const noteOpenedByProgram = traced(
  "model.noteOpenedByProgram",
  async function noteOpenedByProgram(
    db: DB,
    actor: Actor,
    referral: { id: number; status: string; local_program_id: number | null; opened_at: string | null },
  ) {
    if (referral.opened_at || referral.status === "Draft" || referral.local_program_id === null) return;
    if (!isProgramStaff(actor) || !actor.localProgramIds!.includes(referral.local_program_id)) return;
    // Only the first look sets it (the condition is the hold, R135).
    await db
      .updateTable("referrals")
      .set({ opened_at: new Date().toISOString(), opened_by_id: referral.local_program_id })
      .where("id", "=", referral.id)
      .where("opened_at", "is", null)
      .execute();
  },
);
