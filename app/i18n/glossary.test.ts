import { describe, expect, it } from "vitest";
import { localeStrings } from "./english-only";

// locales/GLOSSARY.md gives one word per thing in each language; these are the variants it rules
// out. Each rule carries an example it must catch, so a rule that no longer matches anything fails too.

// A name joined by underscores (ADMIN_EMAIL_DOMAINS, ROLE_ADMIN) is a setting's or a code's, not a word of the text.
const word = (text: string) => new RegExp(`(?<![\\p{L}_])(?:${text})(?![\\p{L}_])`, "iu");

const BANNED: Record<"en" | "es", Array<{ not: string; use: string; example: string }>> = {
  en: [
    { not: "birth ?dates?|DOB", use: "date of birth", example: "Birthdate" },
    { not: "parents?/guardians?|caregivers?", use: "parent or guardian", example: "Add a parent/guardian" },
    { not: "kids?|bab(?:y|ies)|infants?(?! and toddlers)", use: "child", example: "The baby's name" },
    { not: "referring party", use: "referrer", example: "The referring party" },
    { not: "referrals? (?:\\p{L}+ )?sent", use: "submitted", example: "a referral sent with it" },
    { not: "supporting documentation", use: "supporting document", example: "Add supporting documentation" },
    { not: "admins?", use: "administrator", example: "Admins only" },
  ],
  es: [
    { not: "referencias?|remisi[oó]n|remisiones|derivaci[oó]n", use: "referido", example: "Referencias en borrador" },
    { not: "borradores de referidos?", use: "referidos en borrador", example: "Borradores de referidos" },
    { not: "remitir|remite|remitente|derivar|referente", use: "referir, quien refiere", example: "El remitente" },
    { not: "presentad[oa]s?", use: "enviado", example: "Referido presentado" },
    {
      not: "padre o tutor|una madre o un tutor|cuidador(?:es|as?)?|encargad[oa]s?",
      use: "padre, madre o tutor",
      example: "Un padre o tutor",
    },
    { not: "beb[eé]s?|infantes?(?! y niños pequeños)", use: "niño", example: "Programa para Bebés y Niños Pequeños" },
    { not: "autorizaci[oó]n(?:es)?", use: "consentimiento", example: "La autorización firmada" },
    { not: "documentaci[oó]n de apoyo|justificantes?", use: "documento de apoyo", example: "Documentación de apoyo" },
    { not: "admin", use: "administrador", example: "Solo admin" },
  ],
};

describe.each(["en", "es"] as const)("the %s strings follow locales/GLOSSARY.md", (language) => {
  it.each(BANNED[language])("says “$use”, never $example", ({ not, example }) => {
    const rule = word(not);
    expect(rule.test(example)).toBe(true);
    expect(localeStrings(language).filter((text) => rule.test(text))).toEqual([]);
  });
});
