import type { DB } from "~/db.server";
import { FAMILY_RELATIONSHIPS } from "~/utils/lookup-codes";
import { reviewHref } from "~/utils/wizard-paths";
import { log } from "~/services/log.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { traced } from "~/services/trace.server";

// The mail of the local programs (R137, R139, R142), sent once the write that calls for it has
// committed, whichever door asked; the change stands whether or not the mail goes, so a failure is logged.

/** The Languages lookup's code for Spanish: a family whose primary language it is reads Spanish. */
const SPANISH = "2";

/**
 * Mails a new referral to the program's intake address: a reference and link, nothing naming the child (R137).
 * `transferred`: moved here (R139). No intake address, nothing sent (R136).
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

/** The family's notice (R142), in their language; nothing of the reasons or documents. */
export const mailFamilyNotice = traced(
  "model.mailFamilyNotice",
  async function mailFamilyNotice(db: DB, referralId: number) {
    try {
      const row = await db
        .selectFrom("referrals as r")
        .innerJoin("local_programs as p", "p.id", "r.local_program_id")
        .select([
          "r.referrer_relationship",
          "r.family_approval",
          "r.family_primary_language",
          "r.created_by_id",
          "p.name",
          "p.name_es",
          "p.phone",
        ])
        .where("r.id", "=", referralId)
        .executeTakeFirst();
      if (
        !row ||
        row.family_approval !== 1 ||
        !row.referrer_relationship ||
        FAMILY_RELATIONSHIPS.includes(row.referrer_relationship)
      )
        return;
      const adult = await db
        .selectFrom("adults")
        .select(["first_name", "last_name", "email"])
        .where("referral_id", "=", referralId)
        .where("email", "is not", null)
        .where("email", "<>", "")
        .orderBy("id")
        .executeTakeFirst();
      if (!adult?.email) return;
      // Rate limited: otherwise anyone could send the program's words to any address. The program still calls.
      if (!(await hitRateLimit(db, "familyNotice", String(row.created_by_id))).allowed) {
        log.warn(
          { referral: referralId },
          "the family's notice was not sent: its referrer's notices of the day are spent",
        );
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
  },
);
