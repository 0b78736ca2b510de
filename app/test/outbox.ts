import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The mail the application wrote to DATA_DIR/outbox (no SMTP server in tests), read back as a
// person would: subject and text decoded from the quoted-printable nodemailer writes.

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export interface Mail {
  to: string;
  subject: string;
  language: string;
  text: string;
}

/** Every message in an outbox folder (for one address, when given), oldest first. */
export function readOutbox(outbox: string, address?: string): Mail[] {
  return readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), "utf8"))
    .map((raw) => {
      const [head, ...body] = raw.split(/\r?\n\r?\n/);
      // A long subject is folded onto the lines that follow it, each starting with a space.
      const header = (name: string) =>
        head
          .replace(/\r?\n[ \t]+/g, " ")
          .match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]
          ?.trim() ?? "";
      const subject = header("Subject")
        .replace(/\?=\s+=\?UTF-8\?Q\?/gi, "")
        .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, encoded: string) => decodeQuotedPrintable(encoded.replace(/_/g, " ")));
      return {
        to: header("To"),
        subject,
        language: header("Content-Language"),
        text: decodeQuotedPrintable(body.join("\n\n")),
      };
    })
    .filter((mail) => address === undefined || mail.to === address);
}
