import { createHash, randomBytes, randomInt } from "node:crypto";
import { verifyTOTP } from "@epic-web/totp";
import base32Encode from "base32-encode";
import { holdRows, type DB } from "~/db.server";
import { withoutSpaces } from "~/schemas/second-factor";
import { openSecret } from "~/services/secret-box.server";
import { InputError, NotFoundError } from "./errors";
import { byOwner, recordSecurityEvent } from "./security-events.server";

// Second-factor codes (R129), shared by the set-up and the sign-in's second step.

/** What every authenticator app reads from the QR code: RFC 6238's defaults. */
export const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be taken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/**
 * 118 bits, past the 112 that make a plain SHA-256 safe (ASVS 2.6.2). Older 10-letter codes work until used or
 * replaced.
 */
const RECOVERY_LETTERS = 24;
const RECOVERY_GROUP = 6;

/** A recovery code as typed: lower case, without dashes or spaces. */
const recoveryKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (typed: string) => createHash("sha256").update(recoveryKey(typed)).digest("hex");

/** Ten new recovery codes as shown, with their hashes. */
export function newRecoveryCodes(): Array<{ code: string; hash: string }> {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = Array.from(
      { length: RECOVERY_LETTERS },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join("");
    const code = letters.match(new RegExp(`.{${RECOVERY_GROUP}}`, "g"))!.join("-");
    return { code, hash: hashRecoveryCode(code) };
  });
}

/** 160 bits, as RFC 4226 recommends, in base32 as apps take it. */
export function newAppKey(): string {
  return base32Encode(randomBytes(20), "RFC4648", { padding: false });
}

/** Binds a sealed key to its person: copied to another's row, it does not open. */
export const keyContext = (userId: number) => `totp:${userId}`;

/** The code's 30-second step, allowing one step of clock drift either way; else null. */
export async function stepOfCode(secret: string, code: string): Promise<number | null> {
  const verified = await verifyTOTP({ otp: withoutSpaces(code), secret, ...TOTP, window: 1 });
  // Read after the check, so a step begun meanwhile counts as the later one and a code is never taken twice.
  return verified ? Math.floor(Date.now() / 1000 / TOTP.period) + verified.delta : null;
}

export const wrong = (key: string) => new InputError({ code: [key] });

/** Takes an app or recovery code once; an app code whose step is not past the last taken is refused as used. */
export async function takeCode(
  trx: DB,
  userId: number,
  input: { code: string } | { recoveryCode: string },
  clientIp: string,
): Promise<void> {
  // R135: a code sent twice at once is taken once.
  await holdRows(trx, "users", "id", [userId]);
  if ("recoveryCode" in input) {
    const used = await trx
      .updateTable("recovery_codes")
      .set({ used_at: new Date().toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hashRecoveryCode(input.recoveryCode))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (!Number(used.numUpdatedRows)) throw new InputError({ recoveryCode: ["validation.recoveryCodeWrong"] });
    await recordSecurityEvent(trx, { kind: "recoveryCodeUsed", ...byOwner(userId), address: clientIp });
    return;
  }
  const factor = await trx
    .selectFrom("second_factors")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!factor) throw new NotFoundError("second factor");
  const step = await stepOfCode(openSecret(factor.secret, keyContext(userId)), input.code);
  if (step === null) throw wrong("validation.secondFactorWrong");
  if (factor.last_used_step !== null && step <= factor.last_used_step) throw wrong("validation.secondFactorUsed");
  await trx.updateTable("second_factors").set({ last_used_step: step }).where("user_id", "=", userId).execute();
}
