import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { easternCalendarDate } from "~/utils/dates";
import { DETERMINED_STATUSES, timelineOf, type Timeline } from "~/utils/timeline";
import { endReviewLinks } from "./referral-admin.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { keepReferralFigures } from "./insight.server";
import { nameIn, type ProgramSummary } from "./local-program.server";
import { actsForProgram, mayTransferReferral, mayViewReferral, referralFacts, type Actor } from "./policy";
import { mailProgramIntake } from "./program-mail.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// A submitted referral's program as its review shows it (R137, R140, R141): which it is, when it
// first opened the referral, the 45-day timeline; and the referral's moves from one program to another (R139).

export interface Transfer {
  at: string;
  by: string;
  from: string | null;
  to: string;
  reason: string;
}

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

/** The program panel of a submitted referral for whoever may read it; staff also see moves. Null for a Draft. */
export const referralProgramPanel = traced(
  "model.referralProgramPanel",
  async function referralProgramPanel(
    db: DB,
    actor: Actor,
    referralId: number,
    language: Language,
  ): Promise<ReferralProgramPanel | null> {
    const row = await submittedRow(db, referralId);
    if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("referral");
    if (row.status === "Draft" || !row.submission_date) return null;
    const programs = await db
      .selectFrom("local_programs")
      .select(["id", "jurisdiction", "name", "name_es", "phone"])
      .execute();
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
      program: current
        ? { id: current.id, jurisdiction: current.jurisdiction, name: nameIn(current, language), phone: current.phone }
        : null,
      opened: row.opened_at && openedBy ? { at: row.opened_at, program: nameIn(openedBy, language) } : null,
      timeline: timelineOf(row.submission_date, await determinedAt(db, referralId), easternCalendarDate()),
      transfers,
      transferTo,
    };
  },
);

export interface TransferInput {
  toProgramId: number;
  reason: string;
}

/**
 * Moves a submitted referral to another program (R139), by its staff or a state administrator; recorded, and the new
 * program is mailed. Same or unknown program: refused by field.
 */
export const transferReferral = traced(
  "model.transferReferral",
  async function transferReferral(
    db: DB,
    actor: CurrentUser,
    referralId: number,
    input: TransferInput,
  ): Promise<{ from: number | null; to: number }> {
    const moved = await writeTransaction(db, async (trx) => {
      // R135: the referral's row, so two moves at once take turns and the second starts from where the first left it.
      await holdRows(trx, "referrals", "id", [referralId]);
      const row = await submittedRow(trx, referralId);
      if (!row || !mayViewReferral(actor, referralFacts(row))) throw new NotFoundError("referral");
      if (!mayTransferReferral(actor, referralFacts(row)))
        throw new ForbiddenError("only its program or a state administrator moves it");
      if (row.local_program_id === input.toProgramId)
        throw new InputError({ toProgram: ["referrals:program.transfer.same"] });
      const target = await trx
        .selectFrom("local_programs")
        .select("id")
        .where("id", "=", input.toProgramId)
        .executeTakeFirst();
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
