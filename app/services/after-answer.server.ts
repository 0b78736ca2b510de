import { log } from "~/services/log.server";

// Work that must not make the answer wait, nor show in its time: it runs once the answer is on its way, and a failure
// is written to the log rather than to the person (docs/product-rules.md R8: "forgot password" answers alike, and as
// fast, whether or not the address has an account).

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
