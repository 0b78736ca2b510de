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

async function sendAccountMail(
  to: Recipient,
  kind: "verify" | "reset" | "confirmEmail" | "alreadyRegistered",
  link: string,
) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const text = [t("greeting", { name: to.first_name }), "", t(`${kind}.body`, { link }), "", t("signature")].join("\n");
  await sendMail({ to: to.email, subject: t(`${kind}.subject`), text, language, kind });
}

export function sendVerificationEmail(to: Recipient, token: string) {
  return sendAccountMail(to, "verify", appLink("/verify-email", { token }, to.primary_language));
}

/** Someone registered with the address of an account that has been verified: its owner is told, and how to get in. */
export function sendAlreadyRegisteredEmail(to: Recipient) {
  return sendAccountMail(to, "alreadyRegistered", appLink("/forgot-password", {}, to.primary_language));
}

export function sendPasswordResetEmail(to: Recipient, token: string) {
  return sendAccountMail(to, "reset", appLink("/reset-password", { token }, to.primary_language));
}

/** The child's name only in the body: subjects show on lock screens and in mail logs. */
export async function sendReferralSubmittedEmail(
  to: Recipient,
  referral: { number: number; childName: string; submittedAt: string; link: string },
) {
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
  await sendMail({
    to: to.email,
    subject: t("submitted.subject", { number: referral.number }),
    text,
    language,
    kind: "submitted",
  });
}

/** A referral's new status for its referrer, in their language (R86); the child is named in the body only. */
export async function sendStatusChangedEmail(
  to: Recipient,
  change: {
    number: number;
    childName: string;
    status: string;
    details: { en: string | null; es: string | null };
    link: string;
  },
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
  await sendMail({
    to: to.email,
    subject: t("statusChanged.subject", { number: change.number, status }),
    text,
    language,
    kind: "statusChanged",
  });
}

/** An account notice (R14, R129) in its owner's language, saying what to do if it was not them. */
export async function sendAccountNotice(
  to: Recipient,
  kind:
    | "secondFactor.added"
    | "secondFactor.removed"
    | "codeLocked"
    | "passwordChanged"
    | "emailChangeAsked"
    | "mailCode",
  values: Record<string, string> = {},
) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const text = [
    t("greeting", { name: to.first_name }),
    "",
    t(`${kind}.body`, values),
    "",
    t("notYou", { link: appLink("/contact", {}, to.primary_language) }),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to: to.email, subject: t(`${kind}.subject`, values), text, language, kind });
}

/** The link that confirms a new e-mail address for the account, sent to that new address (R13). */
export function sendEmailChangeLink(to: Recipient, newEmail: string, token: string) {
  return sendAccountMail(
    { ...to, email: newEmail },
    "confirmEmail",
    appLink("/verify-email", { token }, to.primary_language),
  );
}

/** Every administrator is told when an API key is made (R101): by whom, its name, scope and end. */
export async function sendApiKeyCreatedEmail(
  to: Recipient,
  key: { name: string; maker: string; scope: "read" | "write"; expiresAt: string },
) {
  const language = fromPublicLanguage(to.primary_language) ?? "en";
  const t = await fixedT(language, "email");
  const values = {
    name: key.name,
    maker: key.maker,
    scope: t(`apiKeyCreated.scopes.${key.scope}`),
    date: formatDateTimeEastern(key.expiresAt, language),
  };
  const text = [
    t("greeting", { name: to.first_name }),
    "",
    t("apiKeyCreated.body", { ...values, link: appLink("/app/api-keys", {}, to.primary_language) }),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to: to.email, subject: t("apiKeyCreated.subject", values), text, language, kind: "apiKeyCreated" });
}

/**
 * A program's intake mail (R137, R139): nothing naming the child or family. English: the address is the program's,
 * not a person's.
 */
export async function sendProgramIntakeEmail(
  to: string,
  referral: {
    kind: "submitted" | "transferred";
    program: string;
    reference: number;
    submittedAt: string;
    link: string;
  },
) {
  const t = await fixedT("en", "email");
  const date = formatDateTimeEastern(referral.submittedAt, "en");
  const values = { program: referral.program, reference: String(referral.reference), date, link: referral.link };
  const text = [
    t(`programIntake.${referral.kind}`, values),
    "",
    t("programIntake.body", values),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({
    to,
    subject: t("programIntake.subject", values),
    text,
    language: "en",
    kind: `programIntake-${referral.kind}`,
  });
}

/** The family's notice (R142), in their language. */
export async function sendFamilyNoticeEmail(
  to: string,
  language: "en" | "es",
  notice: { name: string; program: string; phone: string | null },
) {
  const t = await fixedT(language, "email");
  const text = [
    t("greeting", { name: notice.name }),
    "",
    t("familyNotice.made", { program: notice.program }),
    "",
    notice.phone
      ? t("familyNotice.phone", { program: notice.program, phone: notice.phone })
      : t("familyNotice.noPhone", { program: notice.program }),
    "",
    t("familyNotice.what"),
    "",
    t("familyNotice.cost"),
    "",
    notice.phone ? t("familyNotice.sayNo", { phone: notice.phone }) : t("familyNotice.sayNoWhenCalled"),
    "",
    t("signature"),
  ].join("\n");
  await sendMail({ to, subject: t("familyNotice.subject"), text, language, kind: "familyNotice" });
}
