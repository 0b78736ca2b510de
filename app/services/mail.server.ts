import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/config.server";
import { writeFileWhole } from "~/utils/files.server";
import { singleton } from "~/utils/singleton.server";
import { log } from "~/services/log.server";
import { metrics } from "~/services/metrics.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The language of the message, for the Content-Language header. */
  language: "en" | "es";
  /** What it is ("reset", "submitted"…): all the log says of it, with its id. */
  kind: string;
}

function transporter(): Transporter {
  return singleton("mailTransport", () => {
    const { SMTP_URL } = getConfig();
    // Without SMTP the message is written, whole, as an .eml file that a person or a test can open.
    return SMTP_URL
      ? nodemailer.createTransport(SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true });
  });
}

/** Via SMTP_URL, else into DATA_DIR/outbox/. Logs id and kind only: recipient and subject may name a child (R134). */
export async function sendMail(message: MailMessage): Promise<void> {
  try {
    await send(message);
    metrics.mailSent.inc();
  } catch (error) {
    metrics.mailFailed.inc();
    throw error;
  }
}

/** Only id, kind and server codes: nodemailer's error carries recipient addresses into the log (R134). */
export class MailNotSentError extends Error {
  name = "MailNotSentError";
  constructor(
    readonly mail: string,
    readonly kind: string,
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
  ) {
    super(`Mail ${mail} (${kind}) not sent: ${[code, responseCode].filter(Boolean).join(" ") || "no code"}`);
  }
}

async function send(message: MailMessage): Promise<void> {
  const config = getConfig();
  const id = randomBytes(4).toString("hex");
  const info = await transporter()
    .sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: { "Content-Language": message.language },
    })
    .catch((error: { code?: unknown; responseCode?: unknown }) => {
      const code = typeof error?.code === "string" ? error.code.slice(0, 40) : undefined;
      throw new MailNotSentError(
        id,
        message.kind,
        code,
        typeof error?.responseCode === "number" ? error.responseCode : undefined,
      );
    });
  if (config.SMTP_URL) return;
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`;
  // Whole or not at all: a person or a test reading the outbox (shared by every instance) never sees half a message.
  await writeFileWhole(path.join(config.outboxDir, name), (info as unknown as { message: Buffer }).message);
  log.info({ mail: id, kind: message.kind }, "Mail written to the outbox");
}

/** How long the outbox keeps a message (it may hold a reset link, or a child's name). */
export const OUTBOX_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export async function sweepOutbox(now = Date.now()): Promise<number> {
  const { outboxDir } = getConfig();
  let removed = 0;
  for (const name of await readdir(outboxDir).catch(() => [] as string[])) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(outboxDir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < OUTBOX_KEPT_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
