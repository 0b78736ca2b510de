import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./config";
import { fixedT } from "./i18next.server";
import { resources } from "./resources.server";
import { translator, type Strings } from "./translate";

// The pages translate with app/i18n/translate.ts, the server's mails, reports and API with i18next: both
// must say the same thing for every string of every namespace, in both languages.

function keysOf(strings: Strings, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

/** A value for every {{placeholder}} of a text, each its own name (so a mix-up shows). */
function valuesFor(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\{\{-?\s*([^}\s]+)\s*\}\}/g)].map(([, name]) => [name, `<${name}>`]));
}

describe.each(LANGUAGES)("the pages' translations in %s", (language) => {
  const namespaces = Object.keys(resources[language]);

  it.each(namespaces)("say every string of %s as i18next does", async (namespace) => {
    const i18next = await fixedT(language, namespace);
    const ours = translator(resources, language, namespace);
    for (const key of keysOf(resources[language][namespace as keyof (typeof resources)[typeof language]] as Strings)) {
      const plural = /_(zero|one|two|few|many|other)$/.exec(key);
      const asked = plural ? key.slice(0, plural.index) : key;
      const text = String(i18next(key));
      const values = valuesFor(text);
      if (plural)
        for (const count of [0, 1, 2, 5, 21]) expect(ours(asked, { ...values, count }), `${key} (${count})`).toBe(i18next(asked, { ...values, count }));
      else {
        expect(ours(asked, values), key).toBe(i18next(asked, values));
        // A value the call leaves out stays as written; one given as undefined or null is left empty.
        expect(ours(asked), key).toBe(i18next(asked));
      }
    }
  });

  it("looks in the namespaces in order, takes a namespace written in the key, and says a missing key as i18next does", async () => {
    const i18next = await fixedT(language, ["wizard", "common"]);
    const ours = translator(resources, language, ["wizard", "common"]);
    const calls: Array<[string, Record<string, unknown>?]> = [
      ["saveAndContinue"],
      ["form.optional"],
      ["validation.yourEmail", { ns: "common" }],
      ["auth:register.title"],
      ["common:titleTemplate", { page: "X" }],
      ["no.such.key"],
      ["auth:no.such.key"],
      ["Error: a sentence, not a key"],
      ["missing", { defaultValue: "Said {{what}}", what: "instead" }],
      ["common:titleTemplate", { page: undefined }],
      ["common:titleTemplate", { page: null }],
      ["common:titleTemplate", { page: 3 }],
    ];
    for (const [key, options] of calls) expect(ours(key, options), key).toBe(i18next(key, options));
  });
});
