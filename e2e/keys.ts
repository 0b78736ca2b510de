import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// A page that lacks its words shows their keys instead ("steps.relationship.title", "saveAndContinue"): the keys of
// locales/ as such a page would show them, and a text's look for them.

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "locales");

type Strings = { [key: string]: string | Strings };

function flatten(strings: Strings, prefix = ""): Array<[string, string]> {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/**
 * Every key of locales/, as a page that lacks its words would show it: the key, without its plural ending, with and
 * without its namespace. "Shaped" keys cannot be words of a sentence (a dot, a colon, an underscore or a capital
 * inside: "steps.relationship.title", "saveAndContinue"), so they are looked for anywhere in a text; the others
 * ("back") only as a whole text, and only those that no translation says as it is.
 */
export function localeKeys(): { shaped: string[]; words: string[] } {
  const keys = new Set<string>();
  const texts = new Set<string>();
  for (const language of ["en", "es"]) {
    for (const file of readdirSync(path.join(LOCALES, language)).filter((name) => name.endsWith(".json"))) {
      const namespace = file.replace(/\.json$/, "");
      for (const [key, text] of flatten(
        JSON.parse(readFileSync(path.join(LOCALES, language, file), "utf8")) as Strings,
      )) {
        texts.add(text.trim());
        const bare = key.replace(/_(zero|one|two|few|many|other)$/, "");
        for (const each of [key, bare]) keys.add(each).add(`${namespace}:${each}`);
      }
    }
  }
  // A field's name the words themselves say ("a new password needs currentPassword", on the API's page) is no sign.
  const said = new Set(
    [...texts].flatMap((text) => text.split(/[\s,;()«»"“”‹›¿?¡!]+/).map((token) => token.replace(/[.:]+$/, ""))),
  );
  const shaped = [...keys].filter((key) => /[.:_]|[a-z][A-Z]/.test(key) && !said.has(key));
  const words = [...keys].filter((key) => !shaped.includes(key) && !texts.has(key));
  return { shaped, words };
}

let known: { shaped: Set<string>; words: Set<string> } | undefined;

/** The keys a text shows, one text a line (a page's text as the browser lays it out, its names and values). */
export function keysIn(text: string): string[] {
  if (!known) {
    const { shaped, words } = localeKeys();
    known = { shaped: new Set(shaped), words: new Set(words) };
  }
  const found = new Set<string>();
  for (const line of text.split("\n")) {
    const whole = line.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
    if (known.words.has(whole) || known.shaped.has(whole)) found.add(whole);
    for (const token of line.split(/[\s·,;()«»"“”‹›¿?¡!]+/)) {
      const bare = token.replace(/[.:]+$/, "");
      if (known.shaped.has(bare)) found.add(bare);
    }
  }
  return [...found];
}
