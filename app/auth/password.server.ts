import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id: 19 MiB, two passes, one lane. (2 is Argon2id: the const enum is unreadable to isolated modules.)
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/** Concurrent hashes per process (19 MiB and a core each), so made-up sign-ins cannot take every core (R11). */
export const HASHES_AT_ONCE = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes run, and how many wait (for the tests of the limit). */
export function hashingNow(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Security answers are compared without regard to case and surrounding or repeated spaces. */
export function normalizeAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
}

export function hashAnswer(answer: string): Promise<string> {
  return hash(normalizeAnswer(answer), OPTIONS);
}

export function verifyAnswer(answerHash: string | null, answer: string): Promise<boolean> {
  return answerHash ? verifyPassword(answerHash, normalizeAnswer(answer)) : Promise.resolve(false);
}

/** A hash to compare against when there is no account, so that timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not a real password 0");
  return dummyHash;
}
