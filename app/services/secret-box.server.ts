import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKeyId, type SecretsKeys } from "../../db/secrets-key";
import { getConfig } from "~/config.server";

// Secrets we read back (TOTP keys), sealed with AES-256-GCM under SECRETS_KEY, never stored with the database (R109).
// Each names its key, so SECRETS_KEY_PREVIOUS opens it until `npm run db:rotate-secrets`; each is bound to its use
// ("totp:<user id>") so a value copied to another row does not open.

const VERSION = "v1";

/** A sealed value that no given key opens, or that was changed. */
export class SealedSecretError extends Error {
  name = "SealedSecretError";
}

export function sealSecret(plain: string, context: string, keys: SecretsKeys = getConfig().secretsKeys): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    secretsKeyId(keys.current),
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(".");
}

export function openSecret(sealed: string, context: string, keys: SecretsKeys = getConfig().secretsKeys): string {
  const [version, keyId, iv, tag, body, ...rest] = sealed.split(".");
  if (version !== VERSION || rest.length || !body) throw new SealedSecretError("not a sealed secret");
  const key = keys.all.find((candidate) => secretsKeyId(candidate) === keyId);
  if (!key)
    throw new SealedSecretError(
      `sealed with key ${keyId}, which is not given: set SECRETS_KEY, or SECRETS_KEY_PREVIOUS during a rotation`,
    );
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("the sealed secret does not open: changed, or bound to something else");
  }
}

/** Whether the current key sealed it (a rotation seals again what it did not). */
export function sealedWithCurrentKey(sealed: string, keys: SecretsKeys = getConfig().secretsKeys): boolean {
  return sealed.split(".")[1] === secretsKeyId(keys.current);
}
