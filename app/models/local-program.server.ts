import { destroyUserSessions } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import type { LocalProgramInput } from "~/schemas/local-program";
import { easternCalendarDate } from "~/utils/dates";
import { DETERMINED_STATUSES, timelineOf, type Timeline } from "~/utils/timeline";
import { endApiKeysOf } from "./api-key.server";
import { endReviewLinks } from "./referral-admin.server";
import { domainOf, domainsOf } from "./role-domains.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { keepReferralFigures } from "./insight.server";
import { actsForProgram, isProgramStaff, mayEditLocalPrograms, mayManageUser, mayTransferReferral, mayViewReferral, referralFacts, type Actor } from "./policy";
import { mailProgramIntake } from "./program-mail.server";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// The 24 local programs and their staff (docs/product-rules.md R136-R142): the programs as super administrators keep
// them, the local program role, the program a referral belongs to, its moves from one program to another, when its
// program first opened it, and its 45-day timeline.

/** A program as anyone signed in reads it (R136): its name in their language, its jurisdiction, its phone for families. */
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

const nameIn = (row: { name: string; name_es: string }, language: Language) => (language === "es" ? row.name_es : row.name);

/** The programs' rows, each with how many staff it has. */
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
export const listLocalPrograms = traced("model.listLocalPrograms", async function listLocalPrograms(db: DB, actor: Actor, language: Language): Promise<
  Array<ProgramSummary | ProgramDetails>
> {
  const rows = await programsWithStaff(db).execute();
  return rows
    .map((row) => programOf(actor, { ...row, staff: Number(row.staff ?? 0) }, language))
    .sort((a, b) => a.name.localeCompare(b.name, language === "es" ? "es" : "en"));
});

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

/** One program (NotFoundError when there is none). */
export const getLocalProgram = traced(
  "model.getLocalProgram",
  async function getLocalProgram(db: DB, actor: Actor, programId: number, language: Language): Promise<ProgramSummary | ProgramDetails> {
    const row = await programsWithStaff(db).where("p.id", "=", programId).executeTakeFirst();
    if (!row) throw new NotFoundError("local program");
    return programOf(actor, { ...row, staff: Number(row.staff ?? 0) }, language);
  },
);

/** The programs as super administrators keep them, with what each lacks (R136); anyone else: ForbiddenError. */
export const listProgramsToKeep = traced("model.listProgramsToKeep", async function listProgramsToKeep(db: DB, actor: Actor, language: Language): Promise<
  ProgramDetails[]
> {
  if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
  return (await listLocalPrograms(db, actor, language)) as ProgramDetails[];
});

/** One program as super administrators keep it (R136); anyone else: ForbiddenError. */
export const getProgramToKeep = traced(
  "model.getProgramToKeep",
  async function getProgramToKeep(db: DB, actor: Actor, programId: number, language: Language): Promise<ProgramDetails> {
    if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
    return (await getLocalProgram(db, actor, programId, language)) as ProgramDetails;
  },
);

/**
 * Super administrators change a program's names, intake address, phone and staff domains (R136). A change of the intake
 * address or the domains is a security event; staff whose e-mail is outside the domains left stop being the program's
 * staff at once (R138): their sessions end, and with the role their keys and review links (each a security event).
 */
export const updateLocalProgram = traced(
  "model.updateLocalProgram",
  async function updateLocalProgram(db: DB, actor: CurrentUser, programId: number, input: LocalProgramInput): Promise<void> {
    if (!mayEditLocalPrograms(actor)) throw new ForbiddenError("super administrators only");
    await writeTransaction(db, async (trx) => {
      // R135: the program's row, so two super administrators' changes take turns.
      await holdRows(trx, "local_programs", "id", [programId]);
      const found = await trx.selectFrom("local_programs").select(["id", "intake_email", "approved_domains"]).where("id", "=", programId).executeTakeFirst();
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
        await recordSecurityEvent(trx, { kind: "programChanged", ...doneBy(actor), details: { program: input.nameEn } });
      }
      const staff = await trx
        .selectFrom("user_local_programs as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .select(["u.id", "u.email"])
        .where("p.local_program_id", "=", programId)
        .execute();
      for (const person of staff) {
        if (!domains.includes(domainOf(person.email))) await endStaffRoleByDomain(trx, actor, person.id, programId, input.nameEn);
      }
    });
  },
);

