import { getConfig } from "~/config.server";
import { fromPublicLanguage } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { sendMail } from "./mail.server";

interface Recipient {
  email: string;
  first_name: string;
  primary_language: "en" | "sp";
}

/** A link into the application, in the recipient's language. */
export function appLink(path: string, params: Record<string, string>, language: "en" | "sp"): string {
  const url = new URL(path, getConfig().appUrl + "/");
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("lang", language);
  return url.toString();
}

/** One account e-mail, written in the recipient's own language. */
async function sendAccountMail(to: Recipient, kind: "verify" | "reset", link: string) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const text = [t("greeting", { name: to.first_name }), "", t(`${kind}.body`, { link }), "", t("signature")].join("\n");
  await sendMail({ to: to.email, subject: t(`${kind}.subject`), text, language });
}

export function sendVerificationEmail(to: Recipient, token: string) {
  return sendAccountMail(to, "verify", appLink("/verify-email", { token }, to.primary_language));
}

export function sendPasswordResetEmail(to: Recipient, token: string) {
  return sendAccountMail(to, "reset", appLink("/reset-password", { token }, to.primary_language));
}

/** The confirmation a referrer gets once a referral is submitted, in their language (no details of the child beyond the name). */
export async function sendReferralSubmittedEmail(to: Recipient, referral: { childName: string; submittedAt: string; link: string }) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const date = formatDateTimeEastern(referral.submittedAt, language);
  const text = [
    t("greeting", { name: to.first_name }),
    "",
    t("submitted.body", { child: referral.childName, date, link: referral.link }),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to: to.email, subject: t("submitted.subject", { child: referral.childName }), text, language });
}

/** A referral's new status, for its referrer, in their language (docs/product-rules.md R86: the referrer follows the status). */
export async function sendStatusChangedEmail(
  to: Recipient,
  change: { childName: string; status: string; details: { en: string | null; es: string | null }; link: string },
) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, ["email", "common"]);
  const status = t(`common:statuses.${change.status}`);
  const details = (language === "es" ? (change.details.es ?? change.details.en) : change.details.en) ?? "";
  const text = [
    t("greeting", { name: to.first_name }),
    "",
    t("statusChanged.body", { child: change.childName, status, link: change.link }),
    ...(details ? ["", t("statusChanged.details", { details })] : []),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to: to.email, subject: t("statusChanged.subject", { child: change.childName, status }), text, language });
}

/** The account's owner is told when a second factor is added to it or removed from it (docs/product-rules.md R129), in their language. */
export async function sendSecondFactorEmail(to: Recipient, kind: "added" | "removed") {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const text = [
    t("greeting", { name: to.first_name }),
    "",
    t(`secondFactor.${kind}.body`),
    "",
    t("secondFactor.notYou", { link: appLink("/contact", {}, to.primary_language) }),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to: to.email, subject: t(`secondFactor.${kind}.subject`), text, language });
}
