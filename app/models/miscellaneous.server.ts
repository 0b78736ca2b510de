import type { DB } from "~/db.server";
import { isIeNoticeWindowOpen } from "~/utils/dates";
import { cached } from "./cache.server";
import { traced } from "~/services/trace.server";

/** A named configuration value (R35), or null. Public. */
export const getMiscellaneousValue = traced(
  "model.getMiscellaneousValue",
  async function getMiscellaneousValue(db: DB, name: string): Promise<string | null> {
    const values = await cached(db, "miscellaneous", async () => {
      const rows = await db.selectFrom("miscellaneous").select(["name", "value"]).execute();
      return new Map(rows.map((row) => [row.name, row.value]));
    });
    return values.get(name) ?? null;
  },
);

export function isInternetExplorer(userAgent: string | null | undefined): boolean {
  return /\b(MSIE |Trident\/)/.test(userAgent ?? "");
}

/** Internet Explorer users are told it is unsupported, for 90 days from ieMessageStartDate. */
export const isIeNoticeShown = traced(
  "model.isIeNoticeShown",
  async function isIeNoticeShown(db: DB, userAgent: string | null, moment: Date = new Date()): Promise<boolean> {
    if (!isInternetExplorer(userAgent)) return false;
    return isIeNoticeWindowOpen(await getMiscellaneousValue(db, "ieMessageStartDate"), moment);
  },
);
