import { createHash, randomBytes, randomInt } from "node:crypto";
import { verifyTOTP } from "@epic-web/totp";
import base32Encode from "base32-encode";
import { holdRows, type DB } from "~/db.server";
import { withoutSpaces } from "~/schemas/second-factor";
import { openSecret } from "~/services/secret-box.server";
import { InputError, NotFoundError } from "./errors";
import { recordSecurityEvent } from "./security-events.server";

// What a second factor's codes are (docs/product-rules.md R129): the app's key and the step its code belongs to, the
// recovery codes as shown and as kept, and a code taken once. Apart from the set-up, removal and reset
// (second-factor.server.ts) because the sign-in's second step (second-factor-sign-in.server.ts) takes codes the same way.

/** What every authenticator app reads from the QR code: RFC 6238's defaults. */
export const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be taken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/**
 * 24 of them: 118 bits, past the 112 at which a code kept as a plain SHA-256 cannot be found from its hash (ASVS 2.6.2),
 * shown in four groups of six. Codes made before of 10 letters (49 bits) still work until used or replaced.
 */
const RECOVERY_LETTERS = 24;
const RECOVERY_GROUP = 6;

/** A recovery code as typed: lower case, without dashes or spaces. */
const recoveryKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (typed: string) => createHash("sha256").update(recoveryKey(typed)).digest("hex");

/** Ten new recovery codes as shown (four groups of six), and their hashes as kept. */
export function newRecoveryCodes(): Array<{ code: string; hash: string }> {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = Array.from({ length: RECOVERY_LETTERS }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    const code = letters.match(new RegExp(`.{${RECOVERY_GROUP}}`, "g"))!.join("-");
    return { code, hash: hashRecoveryCode(code) };
  });
}

/** A new key for an app: 20 random bytes (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newAppKey(): string {
  return base32Encode(randomBytes(20), "RFC4648", { padding: false });
}

/** What a person's sealed key is bound to: a key copied to another person's row does not open there. */
export const keyContext = (userId: number) => `totp:${userId}`;

/** The 30-second step a code belongs to when the app would show it now, a step before or a step after (clock drift); else null. */
export async function stepOfCode(secret: string, code: string): Promise<number | null> {
  const verified = await verifyTOTP({ otp: withoutSpaces(code), secret, ...TOTP, window: 1 });
  // Read after the check: had a step begun during it, the step is counted the later one, so a code is never taken twice.
  return verified ? Math.floor(Date.now() / 1000 / TOTP.period) + verified.delta : null;
}

export const wrong = (key: string) => new InputError({ code: [key] });

/**
 * Takes a code of the person's confirmed app, or one of their unused recovery codes, once: the app's code of a step
 * not later than the last one taken is refused as used. A refusal is said beside the field the code was typed in.
 */
export async function takeCode(trx: DB, userId: number, input: { code: string } | { recoveryCode: string }, clientIp: string): Promise<void> {
  // R135: the person's row, so one code (or recovery code) sent twice at once is taken once.
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
    await recordSecurityEvent(trx, { kind: "recoveryCodeUsed", actorUserId: userId, subjectUserId: userId, address: clientIp });
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
