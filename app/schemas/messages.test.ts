import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { followUps } from "~/schemas/relationship";
import { FAMILY_RELATIONSHIPS, OTHER, OTHER_MEDICAL_CONDITION } from "~/utils/lookup-codes";
import * as account from "./account.server";
import * as address from "./address";
import * as admin from "./admin";
import * as apiKey from "./api-key";
import * as child from "./child";
import * as referral from "./referral";
import * as report from "./report";
import * as secondFactor from "./second-factor";

// Every field of every form says what to do in its own words, in English and Spanish: no field
// falls back to a message that would fit any field ("This field is required.").

const TODAY = "2026-11-21";
const locale = (language: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../locales/${language}/common.json`), "utf8"));
const LOCALES = { en: locale("en"), es: locale("es") };
const textOf = (messages: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

const isSchema = (value: unknown): value is $ZodType => typeof value === "object" && value !== null && "_zod" in value;

/** Every form's schema: the exported zod schemas, and those made for a day (`today`). */
const schemas: Array<[string, $ZodType]> = Object.entries({
  ...account,
  ...address,
  ...admin,
  ...apiKey,
  ...child,
  ...referral,
  ...report,
  ...secondFactor,
}).flatMap(([name, value]): Array<[string, $ZodType]> => {
  if (!/schema$/i.test(name)) return [];
  if (isSchema(value)) return [[name, value]];
  if (typeof value === "function") return [[name, (value as (today: string) => $ZodType)(TODAY)]];
  return [];
});

/** The object under a schema's transforms. */
function shapeOf(schema: $ZodType): Record<string, $ZodType> {
  const def = schema._zod.def as { type: string; shape?: Record<string, $ZodType>; in?: $ZodType };
  if (def.type === "pipe") return shapeOf(def.in!);
  if (def.type !== "object") throw new Error("not an object schema");
  return def.shape!;
}

/** Fields a person never fills in: hidden record ids, where to go after signing in, the captcha, the honeypot. */
const NOT_TYPED = new Set(["id", "redirectTo", "captchaToken", "website"]);

type Probe = Record<string, string | string[]>;

/** What a form can send: nothing, blanks, far too much, and a value no list offers; plus what brings out each rule. */
function probes(name: string, fields: string[]): Probe[] {
  const each = (value: string) => Object.fromEntries(fields.map((field) => [field, value]));
  const base = [{}, each(""), each(" "), each("x".repeat(3000)), each("not-a-choice"), each("-1")];
  const extra: Record<string, Probe[]> = {
    // The follow-up questions are asked of the relationship whose questions the page showed (askedFor, R150).
    RelationshipSchema: ["2", "3", "4", OTHER, FAMILY_RELATIONSHIPS[0]].map((referrerRelationship) => ({
      referrerRelationship,
      askedFor: referrerRelationship,
    })),
    ChildAddressSchema: [{ source: "new" }, { source: "new", zip: "12345" }],
    preVerifySchema: [
      { birthMonth: "2", birthDay: "31", birthYear: "2025", stateOfResidence: "51" },
      { birthMonth: "1", birthYear: "2025" },
    ],
    SexSchema: [{ races: ["2054-5"] }, { isHispanicChild: "no" }],
    screeningSchema: [{ conditions: [OTHER_MEDICAL_CONDITION] }, { failedScreeningDate: "2030-01-01" }],
    GestationalAgeSchema: [{ weeks: "50", days: "9" }],
  };
  return [...base, ...(extra[name] ?? [])];
}

/** The form's answer to a probe, as a page's action reads it (Conform: blanks are left out, ticked boxes are lists). */
function errorsOf(schema: $ZodType, probe: Probe): Record<string, string[]> {
  const form = new FormData();
  for (const [field, value] of Object.entries(probe)) for (const one of [value].flat()) form.append(field, one);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? (submission.error as Record<string, string[]>) : {};
}

/** Each field's messages, from every probe. */
function messagesOf(name: string, schema: $ZodType) {
  const fields = Object.keys(shapeOf(schema)).filter((field) => !NOT_TYPED.has(field));
  const found = new Map<string, Set<string>>();
  for (const probe of probes(name, fields)) {
    for (const [path, messages] of Object.entries(errorsOf(schema, probe))) {
      const field = path.split(/[.[]/)[0];
      if (NOT_TYPED.has(field)) continue;
      if (!found.has(field)) found.set(field, new Set());
      for (const message of messages) found.get(field)!.add(message);
    }
  }
  return found;
}

describe("the forms' messages", () => {
  it("finds every schema", () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "RegistrationSchema",
        "ChildNameSchema",
        "preVerifySchema",
        "RelationshipSchema",
        "GuardianSchema",
        "ApiKeySchema",
        "referralReportSchema",
      ]),
    );
  });

  it.each(schemas)(
    "%s: every message is a key, written in English and Spanish, and none is the generic one",
    (name, schema) => {
      for (const [field, messages] of messagesOf(name, schema)) {
        for (const message of messages) {
          expect(message, `${name}.${field}`).toMatch(/^validation\.[A-Za-z0-9_.]+$/);
          expect(message, `${name}.${field}`).not.toBe("validation.required");
          for (const [language, texts] of Object.entries(LOCALES)) {
            expect(textOf(texts, message), `${name}.${field}: ${message} in ${language}`).toEqual(
              expect.stringMatching(/\S/),
            );
          }
        }
      }
    },
  );

  it.each(schemas)("%s: each field that must be answered has a message of its own", (name, schema) => {
    const missing = Object.entries(errorsOf(schema, {})).filter(([field]) => !NOT_TYPED.has(field));
    const byMessage = new Map<string, string[]>();
    for (const [field, messages] of missing)
      for (const message of messages) byMessage.set(message, [...(byMessage.get(message) ?? []), field]);
    for (const [message, fields] of byMessage) expect(fields, `${name}: ${message} is shared`).toHaveLength(1);
  });

  it("asks for what a relationship's follow-up questions need, each in its own words", () => {
    for (const relationship of ["2", "3", "4", OTHER]) {
      const result = z.safeParse(referral.RelationshipSchema, {
        referrerRelationship: relationship,
        askedFor: relationship,
      });
      const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
      expect(messages).toEqual(followUps(relationship).map((question) => `validation.${question}`));
    }
  });

  it("has no text code such as (AGE_OF) in any text, the words standing alone", () => {
    for (const language of ["en", "es"]) {
      const folder = path.resolve(__dirname, `../../locales/${language}`);
      for (const file of readdirSync(folder))
        expect(readFileSync(path.join(folder, file), "utf8"), `${language}/${file}`).not.toMatch(/\([A-Z_]{4,}\)/);
    }
  });
});
