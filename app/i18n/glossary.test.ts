import { describe, expect, it } from "vitest";
import { localeStrings } from "./english-only";

// locales/GLOSSARY.md gives one word per thing in each language; these are the variants it rules
// out. Each rule carries an example it must catch, so a rule that no longer matches anything fails too.

// A name joined by underscores (ADMIN_EMAIL_DOMAINS, ROLE_ADMIN) is a setting's or a code's, not a word of the text.
const word = (text: string) => new RegExp(`(?<![\\p{L}_])(?:${text})(?![\\p{L}_])`, "iu");

const BANNED: Record<"en" | "es", Array<{ use: string; rule: RegExp; example: string }>> = {
  en: [
    { rule: word("birth ?dates?|DOB"), use: "date of birth", example: "Birthdate" },
    { rule: word("parents?/guardians?|caregivers?"), use: "parent or guardian", example: "Add a parent/guardian" },
    { rule: word("kids?|bab(?:y|ies)|infants?(?! and toddlers)"), use: "child", example: "The baby's name" },
    { rule: word("referring party"), use: "referrer", example: "The referring party" },
    { rule: word("referrals? (?:\\p{L}+ )?sent"), use: "submitted", example: "a referral sent with it" },
    { rule: word("supporting documentation"), use: "supporting document", example: "Add supporting documentation" },
    { rule: word("admins?"), use: "administrator", example: "Admins only" },
  ],
  es: [
    {
      rule: word("referencias?|remisi[oó]n|remisiones|derivaci[oó]n"),
      use: "referido",
      example: "Referencias en borrador",
    },
    { rule: word("borradores de referidos?"), use: "referidos en borrador", example: "Borradores de referidos" },
    {
      rule: word("remitir|remite|remitente|derivar|referente"),
      use: "referir, quien refiere",
      example: "El remitente",
    },
    { rule: word("presentad[oa]s?"), use: "enviado", example: "Referido presentado" },
    {
      rule: word("padre o tutor|una madre o un tutor|cuidador(?:es|as?)?|encargad[oa]s?"),
      use: "padre, madre o tutor",
      example: "Un padre o tutor",
    },
    {
      rule: word("beb[eé]s?|infantes?(?! y niños pequeños)"),
      use: "niño",
      example: "Programa para Bebés y Niños Pequeños",
    },
    { rule: word("autorizaci[oó]n(?:es)?"), use: "consentimiento", example: "La autorización firmada" },
    {
      rule: word("documentaci[oó]n de apoyo|justificantes?"),
      use: "documento de apoyo",
      example: "Documentación de apoyo",
    },
    { rule: word("admin"), use: "administrador", example: "Solo admin" },
  ],
};

describe.each(["en", "es"] as const)("the %s strings follow locales/GLOSSARY.md", (language) => {
  it.each(BANNED[language])("says “$use”, never $example", ({ rule, example }) => {
    expect(rule.test(example)).toBe(true);
    expect(localeStrings(language).filter((text) => rule.test(text))).toEqual([]);
  });
});
