import { expect, type Page } from "@playwright/test";
import { englishLeftIn } from "../app/i18n/english-only";

// A Spanish screen must show no text that only the English locale has: every phrase of
// locales/en that no Spanish string contains is looked for in what the page shows or reads out.

/** What a person sees or hears on the page: its text, title, labels read out and control values. */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll(
      "[aria-label], [title], [placeholder], [alt], input[type=submit], input[type=button], option",
    )) {
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

/** Fails with the English phrases a Spanish page's text (shownText) shows. */
export function expectNoEnglish(text: string, url: string) {
  expect(englishLeftIn(text), `English left on the Spanish page ${url}`).toEqual([]);
}
