import { z } from "zod";
import { startReferral } from "~/models/child.server";
import { addDocument, readDocument } from "~/models/document.server";
import { copyReferral, deleteReferral, submitReferral } from "~/models/referral-lifecycle.server";
import { listReferrals, type ReferralRow, type ReferralSort } from "~/models/referral-list.server";
import { getReferralRecord, wizardIdsOf, type ReferralRecord } from "~/models/referral-record.server";
import { setReferralAddress } from "~/models/referral-address.server";
import { transferReferral } from "~/models/referral-program.server";
import { getDraftForEdit } from "~/models/referral.server";
import { saveAnswers } from "~/models/referral-answers.server";
import { ReferralAnswersShape } from "~/schemas/answers.server";
import { DocumentSchema } from "~/schemas/referral";
import { TransferSchema } from "~/schemas/local-program";
import { parseUpload, removeStoredFiles } from "~/services/uploads.server";
import { REFERRAL_STATUSES } from "~/utils/statuses";
import { ApiError } from "./errors.server";
import { operation, type Context } from "./handler.server";
import { documentOut } from "./referral-documents.server";
import {
  check,
  idText,
  iri,
  listParameters,
  nullable,
  parseList,
  presentOnly,
  reference,
  type ListShape,
} from "./shapes.server";
import { readable, readerOf } from "~/models/reads";
import type { CurrentUser } from "~/models/user.server";

// /api/referrals (R100), on the pages' models: a PUT naming any answer of a step checks that step whole, as stored with
// the body's changes.

const statusEnum = z.enum(REFERRAL_STATUSES, { error: "validation.unknownChoice" });

const REFERRAL_LIST: ListShape<ReferralSort> = {
  sorts: {
    "child.lastName": "childName",
    "child.birthdate": "birthdate",
    status: "status",
    createdAt: "createdAt",
    updatedAt: "updatedAt",
    submissionDate: "submissionDate",
    statusUpdatedAt: "statusUpdatedAt",
    "createdBy.lastName": "completedBy",
  },
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  exact: {
    status: statusEnum,
    county: z.string().max(20),
    "child.id": idText,
    "createdBy.id": idText,
    createdBy: reference("users"),
    completedByName: z.string().max(100),
    completedByEmail: z.string().max(254),
  },
  dates: {
    "child.birthdate": "birthdate",
    createdAt: "createdAt",
    updatedAt: "updatedAt",
    submissionDate: "submissionDate",
  },
  notEquals: { status: statusEnum },
};

function listRowOut(row: ReferralRow) {
  return {
    "@id": iri("referrals", row.id),
    id: row.id,
    status: row.status,
    statusDetails: { description: row.statusDetails, descriptionES: row.statusDetailsEs },
    child: {
      "@id": iri("children", row.childId),
      firstName: row.childFirstName,
      middleName: row.childMiddleName,
      lastName: row.childLastName,
      birthdate: row.birthdate,
    },
    county: row.county,
    // Set once submitted (R137): /api/local_programs/{id}.
    localProgram: row.localProgramId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submissionDate: row.submissionDate,
    statusUpdatedAt: row.statusUpdatedAt,
    createdBy: { "@id": iri("users", row.createdById), email: row.completedByEmail },
    referralCreatedByName: row.completedByName,
  };
}

/** Codes rather than labels, related records as references (R102), only the fields its reader reads (R131). */
export function referralOut(record: ReferralRecord, actor: CurrentUser) {
  const r = record.referral;
  return readable("referral", readerOf(actor, r.created_by_id), {
    "@id": iri("referrals", r.id),
    id: r.id,
    status: r.status,
    child: iri("children", r.child_id),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    submissionDate: r.submission_date,
    statusUpdatedAt: r.status_updated_at,
    statusDetails: { description: r.status_details, descriptionES: r.status_details_es },
    comments: r.comments,
    serviceCoordinator: r.service_coordinator,
    eligibilityDetermination: r.eligibility_determination,
    hasBeenCopied: r.has_been_copied === 1,
    // Null for a Draft (R137).
    localProgram: r.local_program_id,
    // The address's shape is the API's own.
    ...record.answers,
    address: record.address
      ? {
          "@id": record.address.address_book ? iri("addresses", record.address.id) : null,
          line1: record.address.line1,
          line2: record.address.line2,
          city: record.address.city,
          zip: record.address.zip,
          county: record.address.county,
          state: record.address.state,
        }
      : null,
    adults: record.adultIds.map((id) => iri("adults", id)),
    referralDocuments: record.documentIds.map((id) => iri("referral_documents", id)),
    consentDocuments: record.consentDocumentIds.map((id) => iri("referral_documents", id)),
    createdBy: { "@id": iri("users", r.created_by_id), email: record.creator.email },
    referralCreatedByName: record.creator.name,
    missing: record.missing,
  });
}
/** One of the caller's address book, or one given here (kept in the book when asked). */
const ReferralAddress = z.union([
  reference("addresses"),
  z
    .object({
      line1: z.string().max(100),
      line2: z.string().max(100).nullable().optional(),
      city: z.string().max(60),
      zip: z.string().max(10),
      county: z.string().max(20),
      nickname: z.string().max(60).nullable().optional(),
      addressBook: z.boolean().optional(),
    })
    .strict(),
]);

