import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

// A Spanish screen must show no text that only the English locale has: every phrase of
// locales/en that no Spanish string contains is looked for in what the page shows or reads out.

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../locales");

function strings(language: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") found.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(path.join(locales, language))) walk(JSON.parse(readFileSync(path.join(locales, language, file), "utf8")));
  return found;
}

let phrases: RegExp[] | null = null;

/** The literal pieces of the English strings (between {{values}} and <1>tags</1>) that Spanish never uses. */
function englishOnlyPhrases(): RegExp[] {
  if (phrases) return phrases;
  const spanish = strings("es").join("\n");
  const pieces = new Set<string>();
  for (const value of strings("en")) {
    for (const piece of value.split(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)/)) {
      const text = piece.trim().replace(/^[\s.,:;()"'-]+|[\s.,:;()"'-]+$/g, "");
      // Short words (No, OK, PDF) are the same in both languages or too short to tell.
      if (text.length >= 4 && /[a-z]{3}/i.test(text) && !spanish.includes(text)) pieces.add(text);
    }
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  phrases = [...pieces].map((text) => new RegExp(`(?<![\\p{L}\\d])${escape(text)}(?![\\p{L}\\d])`, "u"));
  return phrases;
}

/** What a person sees or hears on the page: its text, title, labels read out and control values. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[type=submit], input[type=button], option")) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
      if (element instanceof HTMLInputElement) parts.push(element.value);
      if (element instanceof HTMLOptionElement) parts.push(element.text);
    }
    return parts.join("\n");
  });
}

/** Fails with the English phrases a Spanish page shows. */
export async function expectNoEnglish(page: Page) {
  const text = await shownText(page);
  const leftovers = englishOnlyPhrases()
    .filter((phrase) => phrase.test(text))
    .map((phrase) => phrase.source.replace(/^\(\?<!\[\\p\{L\}\\d\]\)|\(\?!\[\\p\{L\}\\d\]\)$/g, "").replace(/\\(.)/g, "$1"));
  expect(leftovers, `English left on the Spanish page ${page.url()}`).toEqual([]);
}
