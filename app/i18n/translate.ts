import type { Language } from "./config";

// The pages' translate function, the same on the server and in the browser, so a page renders the same
// text in both (the browser only loads the page's namespaces, and never loads i18next). It reads the
// locale files as i18next reads them with app/i18n/config.ts (which the server keeps for mails, reports
// and the API): "namespace:key.path", {{value}} filled in (not escaped: React escapes), a count choosing
// key_one or key_other, and the key itself when nothing is found. translate.test.ts holds the two
// to the same text for every string of both languages.

/** One namespace's strings: a locale file. */
export type Strings = { [key: string]: string | Strings };

/** The strings at hand: by language, then by namespace. */
export type Catalog = Partial<Record<Language, Record<string, Strings | undefined>>>;

export interface TranslateOptions {
  /** The namespaces to look in, in order, instead of the function's own. */
  ns?: string | readonly string[];
  /** Picks key_one, key_other (or key_zero) by the language's plural rules, and fills {{count}}. */
  count?: number;
  /** Said when the key is not found. */
  defaultValue?: string;
  /** The values of the {{placeholders}}. */
  [value: string]: unknown;
}

export type Translate = (key: string, options?: TranslateOptions) => string;

/** A key that reads as a sentence ("Error: try again") is not split at its colon, as i18next does not. */
const SENTENCE = /[ ,?!;]/;
function looksLikeSentence(key: string): boolean {
  if (!SENTENCE.test(key)) return false;
  const dot = key.indexOf(".");
  return !(dot > 0 && !SENTENCE.test(key.slice(0, dot)));
}

function lookUp(strings: Strings | undefined, key: string): string | undefined {
  if (!strings) return undefined;
  let found: string | Strings | undefined = strings;
  for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
  if (typeof found === "string") return found;
  // A key written with its dots in one piece ({"a.b": "…"}).
  const whole = strings[key];
  return typeof whole === "string" ? whole : undefined;
}

const pluralRules = new Map<Language, (count: number) => string>();
/** The language's plural category; without Intl.PluralRules (Safari before 13) English's and Spanish's: one for 1. */
function pluralOf(language: Language, count: number): string {
  let rule = pluralRules.get(language);
  if (!rule) {
    const Rules = typeof Intl === "object" ? (Intl as { PluralRules?: typeof Intl.PluralRules }).PluralRules : undefined;
    const rules = Rules ? new Rules(language) : null;
    rule = rules ? (value) => rules.select(value) : (value) => (value === 1 ? "one" : "other");
    pluralRules.set(language, rule);
  }
  return rule(count);
}

/** {{name}} (or {{ name }}, {{person.name}}) from the options; one the options lack is left as written. */
function fill(text: string, values: TranslateOptions): string {
  if (text.indexOf("{{") < 0) return text;
  return text.replace(/\{\{(-?)(.+?)\}\}/g, (written, _raw: string, name: string) => {
    const path = name.trim();
    let value: unknown = values;
    for (const part of path.split(".")) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
    if (value === undefined && !Object.prototype.hasOwnProperty.call(values, path)) return written;
    return value === null || value === undefined ? "" : String(value);
  });
}

/** The translate function of a language over the namespaces named (the first that has the key wins). */
export function translator(catalog: Catalog, language: Language, namespaces: string | readonly string[]): Translate {
  const own = typeof namespaces === "string" ? [namespaces] : namespaces;
  return (written, options = {}) => {
    let key = written;
    let looked: readonly string[] = options.ns === undefined ? own : typeof options.ns === "string" ? [options.ns] : options.ns;
    if (key.indexOf(":") > -1 && !looksLikeSentence(key)) {
      const parts = key.split(":");
      looked = [parts.shift()!];
      key = parts.join(".");
    }
    const keys = [key];
    if (typeof options.count === "number") {
      keys.unshift(`${key}_${pluralOf(language, options.count)}`);
      if (options.count === 0) keys.unshift(`${key}_zero`);
    }
    let found: string | undefined;
    for (const namespace of looked) {
      for (const candidate of keys) {
        found = lookUp(catalog[language]?.[namespace], candidate);
        if (found !== undefined) break;
      }
      if (found !== undefined) break;
    }
    return fill(found ?? options.defaultValue ?? key, options);
  };
}
