import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";

type CacheName = "lookups" | "miscellaneous";

interface Entry<T> {
  version: number;
  value: T;
}

const caches = new WeakMap<DB, Map<CacheName, Entry<unknown>>>();

/** A reference table kept until its trigger-bumped version changes, so the check is one primary-key read. */
export const cached = traced("model.cached", async function cached<
  T,
>(db: DB, name: CacheName, load: () => Promise<T>): Promise<T> {
  const row = await db.selectFrom("cache_versions").select("version").where("name", "=", name).executeTakeFirst();
  const version = row?.version ?? -1;
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  const entry = byName.get(name) as Entry<T> | undefined;
  if (entry && entry.version === version) return entry.value;
  const value = await load();
  byName.set(name, { version, value });
  return value;
});
