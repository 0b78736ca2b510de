import { createHash, randomBytes } from "node:crypto";

/** A random token for a link, and the hash that is all the database keeps of it. */
export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What every API key starts with, so that one pasted where it should not be is recognised (R101). */
export const API_KEY_PREFIX = "mdei_";