/** PUT /api/referrals/{id}: any of the answers, and the address. */
export const ReferralUpdate = ReferralAnswersShape.extend({ address: ReferralAddress.optional() }).strict();
type Update = z.infer<typeof ReferralUpdate>;
async function updateReferral(context: Context<unknown, Update>) {
  const { db, body, id } = context;
  const actor = context.actor;
  const ids = await wizardIdsOf(db, actor, id);
  const { address, ...answers } = body;
  if (Object.values(answers).some((value) => value !== undefined)) await saveAnswers(db, actor, ids, answers);
  if (address !== undefined) {
    await setReferralAddress(
      db,
      actor,
      ids,
      typeof address === "number"
        ? { bookId: address }
        : {
            address: {
              line1: address.line1,
              line2: address.line2,
              city: address.city,
              zip: address.zip,
              county: address.county,
              nickname: address.nickname,
            },
            saveToBook: address.addressBook ?? false,
          },
    );
  }
  return referralOut(await getReferralRecord(db, actor, id), actor);
}

export const referralOperations = {
  list: operation({
    operationId: "listReferrals",
    method: "GET",
    path: "/api/referrals",
    tag: "Referrals",
    access: "user",
    list: { params: listParameters(REFERRAL_LIST) },
    async run({ request, db, actor }) {
      const { query, exact, notEquals } = parseList(new URL(request.url), REFERRAL_LIST);
      const createdById = (exact["createdBy.id"] ?? exact.createdBy) as number | undefined;
      query.text = presentOnly({
        status: exact.status as string | undefined,
        county: exact.county as string | undefined,
        completedByName: exact.completedByName as string | undefined,
        completedByEmail: exact.completedByEmail as string | undefined,
      }) as Record<string, string>;
      const { data, total } = await listReferrals(db, actor, "all", query, undefined, {
        childId: exact["child.id"] as number | undefined,
        createdById,
        notStatus: notEquals.status as never,
      });
      return { data: data.map(listRowOut), total };
    },
  }),
  create: operation({
    operationId: "createReferral",
    method: "POST",
    path: "/api/referrals",
    tag: "Referrals",
    access: "referrer",
    body: z.object({ child: reference("children") }).strict(),
    creates: true,
    async run({ db, actor, body }) {
      const { id } = await startReferral(db, actor, body.child);
      return referralOut(await getReferralRecord(db, actor, id), actor);
    },
  }),
  get: operation({
    operationId: "getReferral",
    method: "GET",
    path: "/api/referrals/{id}",
    tag: "Referrals",
    access: "user",
    async run({ db, actor, id }) {
      return referralOut(await getReferralRecord(db, actor, id), actor);
    },
  }),
  update: operation({
    operationId: "updateReferral",
    method: "PUT",
    path: "/api/referrals/{id}",
    tag: "Referrals",
    access: "user",
    body: ReferralUpdate,
    run: updateReferral,
  }),
  remove: operation({
    operationId: "deleteReferral",
    method: "DELETE",
    path: "/api/referrals/{id}",
    tag: "Referrals",
    access: "user",
    async run({ db, actor, id }) {
      await deleteReferral(db, actor, id);
    },
  }),
  submit: operation({
    operationId: "submitReferral",
    method: "POST",
    path: "/api/referrals/{id}/submit",
    tag: "Referrals",
    access: "user",
    async run({ db, actor, id }) {
      const outcome = await submitReferral(db, actor, id);
      return { "@id": iri("referrals", id), id, ...outcome };
    },
  }),
  copy: operation({
    operationId: "copyReferral",
    method: "POST",
    path: "/api/referrals/{id}/copy",
    tag: "Referrals",
    access: "user",
    creates: true,
    async run({ db, actor, id }) {
      const copy = await copyReferral(db, actor, id);
      return referralOut(await getReferralRecord(db, actor, copy.id), actor);
    },
  }),
  transfer: operation({
    operationId: "transferReferral",
    method: "POST",
    path: "/api/referrals/{id}/transfer",
    tag: "Referrals",
    access: "program",
    // Checked by the review page's own schema (its messages), so the page and the API refuse alike.
    body: z
      .object({
        toProgram: nullable(z.number().int()).describe(
          "The id of the local program it moves to (/api/local_programs).",
        ),
        reason: nullable(z.string()).describe("Why it moves, kept in its history (at most 200 characters)."),
      })
      .strict(),
    async run({ db, actor, id, body }) {
      // R139.
      const input = check(TransferSchema, body);
      const moved = await transferReferral(db, actor, id, { toProgramId: input.toProgram, reason: input.reason });
      return { "@id": iri("referrals", id), id, from: moved.from, to: moved.to };
    },
  }),
  addDocument: operation({
    operationId: "addReferralDocument",
    method: "POST",
    path: "/api/referrals/{id}/referral_documents",
    tag: "Referral documents",
    access: "user",
    multipart: z.object({
      description: z.string().max(200),
      isConsent: z.enum(["true", "false"]).optional(),
      file: z.string().describe("the file"),
    }),
    creates: true,
    async run({ request, db, actor, id }) {
      const ids = await wizardIdsOf(db, actor, id);
      // Access is checked before a byte of the file is stored (R64).
      await getDraftForEdit(db, actor, ids);
      const { fields, file } = await parseUpload(request);
      try {
        // The page's schema plus the API's flag; extra fields are ignored as before.
        const parsed = z.safeParse(
          z.object({ ...DocumentSchema.shape, isConsent: z.enum(["true", "false", "1", "0"]).optional() }),
          Object.fromEntries([...fields.entries()].filter(([, value]) => value !== "")),
          { reportInput: true },
        );
        if (!parsed.success) throw parsed.error;
        if (!file) throw new ApiError("invalid_input", { fields: { file: ["validation.fileRequired"] } });
        const isConsent = parsed.data.isConsent === "true" || parsed.data.isConsent === "1";
        const { id: documentId } = await addDocument(
          db,
          actor,
          ids,
          { description: parsed.data.description, isConsent },
          file,
        );
        return documentOut(await readDocument(db, actor, documentId));
      } catch (error) {
        if (file) await removeStoredFiles([file.storedName]);
        throw error;
      }
    },
  }),
};
