import type { DB } from "~/db.server";
import { FAMILY_RELATIONSHIPS } from "~/utils/lookup-codes";
import { reviewHref } from "~/utils/wizard-paths";
import { log } from "~/services/log.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { traced } from "~/services/trace.server";

// The mail of the local programs (docs/product-rules.md R137, R139, R142), sent once the write that calls for it has
// committed, whichever door asked; the change stands whether or not the mail goes, so a failure is logged.

/** The Languages lookup's code for Spanish: a family whose primary language it is reads Spanish. */
const SPANISH = "2";

/**
 * A new referral for the program, at its intake address: its reference and a link, and nothing that names the child
 * or the family (R137). `transferred`: another program moved it here (R139). Nothing is sent to a program with no
 * intake address (the super administrators are warned of it: R136).
 */
export const mailProgramIntake = traced(
  "model.mailProgramIntake",
  async function mailProgramIntake(db: DB, referralId: number, kind: "submitted" | "transferred") {
    try {
      const { appLink, sendProgramIntakeEmail } = await import("~/services/emails.server");
      const row = await db
        .selectFrom("referrals as r")
        .innerJoin("local_programs as p", "p.id", "r.local_program_id")
        .select(["r.id", "r.child_id", "r.created_by_id", "r.submission_date", "p.intake_email", "p.name"])
        .where("r.id", "=", referralId)
        .executeTakeFirst();
      if (!row?.intake_email) return;
      const link = appLink(reviewHref({ child: row.child_id, referral: row.id, user: row.created_by_id }), {}, "en");
      await sendProgramIntakeEmail(row.intake_email, {
        kind,
        program: row.name,
        reference: row.id,
        submittedAt: row.submission_date ?? new Date().toISOString(),
        link,
      });
    } catch (error) {
      log.error({ err: error }, "the program's intake e-mail was not sent");
    }
  },
);

/**
 * The family's notice (R142): a referral made by someone other than a parent or guardian, with the family's approval,
 * is told to the first parent or guardian with an e-mail, in the family's primary language (Spanish or English): which
 * program will call, its phone, what early intervention is, that it costs nothing, how to say no. Nothing of the
 * reasons or the documents.
 */
export const mailFamilyNotice = traced("model.mailFamilyNotice", async function mailFamilyNotice(db: DB, referralId: number) {
  try {
    const row = await db
      .selectFrom("referrals as r")
      .innerJoin("local_programs as p", "p.id", "r.local_program_id")
      .select(["r.referrer_relationship", "r.family_approval", "r.family_primary_language", "r.created_by_id", "p.name", "p.name_es", "p.phone"])
      .where("r.id", "=", referralId)
      .executeTakeFirst();
    if (!row || row.family_approval !== 1 || !row.referrer_relationship || FAMILY_RELATIONSHIPS.includes(row.referrer_relationship)) return;
    const adult = await db
      .selectFrom("adults")
      .select(["first_name", "last_name", "email"])
      .where("referral_id", "=", referralId)
      .where("email", "is not", null)
      .where("email", "<>", "")
      .orderBy("id")
      .executeTakeFirst();
    if (!adult?.email) return;
    // A referrer types the family's address: a few notices a day each, or anyone could send the program's words to any
    // address without end. The program still calls the family.
    if (!(await hitRateLimit(db, "familyNotice", String(row.created_by_id))).allowed) {
      log.warn({ referral: referralId }, "the family's notice was not sent: its referrer's notices of the day are spent");
      return;
    }
    const language = row.family_primary_language === SPANISH ? "es" : "en";
    const { sendFamilyNoticeEmail } = await import("~/services/emails.server");
    await sendFamilyNoticeEmail(adult.email, language, {
      name: `${adult.first_name} ${adult.last_name}`,
      program: language === "es" ? row.name_es : row.name,
      phone: row.phone,
    });
  } catch (error) {
    log.error({ err: error }, "the family's notice was not sent");
  }
});
