import { createHash, randomBytes } from "node:crypto";

/** A random token for a link, and the hash that is all the database keeps of it. */
export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
