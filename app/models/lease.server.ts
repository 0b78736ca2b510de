import { randomUUID } from "node:crypto";
import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";

// One-instance tasks (R122): a row is taken only when free or expired; only the taker gets it back.

export type TaskName = "sweep-uploads" | "sweep-reports" | "sweep-sign-ins" | "sweep-security-events";

/** Runs `work` holding the task for at most `leaseMs` (then another may take it, as after a crash); null if held. */
export const runAlone = traced("model.runAlone", async function runAlone<
  T,
>(db: DB, task: TaskName, leaseMs: number, work: () => Promise<T>, now = () => new Date()): Promise<T | null> {
  const holder = randomUUID();
  const at = now();
  const taken = await db
    .insertInto("task_leases")
    .values({ name: task, holder, expires_at: new Date(at.getTime() + leaseMs).toISOString() })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder: (eb) => eb.ref("excluded.holder"), expires_at: (eb) => eb.ref("excluded.expires_at") })
        .where("task_leases.expires_at", "<=", at.toISOString()),
    )
    .returning("holder")
    .executeTakeFirst();
  if (taken?.holder !== holder) return null;
  try {
    return await work();
  } finally {
    await db.deleteFrom("task_leases").where("name", "=", task).where("holder", "=", holder).execute();
  }
});
