import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// `npm run check:locales`: every language under locales/ holds the same files and keys as English, none of them empty.
// A key missing in Spanish shows a Spanish reader English words, or in the browser the key itself (it fetches no other
// language as a fallback: app/entry.client.tsx). Run in npm test's first phase, a missing word fails in seconds.
// Usage: tsx .ci/check-locales.ts [locales folder]. Exits 1 with the list of what differs.

const root = process.argv[2] ?? "locales";
const BASE = "en";

type Leaves = Map<string, unknown>;

/** Each leaf of a translation file by its dotted path; an array is one value, as i18next reads it. */
function leaves(value: unknown, prefix: string, into: Leaves): Leaves {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, value);
  return into;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

function filesOf(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((name) => name.endsWith(".json"))
    .sort();
}

const problems: string[] = [];

/**
 * A language's keys as `namespace:key`, the way the code names them; a file that is not JSON is a problem of its own.
 */
function keysOf(language: string): Leaves {
  const all: Leaves = new Map();
  for (const file of filesOf(language)) {
    const namespace = file.replace(/\.json$/, "");
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(root, language, file), "utf8"));
    } catch (error) {
      problems.push(`${language}/${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    for (const [key, value] of leaves(parsed, "", new Map())) all.set(`${namespace}:${key}`, value);
  }
  return all;
}

if (!existsSync(join(root, BASE))) {
  console.error(`${root}/${BASE} is missing: English is what every other language is compared with.`);
  process.exit(1);
}
const languages = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
const base = keysOf(BASE);
for (const [key, value] of base) if (isEmpty(value)) problems.push(`${BASE}: empty ${key}`);

for (const language of languages.filter((name) => name !== BASE)) {
  const baseFiles = filesOf(BASE);
  const files = filesOf(language);
  for (const file of baseFiles)
    if (!files.includes(file)) problems.push(`${language}: no file ${file} (${BASE} has it)`);
  for (const file of files) if (!baseFiles.includes(file)) problems.push(`${language}: file ${file} is not in ${BASE}`);

  const other = keysOf(language);
  const missing = [...base.keys()].filter((key) => !other.has(key) && files.includes(`${key.split(":")[0]}.json`));
  const extra = [...other.keys()].filter((key) => !base.has(key) && baseFiles.includes(`${key.split(":")[0]}.json`));
  const empty = [...other].filter(([, value]) => isEmpty(value)).map(([key]) => key);
  for (const key of missing) problems.push(`${language}: missing ${key}`);
  for (const key of extra) problems.push(`${language}: not in ${BASE} ${key}`);
  for (const key of empty) problems.push(`${language}: empty ${key}`);
  console.log(
    `${language}: ${other.size} keys (${BASE}: ${base.size}), ${missing.length} missing, ${extra.length} not in ${BASE}, ${empty.length} empty`,
  );
}

if (problems.length) {
  console.error(`\nThe translations differ (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Every language under ${root}/ has the files and keys of ${BASE}, none empty.`);
