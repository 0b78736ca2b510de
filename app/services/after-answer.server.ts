import { log } from "~/services/log.server";

// Work that runs after the answer is sent, failures only logged: "forgot password" answers alike and as fast
// either way (R8).

const pending = new Set<Promise<void>>();

export function afterAnswer(what: string, work: () => Promise<void>): void {
  const running = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Waits for the work begun so far (the tests, before they read what it wrote). */
export async function workAfterAnswers(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
