import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// For tests: phrases of locales/en no Spanish string contains; found in Spanish output, they are untranslated.

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../locales");

export function localeStrings(language: "en" | "es"): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") found.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(path.join(locales, language)))
    walk(JSON.parse(readFileSync(path.join(locales, language, file), "utf8")));
  return found;
}

let phrases: Array<{ text: string; pattern: RegExp }> | null = null;

/** The literal pieces of the English strings (between {{values}} and <1>tags</1>) that Spanish never uses. */
function englishOnlyPhrases() {
  if (phrases) return phrases;
  const spanish = localeStrings("es").join("\n");
  const pieces = new Set<string>();
  for (const value of localeStrings("en")) {
    for (const piece of value.split(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)/)) {
      const text = piece.trim().replace(/^[\s.,:;()"'-]+|[\s.,:;()"'-]+$/g, "");
      // Short words (No, OK, PDF) are the same in both languages or too short to tell.
      if (text.length >= 4 && /[a-z]{3}/i.test(text) && !spanish.includes(text)) pieces.add(text);
    }
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  phrases = [...pieces].map((text) => ({
    text,
    pattern: new RegExp(`(?<![\\p{L}\\d])${escape(text)}(?![\\p{L}\\d])`, "u"),
  }));
  return phrases;
}

/** The English-only phrases found in a text (as whole words). */
export function englishLeftIn(text: string): string[] {
  return englishOnlyPhrases()
    .filter(({ pattern }) => pattern.test(text))
    .map(({ text: phrase }) => phrase);
}
