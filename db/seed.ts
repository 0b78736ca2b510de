import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { getConfig } from "../app/config.server";
import { checkDatabase, describeDatabase, holdKey, openDatabase, writeTransaction } from "../app/db.server";
import { ensureSeedAdministrator } from "../app/models/user.server";
import { parseCsvRecords } from "../app/utils/csv";
import type { Database, NewLookup } from "./schema";
import { runAsCommand } from "./command";

const seedDataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed-data");

function readRecords(file: string) {
  return parseCsvRecords(readFileSync(path.join(seedDataDir, file), "utf8"));
}

/** Every lookup row the application ships, in both languages. */
export function seedLookups(): NewLookup[] {
  const states = readRecords("states.csv").map((row, i) => ({
    type: "States",
    code: row.code,
    description: row.name,
    description_es: row.name_es,
    list_order: i + 1,
  }));
  const counties = readRecords("counties.csv").map((row, i) => ({
    type: "Counties",
    code: row.code,
    description: row.name,
    description_es: row.name_es,
    list_order: i + 1,
  }));
  const races = readRecords("races.csv")
    .filter((row) => row.kind === "race" && row.cdc_code)
    .map((row, i) => ({
      type: "Races",
      code: row.cdc_code,
      description: row.label_en,
      description_es: row.label_es,
      list_order: i + 1,
    }));
  const handKept = readRecords("lookups.csv").map((row) => ({
    type: row.type,
    code: row.code,
    description: row.description,
    description_es: row.description_es,
    list_order: Number(row.list_order),
  }));
  return [...states, ...counties, ...races, ...handKept];
}

export const MISCELLANEOUS_DEFAULTS: Record<string, string> = {
  // The Internet Explorer notice shows for 90 days from this date.
  ieMessageStartDate: "2026-11-01",
};

/**
 * The 24 local programs (docs/product-rules.md R136), one per jurisdiction of the Counties lookup, named in both
 * languages. Their intake addresses, phones and staff domains are the super administrators' to fill in: the seed
 * writes a program once and never overwrites what was set.
 */
export function seedLocalPrograms() {
  return readRecords("counties.csv").map((row) => ({
    jurisdiction: row.code,
    name: `${row.name} Infants and Toddlers Program`,
    name_es: `Programa de Bebés y Niños Pequeños: ${row.name_es}`,
  }));
}

function seedZipCodes() {
  const detail = new Map(readRecords("md_zips_detail.csv").map((row) => [row.zip, row.all_county_fips]));
  return readRecords("md_zips.csv").map((row) => {
    const others = (detail.get(row.zip) ?? "").split(/[;|, ]+/).filter((fips) => fips && fips !== row.county_fips);
    return {
      zip: row.zip,
      city: row.city,
      county_fips: row.county_fips,
      all_county_fips: [row.county_fips, ...others].join(","),
    };
  });
}

/** Rows written per statement: few round trips to a PostgreSQL server, well within SQLite's limit of values. */
const SEED_BATCH = 200;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += SEED_BATCH) out.push(rows.slice(start, start + SEED_BATCH));
  return out;
}

/**
 * Brings the reference data up to date. A row is written only when it differs, so seeding
 * twice changes nothing (not even the cache counters), and a value an administrator changed
 * in the miscellaneous table is kept. One seed at a time (a key of its own, docs/product-rules.md R135): instances
 * that start together on one PostgreSQL database wait for each other, and nothing else waits for them.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await holdKey(trx, "seed", "reference data");
    for (const lookups of batches(seedLookups())) {
      await trx
        .insertInto("lookups")
        .values(lookups)
        .onConflict((oc) =>
          oc
            .columns(["type", "code"])
            .doUpdateSet({
              description: (eb) => eb.ref("excluded.description"),
              description_es: (eb) => eb.ref("excluded.description_es"),
              list_order: (eb) => eb.ref("excluded.list_order"),
            })
            .where(
              sql<boolean>`lookups.description is distinct from excluded.description
                or lookups.description_es is distinct from excluded.description_es
                or lookups.list_order is distinct from excluded.list_order`,
            ),
        )
        .execute();
    }
    for (const zips of batches(seedZipCodes())) {
      await trx
        .insertInto("zip_codes")
        .values(zips)
        .onConflict((oc) =>
          oc
            .column("zip")
            .doUpdateSet({
              city: (eb) => eb.ref("excluded.city"),
              county_fips: (eb) => eb.ref("excluded.county_fips"),
              all_county_fips: (eb) => eb.ref("excluded.all_county_fips"),
            })
            .where(
              sql<boolean>`zip_codes.city is distinct from excluded.city
                or zip_codes.county_fips is distinct from excluded.county_fips
                or zip_codes.all_county_fips is distinct from excluded.all_county_fips`,
            ),
        )
        .execute();
    }
    await trx
      .insertInto("local_programs")
      .values(seedLocalPrograms())
      .onConflict((oc) => oc.column("jurisdiction").doNothing())
      .execute();
    // A referral submitted before the programs existed belongs to its address's county's program (R137).
    await trx
      .updateTable("referrals")
      .set((eb) => ({
        local_program_id: eb
          .selectFrom("addresses as a")
          .innerJoin("local_programs as p", "p.jurisdiction", "a.county")
          .select("p.id")
          .whereRef("a.id", "=", "referrals.address_id"),
      }))
      .where("status", "<>", "Draft")
      .where("local_program_id", "is", null)
      .where("address_id", "is not", null)
      .execute();
    await trx
      .updateTable("referral_figures")
      .set((eb) => ({
        local_program_id: eb
          .selectFrom("referrals as r")
          .select("r.local_program_id")
          .whereRef("r.id", "=", "referral_figures.referral_id"),
      }))
      .where("local_program_id", "is", null)
      .execute();
    await trx
      .insertInto("miscellaneous")
      .values(Object.entries(MISCELLANEOUS_DEFAULTS).map(([name, value]) => ({ name, value })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  });
}

async function main() {
  const config = getConfig();
  const db = openDatabase(config.database);
  try {
    await checkDatabase(db, config.database);
    await seed(db);
    const { count } = await db
      .selectFrom("lookups")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    console.log(`Seeded ${describeDatabase(config.database)}: ${count} lookups`);
    if (config.SEED_ADMIN_EMAIL && config.SEED_ADMIN_PASSWORD) {
      const outcome = await ensureSeedAdministrator(db, config.SEED_ADMIN_EMAIL, config.SEED_ADMIN_PASSWORD);
      console.log(
        `Administrator ${config.SEED_ADMIN_EMAIL}: ${outcome === "created" ? "created" : "already there"}; sign in with SEED_ADMIN_PASSWORD`,
      );
    } else {
      console.log("No administrator seeded: set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD to create the first one.");
    }
  } finally {
    await db.destroy();
  }
}

runAsCommand(import.meta, main);
