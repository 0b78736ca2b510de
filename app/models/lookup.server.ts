import type { Lookup } from "../../db/schema";
import type { DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cached } from "./cache.server";
import { traced } from "~/services/trace.server";

export const LOOKUP_TYPES = [
  "States",
  "Counties",
  "Languages",
  "Races",
  "Months",
  "Genders",
  "References",
  "Prefixes",
  "Suffixes",
  "FamilyRelationships",
  "ContactMethods",
  "RefReasons_ConcernsDevelopmental",
  "FailedScreenings",
  "IdentifiedConditions",
  "SecurityQuestion",
] as const;
export type LookupType = (typeof LOOKUP_TYPES)[number];

async function lookupsByType(db: DB): Promise<Map<string, Lookup[]>> {
  return cached(db, "lookups", async () => {
    const rows = await db
      .selectFrom("lookups")
      .selectAll()
      .orderBy("type")
      .orderBy("list_order")
      .orderBy("id")
      .execute();
    const byType = new Map<string, Lookup[]>();
    for (const row of rows) {
      const list = byType.get(row.type) ?? [];
      list.push(row);
      byType.set(row.type, list);
    }
    return byType;
  });
}

/** The rows of one lookup type, in their list order. Lookups are public reference data. */
export const getLookups = traced("model.getLookups", async function getLookups(db: DB, type: LookupType): Promise<
  Lookup[]
> {
  return (await lookupsByType(db)).get(type) ?? [];
});

/** The description of a code in the person's language, or null for an unknown code. */
export const getLookupLabel = traced(
  "model.getLookupLabel",
  async function getLookupLabel(db: DB, type: LookupType, code: string | null | undefined, language: Language) {
    if (code == null) return null;
    const row = (await getLookups(db, type)).find((lookup) => lookup.code === code);
    return row ? lookupLabel(row, language) : null;
  },
);

export function lookupLabel(row: Pick<Lookup, "description" | "description_es">, language: Language): string {
  return language === "es" ? row.description_es : row.description;
}

export const getLookupOptions = traced(
  "model.getLookupOptions",
  async function getLookupOptions(db: DB, type: LookupType, language: Language) {
    return (await getLookups(db, type)).map((row) => ({ value: row.code, label: lookupLabel(row, language) }));
  },
);

/** The lists of an account's name fields (NameFieldset): prefixes, suffixes, and how they heard of the program. */
export const nameFieldOptions = traced(
  "model.nameFieldOptions",
  async function nameFieldOptions(db: DB, language: Language) {
    return {
      prefixes: await getLookupOptions(db, "Prefixes", language),
      suffixes: await getLookupOptions(db, "Suffixes", language),
      references: await getLookupOptions(db, "References", language),
    };
  },
);

/** A lookup's labels by code, in the person's language (a CSV writes the label of a stored code). */
export const lookupLabels = traced(
  "model.lookupLabels",
  async function lookupLabels(db: DB, type: LookupType, language: Language): Promise<Map<string, string>> {
    return new Map((await getLookupOptions(db, type, language)).map((option) => [option.value, option.label]));
  },
);

/** The fields whose chosen code is not in its lookup list (a tampered or outdated form), with the message key. */
export const unknownLookupCodes = traced(
  "model.unknownLookupCodes",
  async function unknownLookupCodes(
    db: DB,
    checks: Array<{ field: string; type: LookupType; code: string | null | undefined }>,
  ): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    for (const { field, type, code } of checks) {
      if (code == null || code === "") continue;
      if (!(await getLookups(db, type)).some((row) => row.code === code)) errors[field] = ["validation.unknownChoice"];
    }
    return errors;
  },
);
