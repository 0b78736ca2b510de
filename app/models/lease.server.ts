import { randomUUID } from "node:crypto";
import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";

// Tasks that one instance at a time must do when several share the database (the start-up sweeps:
// docs/product-rules.md R122). The same statement on SQLite and PostgreSQL: the row of a task is
// taken only when it is free or its lease has run out, and the database answers with the row
// only to the one that took it.

export type TaskName = "sweep-uploads" | "sweep-reports" | "sweep-sign-ins" | "sweep-security-events";

/**
 * Runs `work` when no other process holds the task, holding it for at most `leaseMs` (after that
 * another may take it, as after a crash); answers null, doing nothing, when another holds it.
 */
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
