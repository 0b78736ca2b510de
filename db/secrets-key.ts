import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// The key that seals secrets kept in the database (docs/product-rules.md R109: authenticator keys): never in the
// database, nor beside it in a backup of it. SECRETS_KEY (base64 of 32 bytes) in production; for development and
// the tests, a key made once into DATA_DIR/secrets-key. Shared by the application and the migration that sealed the
// keys kept before, so both read it the same way.

export const SECRETS_KEY_FILE = "secrets-key";

/** A key as SECRETS_KEY writes it: base64 of exactly 32 bytes; null when it is not that. */
export function decodeSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === 32 ? key : null;
}

/** A key's short name, written beside what it sealed, so that the right key opens it after a rotation. */
export function secretsKeyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/**
 * A file's contents, trimmed; made first from `make` when missing: written whole under another name, then linked to
 * its own, which fails when another process (the migration, a second server on the shared folder) made it first, and
 * then theirs is read, never a half-written one.
 */
export function readOrCreateFile(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const part = `${file}.part-${randomBytes(4).toString("hex")}`;
  writeFileSync(part, make() + "\n", { mode: 0o600, flag: "wx" });
  try {
    linkSync(part, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(part, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}

function readOrCreateKeyFile(file: string): Buffer {
  const key = decodeSecretsKey(readOrCreateFile(file, () => randomBytes(32).toString("base64")));
  if (!key) throw new Error(`${file} does not hold a key (base64 of 32 bytes)`);
  return key;
}

export interface SecretsKeys {
  /** Seals from now on. */
  current: Buffer;
  /**
   * Open what they sealed: the current key, SECRETS_KEY_PREVIOUS during a rotation, and the file's key if there is one.
   */
  all: Buffer[];
  /** The current key is the file's in DATA_DIR, not SECRETS_KEY. */
  fromFile: boolean;
}

/** The keys, from SECRETS_KEY (and SECRETS_KEY_PREVIOUS), else from DATA_DIR/secrets-key, made if missing. */
export function readSecretsKeys(
  env: { SECRETS_KEY?: string; SECRETS_KEY_PREVIOUS?: string },
  dataDir: string,
): SecretsKeys {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const given = env.SECRETS_KEY ? decodeSecretsKey(env.SECRETS_KEY) : null;
  if (env.SECRETS_KEY && !given) throw new Error("SECRETS_KEY must be base64 of 32 bytes");
  const previous = (env.SECRETS_KEY_PREVIOUS ?? "")
    .split(",")
    .filter((part) => part.trim())
    .map((part) => {
      const key = decodeSecretsKey(part);
      if (!key) throw new Error("SECRETS_KEY_PREVIOUS must be base64 keys of 32 bytes, separated by commas");
      return key;
    });
  const current = given ?? readOrCreateKeyFile(file);
  const fileKey = given && existsSync(file) ? decodeSecretsKey(readFileSync(file, "utf8")) : null;
  const all = [current, ...previous, ...(fileKey ? [fileKey] : [])].filter(
    (key, index, keys) => keys.findIndex((other) => other.equals(key)) === index,
  );
  return { current, all, fromFile: !given };
}
