import { randomBytes } from "node:crypto";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/config.server";
import { writeFileWhole } from "~/utils/files.server";
import { singleton } from "~/utils/singleton.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The language of the message, for the Content-Language header. */
  language: "en" | "es";
}

function transporter(): Transporter {
  return singleton("mailTransport", () => {
    const { SMTP_URL } = getConfig();
    // Without SMTP the message is written, whole, as an .eml file that a person or a test can open.
    return SMTP_URL ? nodemailer.createTransport(SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true });
  });
}

/** Sends one message: through SMTP when SMTP_URL is set, else into DATA_DIR/outbox/. */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = getConfig();
  const info = await transporter().sendMail({
    from: config.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    headers: { "Content-Language": message.language },
  });
  if (config.SMTP_URL) return;
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  // Whole or not at all: a person or a test reading the outbox (shared by every instance) never sees half a message.
  await writeFileWhole(path.join(config.outboxDir, name), (info as unknown as { message: Buffer }).message);
  console.log(`Mail to ${message.to}: "${message.subject}" written to ${path.join(config.outboxDir, name)}`);
}