/**
 * Someone whose e-mail is no longer within a program's staff domains stops being its staff (R138): taken off the
 * program (and the role with its last program), signed out everywhere, and the keys and review links that outlived
 * their authority ended.
 */
async function endStaffRoleByDomain(trx: DB, actor: CurrentUser, userId: number, programId: number, program: string): Promise<void> {
  await trx.deleteFrom("user_local_programs").where("user_id", "=", userId).where("local_program_id", "=", programId).execute();
  const left = await trx.selectFrom("user_local_programs").select("local_program_id").where("user_id", "=", userId).executeTakeFirst();
  if (!left) await trx.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", "ROLE_LOCAL_PROGRAM").execute();
  await recordSecurityEvent(trx, {
    kind: "roleEndedByDomain",
    ...doneBy(actor),
    subjectUserId: userId,
    details: { program, reason: "domain" },
  });
  await destroyUserSessions(trx, userId);
  if (!left) await endApiKeysOf(trx, userId, "roleLost");
  await endReviewLinks(trx, { madeBy: userId });
}

/**
 * The program that serves a county (its FIPS code), or null: a county no program serves (R137). Public facts, read for
 * submitReferral, which has already decided who asks.
 */
export const programForCounty = traced("model.programForCounty", async function programForCounty(db: DB, county: string | null): Promise<number | null> {
  if (!county) return null;
  const row = await db.selectFrom("local_programs").select("id").where("jurisdiction", "=", county).executeTakeFirst();
  return row?.id ?? null;
});

/** No local program serves the referral's county: it is not submitted (R137). */
export class NoProgramError extends Error {
  name = "NoProgramError";
}

// Staff (R138)

/** The programs a person is staff of, for a super administrator's view of their account (and the API's). */
export const staffProgramsOf = traced("model.staffProgramsOf", async function staffProgramsOf(db: DB, actor: Actor, userId: number): Promise<number[]> {
  if (!actor.isAdmin && actor.id !== userId) throw new NotFoundError("user");
  const rows = await db.selectFrom("user_local_programs").select("local_program_id").where("user_id", "=", userId).orderBy("local_program_id").execute();
  return rows.map((row) => row.local_program_id);
});

/**
 * A super administrator makes a verified account staff of one or more programs, on a domain every one of them approves
 * (R138); an empty list takes the role away. A change of programs ends the person's sessions and API keys: what they
 * may read changed, and their next sign-in asks for the second step (R129).
 */
