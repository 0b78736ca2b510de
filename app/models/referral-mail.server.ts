import type { DB } from "~/db.server";
import { reviewHref } from "~/utils/wizard-paths";
import { log } from "~/services/log.server";
import { traced } from "~/services/trace.server";

/** Mails the referrer on submit and status change (R86), after the commit; a failure is only logged. */
export const mailReferrer = traced(
  "model.mailReferrer",
  async function mailReferrer(db: DB, referralId: number, kind: "submitted" | "status") {
    try {
      // Imported lazily: its bundled locales cannot be loaded by the browser tests' helpers, which import the models.
      const { appLink, sendReferralSubmittedEmail, sendStatusChangedEmail } = await import("~/services/emails.server");
      const to = await db
        .selectFrom("referrals as r")
        .innerJoin("users as u", "u.id", "r.created_by_id")
        .innerJoin("children as c", "c.id", "r.child_id")
        .select([
          "u.email",
          "u.first_name",
          "u.primary_language",
          "c.first_name as child_first_name",
          "c.last_name as child_last_name",
          "r.child_id",
          "r.created_by_id",
          "r.submission_date",
          "r.status",
          "r.status_details",
          "r.status_details_es",
        ])
        .where("r.id", "=", referralId)
        .executeTakeFirstOrThrow();
      const childName = `${to.child_first_name} ${to.child_last_name}`;
      if (kind === "submitted") {
        const review = reviewHref({ child: to.child_id, referral: referralId, user: to.created_by_id });
        await sendReferralSubmittedEmail(to, {
          number: referralId,
          childName,
          submittedAt: to.submission_date ?? new Date().toISOString(),
          link: appLink(review, {}, to.primary_language),
        });
      } else {
        await sendStatusChangedEmail(to, {
          number: referralId,
          childName,
          status: to.status,
          details: { en: to.status_details, es: to.status_details_es },
          link: appLink("/app/updates", {}, to.primary_language),
        });
      }
    } catch (error) {
      log.error({ err: error }, "the referrer's e-mail was not sent");
    }
  },
);
