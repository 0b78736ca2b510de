import { z } from "zod";
import {
  getLocalProgram,
  listLocalPrograms,
  updateLocalProgram,
  type ProgramDetails,
  type ProgramSummary,
} from "~/models/local-program.server";
import { LocalProgramSchema } from "~/schemas/local-program";
import { operation } from "./handler.server";
import { check, iri, nullable } from "./shapes.server";

// /api/local_programs (R136), checked by the programs page's own schema. What each reader reads
// is the model's to decide.

function programOut(program: ProgramSummary | ProgramDetails) {
  return {
    "@id": iri("local_programs", program.id),
    id: program.id,
    name: program.name,
    jurisdiction: program.jurisdiction,
    phone: program.phone,
    ...("nameEn" in program
      ? {
          nameEn: program.nameEn,
          nameEs: program.nameEs,
          intakeEmail: program.intakeEmail,
          approvedDomains: program.approvedDomains,
          staff: program.staff,
          updatedAt: program.updatedAt,
        }
      : {}),
  };
}

/** What GET gives that nobody changes here: a program read and sent back whole may carry it; it is left aside. */
const readOnlyFields = {
  "@id": z.unknown().optional(),
  id: z.unknown().optional(),
  name: z.unknown().optional(),
  jurisdiction: z.unknown().optional(),
  staff: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
};

/** A program as super administrators change it: the fields not sent stay as they are; null clears an optional one. */
const ProgramBody = z
  .object({
    nameEn: nullable(z.string().max(200)),
    nameEs: nullable(z.string().max(200)),
    intakeEmail: nullable(z.string().max(254)).describe(
      "Told of each referral submitted to, or moved to, the program (R137, R139).",
    ),
    phone: nullable(z.string().max(60)).describe("The phone families are given."),
    approvedDomains: nullable(z.array(z.string().max(253)).max(50)).describe(
      "The e-mail domains (example.org) of the accounts that may be made the program's staff (R138).",
    ),
    ...readOnlyFields,
  })
  .strict();

export const localProgramOperations = {
  list: operation({
    operationId: "listLocalPrograms",
    method: "GET",
    path: "/api/local_programs",
    tag: "Local programs",
    access: "user",
    async run({ db, actor, language }) {
      return (await listLocalPrograms(db, actor, language)).map(programOut);
    },
  }),
  get: operation({
    operationId: "getLocalProgram",
    method: "GET",
    path: "/api/local_programs/{id}",
    tag: "Local programs",
    access: "user",
    async run({ db, actor, id, language }) {
      return programOut(await getLocalProgram(db, actor, id, language));
    },
  }),
  update: operation({
    operationId: "updateLocalProgram",
    method: "PUT",
    path: "/api/local_programs/{id}",
    tag: "Local programs",
    access: "superAdmin",
    body: ProgramBody,
    async run({ db, actor, id, body, language }) {
      const current = programOut(await getLocalProgram(db, actor, id, language));
      const merged = {
        ...current,
        ...Object.fromEntries(Object.entries(body).filter(([name]) => !Object.hasOwn(readOnlyFields, name))),
      };
      // The page's schema, the domains typed as its form takes them (one text, split at commas), so both refuse alike.
      const input = check(LocalProgramSchema, {
        nameEn: merged.nameEn,
        nameEs: merged.nameEs,
        intakeEmail: merged.intakeEmail,
        phone: merged.phone,
        approvedDomains: (merged.approvedDomains as string[] | null | undefined)?.join(", "),
      });
      await updateLocalProgram(db, actor, id, input);
      return programOut(await getLocalProgram(db, actor, id, language));
    },
  }),
};