export const setStaffPrograms = traced(
  "model.setStaffPrograms",
  async function setStaffPrograms(db: DB, actor: CurrentUser, userId: number, programIds: number[]): Promise<void> {
    if (!actor.isSuperAdmin) throw new ForbiddenError("super administrators only");
    if (programIds.some((id) => !Number.isInteger(id) || id < 1)) throw new InputError({ localPrograms: ["admin:programs.staff.unknown"] });
    const wanted = [...new Set(programIds)].sort((a, b) => a - b);
    await writeTransaction(db, async (trx) => {
      // R135: the account's row as for a promotion, so a referral it starts meanwhile waits and is then seen.
      await holdRows(trx, "users", "id", [userId], "delete");
      const user = await trx.selectFrom("users").select(["id", "email", "enabled", "locked"]).where("id", "=", userId).executeTakeFirst();
      if (!user) throw new NotFoundError("user");
      const roles = (await trx.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map((row) => row.role);
      if (roles.includes("ROLE_SUPER_ADMIN")) throw new NotFoundError("user");
      if (!mayManageUser(actor, { id: userId, isSuperAdmin: false })) throw new ForbiddenError("not on one's own account");
      const current = (await trx.selectFrom("user_local_programs").select("local_program_id").where("user_id", "=", userId).execute())
        .map((row) => row.local_program_id)
        .sort((a, b) => a - b);
      if (current.join(",") === wanted.join(",")) return;
      if (wanted.length) {
        if (roles.includes("ROLE_ADMIN")) throw new InputError({ localPrograms: ["admin:programs.staff.isAdmin"] });
        if (!user.enabled || user.locked) throw new InputError({ localPrograms: ["admin:programs.staff.notVerified"] });
        const hasReferrals = await trx.selectFrom("referrals").select("id").where("created_by_id", "=", userId).executeTakeFirst();
        if (hasReferrals) throw new InputError({ localPrograms: ["admin:programs.staff.hasReferrals"] });
        const programs = await trx.selectFrom("local_programs").select(["id", "approved_domains"]).where("id", "in", wanted).execute();
        if (programs.length !== wanted.length) throw new InputError({ localPrograms: ["admin:programs.staff.unknown"] });
        const domain = domainOf(user.email);
        if (programs.some((program) => !domainsOf(program.approved_domains).includes(domain))) {
          throw new InputError({ localPrograms: ["admin:programs.staff.domain"] });
        }
      }
      await trx.deleteFrom("user_local_programs").where("user_id", "=", userId).execute();
      if (wanted.length) {
        await trx
          .insertInto("user_local_programs")
          .values(wanted.map((id) => ({ user_id: userId, local_program_id: id })))
          .execute();
      }
      const hasRole = roles.includes("ROLE_LOCAL_PROGRAM");
      if (wanted.length && !hasRole) await trx.insertInto("user_roles").values({ user_id: userId, role: "ROLE_LOCAL_PROGRAM" }).execute();
      if (!wanted.length && hasRole) await trx.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", "ROLE_LOCAL_PROGRAM").execute();
      const now = new Date().toISOString();
      await trx.updateTable("users").set({ updated_at: now, updated_by_id: actor.id }).where("id", "=", userId).execute();
      await recordSecurityEvent(trx, {
        kind: wanted.length ? "programStaffSet" : "programStaffRemoved",
        ...doneBy(actor),
        subjectUserId: userId,
      });
      await destroyUserSessions(trx, userId);
      await endApiKeysOf(trx, userId, "roleLost");
      await endReviewLinks(trx, { madeBy: userId });
    });
  },
);

// A referral's program (R137, R139, R140, R141)

/** One move of a referral from one program to another, as its history shows it. */
export interface Transfer {
  at: string;
  by: string;
  from: string | null;
  to: string;
  reason: string;
}

/** What the review shows of a submitted referral's program: which, since when opened, its 45 days, its moves. */
export interface ReferralProgramPanel {
  referralId: number;
  program: ProgramSummary | null;
  /** When its program first opened it, and which program that was (R140). */
  opened: { at: string; program: string } | null;
  timeline: Timeline | null;
  /** The moves, newest first: for those who act for the program. */
  transfers: Transfer[] | null;
  /** The programs it may be moved to: for those who may move it. */
  transferTo: Array<{ id: number; name: string }> | null;
}

async function submittedRow(db: DB, referralId: number) {
  return db
    .selectFrom("referrals")
    .select(["id", "status", "created_by_id", "local_program_id", "submission_date", "opened_at", "opened_by_id"])
    .where("id", "=", referralId)
    .executeTakeFirst();
}

/** When eligibility was first determined (the day the 45 days stop counting), if it was. */
async function determinedAt(db: DB, referralId: number): Promise<string | null> {
  const row = await db
    .selectFrom("referral_status_history")
    .select((eb) => eb.fn.min("changed_at").as("at"))
    .where("referral_id", "=", referralId)
    .where("to_status", "in", [...DETERMINED_STATUSES])
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/**
 * The program panel of a submitted referral, for whoever may read it (its creator sees its program, when it was opened
 * and its 45 days; the program also sees its moves and may move it). Null for a Draft.
 */
export const referralProgramPanel = traced(
  "model.referralProgramPanel",
  async function referralProgramPanel(db: DB, actor: Actor, referralId: number, language: Language): Promise<ReferralProgramPanel | null> {
    const row = await submittedRow(db, referralId);
    if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("referral");
    if (row.status === "Draft" || !row.submission_date) return null;
    const programs = await db.selectFrom("local_programs").select(["id", "jurisdiction", "name", "name_es", "phone"]).execute();
    const byId = new Map(programs.map((program) => [program.id, program]));
    const current = row.local_program_id !== null ? byId.get(row.local_program_id) : undefined;
    const asProgram = actsForProgram(actor);
    const openedBy = row.opened_by_id !== null ? byId.get(row.opened_by_id) : undefined;
    let transfers: Transfer[] | null = null;
    if (asProgram) {
      const moves = await db
        .selectFrom("referral_transfers as t")
        .leftJoin("users as u", "u.id", "t.transferred_by_id")
        .select(["t.transferred_at", "t.from_program_id", "t.to_program_id", "t.reason", "u.first_name", "u.last_name"])
        .where("t.referral_id", "=", referralId)
        .orderBy("t.transferred_at", "desc")
        .orderBy("t.id", "desc")
        .execute();
      transfers = moves.map((move) => {
        const from = move.from_program_id !== null ? byId.get(move.from_program_id) : undefined;
        return {
          at: move.transferred_at,
          by: [move.first_name, move.last_name].filter(Boolean).join(" "),
          from: from ? nameIn(from, language) : null,
          to: nameIn(byId.get(move.to_program_id)!, language),
          reason: move.reason,
        };
      });
    }
    const transferTo = mayTransferReferral(actor, referralFacts(row))
      ? programs
          .filter((program) => program.id !== row.local_program_id)
          .map((program) => ({ id: program.id, name: nameIn(program, language) }))
          .sort((a, b) => a.name.localeCompare(b.name, language === "es" ? "es" : "en"))
      : null;
    return {
      referralId,
      program: current ? { id: current.id, jurisdiction: current.jurisdiction, name: nameIn(current, language), phone: current.phone } : null,
      opened: row.opened_at && openedBy ? { at: row.opened_at, program: nameIn(openedBy, language) } : null,
      timeline: timelineOf(row.submission_date, await determinedAt(db, referralId), easternCalendarDate()),
      transfers,
      transferTo,
    };
  },
);

/**
 * The first time someone of a referral's program opens it, the referral keeps when and which program (R140): its
 * referrer then sees "Opened by". A state administrator's look is on the record of access, not this.
 */
export const noteOpenedByProgram = traced(
  "model.noteOpenedByProgram",
  async function noteOpenedByProgram(
    db: DB,
    actor: Actor,
    referral: { id: number; status: string; local_program_id: number | null; opened_at: string | null },
  ) {
    if (referral.opened_at || referral.status === "Draft" || referral.local_program_id === null) return;
    if (!isProgramStaff(actor) || !actor.localProgramIds!.includes(referral.local_program_id)) return;
    // Only the first look sets it (R135: the condition is the hold): a second one at once finds it set and changes nothing.
    await db
      .updateTable("referrals")
      .set({ opened_at: new Date().toISOString(), opened_by_id: referral.local_program_id })
      .where("id", "=", referral.id)
      .where("opened_at", "is", null)
      .execute();
  },
);

export interface TransferInput {
  toProgramId: number;
  reason: string;
}

/**
 * Moves a submitted referral to another program, with a reason (R139): its program's staff or a state administrator.
 * The history keeps who, when, from and to; the new program is told at its intake address; its staff see it from now
 * on, the old program's no longer. The same program, or one that does not exist, is refused by field.
 */
export const transferReferral = traced(
  "model.transferReferral",
  async function transferReferral(db: DB, actor: CurrentUser, referralId: number, input: TransferInput): Promise<{ from: number | null; to: number }> {
    const moved = await writeTransaction(db, async (trx) => {
      // R135: the referral's row, so two moves at once take turns and the second starts from where the first left it.
      await holdRows(trx, "referrals", "id", [referralId]);
      const row = await submittedRow(trx, referralId);
      if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("referral");
      if (!mayTransferReferral(actor, referralFacts(row))) throw new ForbiddenError("only its program or a state administrator moves it");
      if (row.local_program_id === input.toProgramId) throw new InputError({ toProgram: ["referrals:program.transfer.same"] });
      const target = await trx.selectFrom("local_programs").select("id").where("id", "=", input.toProgramId).executeTakeFirst();
      if (!target) throw new InputError({ toProgram: ["referrals:program.transfer.unknown"] });
      const now = new Date().toISOString();
      await trx
        .insertInto("referral_transfers")
        .values({
          referral_id: referralId,
          from_program_id: row.local_program_id,
          to_program_id: input.toProgramId,
          reason: input.reason.trim(),
          transferred_by_id: actor.id,
          transferred_at: now,
        })
        .execute();
      // The new program opens it anew: its referrer is told when it does (R140).
      await trx
        .updateTable("referrals")
        .set({ local_program_id: input.toProgramId, opened_at: null, opened_by_id: null })
        .where("id", "=", referralId)
        .execute();
      await keepReferralFigures(trx, [referralId]);
      // Whoever a link was made for, it was made under the old program's care (R93).
      await endReviewLinks(trx, { referralId });
      return { from: row.local_program_id, to: input.toProgramId };
    });
    await mailProgramIntake(db, referralId, "transferred");
    return moved;
  },
);
