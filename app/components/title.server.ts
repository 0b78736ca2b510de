import type { Language } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { titleWords, type TitleWords } from "./title";

// The same in every request of a language: the translations are bundled, so they do not change while the process runs.
const byLanguage = new Map<Language, TitleWords>();

/** The words of a title beyond the page's own, in `language`, for the root loader to send. */
export async function titleWordsIn(language: Language): Promise<TitleWords> {
  if (!byLanguage.has(language)) byLanguage.set(language, titleWords(await fixedT(language, "common")));
  return byLanguage.get(language)!;
}
