import { z, type ZodError } from "zod";
import { startReferral } from "~/models/child.server";
import { addDocument, deleteDocument, readDocument, updateDocument } from "~/models/document.server";
import { InputError } from "~/models/errors";
import { copyReferral, deleteReferral, submitReferral } from "~/models/referral-lifecycle.server";
import { listReferrals, type ReferralRow, type ReferralSort } from "~/models/referral-list.server";
import { getReferralRecord, wizardIdsOf, wizardIdsOfPart, type ReferralRecord } from "~/models/referral-record.server";
import { setReferralAddress } from "~/models/referral-address.server";
import { mergeStepChanges, saveStep, type StepChange } from "~/models/referral.server";
import { CONSENT, DocumentSchema, GESTATION_UNKNOWN, gestationParts } from "~/schemas/referral";
import { parseUpload, removeStoredFiles } from "~/services/uploads.server";
import { easternCalendarDate } from "~/utils/dates";
import { formatPhone } from "~/utils/phone";
import { REFERRAL_STATUSES } from "~/utils/statuses";
import { answerOf, shownRelationship, shownSourceOther } from "~/wizard/relationship";
import { screeningSave, STEP_SAVES } from "~/wizard/step-saves";
import { ApiError } from "./errors.server";
import { operation, type Context } from "./handler.server";
import { idText, iri, listParameters, parseList, PhoneObject, phoneOut, presentOnly, reference, type ListShape } from "./shapes.server";

// /api/referrals and /api/referral_documents (docs/product-rules.md R100), on the models the wizard, the review and
// the lists use. A referral's answers change through the same step rules as the pages: a PUT
// naming any answer of a step checks that step whole (what is stored, with the body's changes).

const statusEnum = z.enum(REFERRAL_STATUSES, { errorMap: () => ({ message: "validation.unknownChoice" }) });

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
  dates: { "child.birthdate": "birthdate", createdAt: "createdAt", updatedAt: "updatedAt", submissionDate: "submissionDate" },
  notEquals: { status: statusEnum },
};

function listRowOut(row: ReferralRow) {
  return {
    "@id": iri("referrals", row.id),
    id: row.id,
    status: row.status,
    statusDetails: { description: row.statusDetails, descriptionES: row.statusDetailsEs },
    child: { "@id": iri("children", row.childId), firstName: row.childFirstName, middleName: row.childMiddleName, lastName: row.childLastName, birthdate: row.birthdate },
    county: row.county,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submissionDate: row.submissionDate,
    statusUpdatedAt: row.statusUpdatedAt,
    createdBy: { "@id": iri("users", row.createdById), email: row.completedByEmail },
    referralCreatedByName: row.completedByName,
  };
}

/** A referral as the API shows it: its fields, codes rather than labels, related records as references (docs/product-rules.md R102). */
export function referralOut(record: ReferralRecord) {
  const r = record.referral;
  return {
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
    referrerRelationship: shownRelationship({ relationship: r.referrer_relationship, sourceOther: r.referral_source_other }) || null,
    referralSourceOther: shownSourceOther({ sourceOther: r.referral_source_other }),
    familyApproval: answerOf(r.family_approval),
    isAudiologistScreening: answerOf(r.is_audiologist_screening),
    isHospitalBirth: answerOf(r.is_hospital_birth),
    isCAPTA: answerOf(r.is_capta),
    referrerPrefix: r.referrer_prefix,
    referrerFirstName: r.referrer_first_name,
    referrerMiddleName: r.referrer_middle_name,
    referrerLastName: r.referrer_last_name,
    referrerSuffix: r.referrer_suffix,
    referrerPhoneNumber: phoneOut(record.referrerPhone),
    gender: r.gender,
    races: record.races,
    isHispanicChild: r.is_hispanic_child,
    primaryLanguage: r.primary_language,
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
    gestationalAgeInDays: r.gestational_age_in_days,
    familyPrimaryLanguage: r.family_primary_language,
    familyNeedsInterpreter: r.family_needs_interpreter,
    childInFosterCare: r.child_in_foster_care,
    referralReasons: record.reasons,
    otherMedicalCondition: r.other_medical_condition,
    failedScreeningDate: r.failed_screening_date,
    additionalDetails: r.additional_details,
    childParentConsent: r.child_parent_consent ?? CONSENT.notYet,
    adults: record.adultIds.map((id) => iri("adults", id)),
    referralDocuments: record.documentIds.map((id) => iri("referral_documents", id)),
    consentDocuments: record.consentDocumentIds.map((id) => iri("referral_documents", id)),
    createdBy: { "@id": iri("users", r.created_by_id), email: record.creator.email },
    referralCreatedByName: record.creator.name,
    missing: record.missing,
  };
}
type ReferralOut = ReturnType<typeof referralOut>;

const text = (max: number) => z.string().max(max, "validation.tooLong").nullable().optional();
const code = z.string().max(20, "validation.tooLong").nullable().optional();
const codes = z.array(z.string().max(20, "validation.tooLong")).max(30, "api:fields.tooMany").optional();
const yesNo = z.enum(["yes", "no"]).nullable().optional();

/** The address of a referral: one of the caller's address book, or one given here (kept in the book when asked). */
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

/** PUT /api/referrals/{id}: any of the answers; those of one wizard step are checked together. */
export const ReferralUpdate = z
  .object({
    referrerRelationship: code,
    referralSourceOther: text(100),
    familyApproval: yesNo,
    isAudiologistScreening: yesNo,
    isHospitalBirth: yesNo,
    isCAPTA: yesNo,
    referrerPrefix: code,
    referrerFirstName: text(100),
    referrerMiddleName: text(100),
    referrerLastName: text(100),
    referrerSuffix: code,
    referrerPhoneNumber: PhoneObject.nullable().optional(),
    gender: code,
    races: codes,
    isHispanicChild: z.enum(["yes", "no", "unknown"]).nullable().optional(),
    primaryLanguage: code,
    address: ReferralAddress.optional(),
    gestationalAgeInDays: z.number().int().min(GESTATION_UNKNOWN).max(400).nullable().optional(),
    familyPrimaryLanguage: code,
    familyNeedsInterpreter: yesNo,
    childInFosterCare: z.enum(["yes", "no", "unknown"]).nullable().optional(),
    referralReasons: z
      .object({ RefReasons_ConcernsDevelopmental: codes, FailedScreenings: codes, IdentifiedConditions: codes })
      .strict()
      .optional(),
    otherMedicalCondition: text(200),
    failedScreeningDate: z.string().max(10).nullable().optional(),
    additionalDetails: text(2000),
    childParentConsent: z.union([z.literal(CONSENT.yes), z.literal(CONSENT.no), z.literal(CONSENT.notYet)]).optional(),
  })
  .strict();
type Update = z.infer<typeof ReferralUpdate>;
type Merged = ReferralOut & Omit<Update, "address" | "referralReasons"> & { referralReasons: ReferralOut["referralReasons"] };

/**
 * Each step's answers in the API's names and as the step's form reads them. A step is checked
 * when the body names one of its fields; its errors come back under the API's names.
 */
const STEP_FIELDS: Array<{ fields: Record<string, string>; save: () => { schema: z.ZodTypeAny; change: (value: never) => StepChange }; form: (m: Merged) => Record<string, unknown> }> = [
  {
    fields: { referrerRelationship: "referrerRelationship", familyApproval: "familyApproval", isAudiologistScreening: "isAudiologistScreening", isHospitalBirth: "isHospitalBirth", isCAPTA: "isCapta", referralSourceOther: "referralSourceOther" },
    save: () => STEP_SAVES.relationship,
    form: (m) => presentOnly({ referrerRelationship: m.referrerRelationship, familyApproval: m.familyApproval, isAudiologistScreening: m.isAudiologistScreening, isHospitalBirth: m.isHospitalBirth, isCapta: m.isCAPTA, referralSourceOther: m.referralSourceOther }),
  },
  {
    fields: { referrerPrefix: "prefix", referrerFirstName: "firstName", referrerMiddleName: "middleName", referrerLastName: "lastName", referrerSuffix: "suffix", referrerPhoneNumber: "phone" },
    save: () => STEP_SAVES.proxy,
    form: (m) => presentOnly({ prefix: m.referrerPrefix, firstName: m.referrerFirstName, middleName: m.referrerMiddleName, lastName: m.referrerLastName, suffix: m.referrerSuffix, phone: formatPhone(m.referrerPhoneNumber) }),
  },
  {
    fields: { gender: "gender", races: "races", isHispanicChild: "isHispanicChild" },
    save: () => STEP_SAVES.sex,
    form: (m) => presentOnly({ gender: m.gender, races: m.races?.length ? m.races : undefined, isHispanicChild: m.isHispanicChild }),
  },
  { fields: { primaryLanguage: "primaryLanguage" }, save: () => STEP_SAVES.childLanguage, form: (m) => presentOnly({ primaryLanguage: m.primaryLanguage }) },
  {
    fields: { gestationalAgeInDays: "weeks" },
    save: () => STEP_SAVES.gestationalAge,
    form: (m) => {
      // The page's own reading of the stored days: weeks and days, or the unknown box.
      const parts = gestationParts(m.gestationalAgeInDays ?? null);
      return parts.unknown ? { unknown: "on" } : presentOnly({ weeks: parts.weeks, days: parts.days });
    },
  },
  { fields: { familyPrimaryLanguage: "familyPrimaryLanguage" }, save: () => STEP_SAVES.familyLanguage, form: (m) => presentOnly({ familyPrimaryLanguage: m.familyPrimaryLanguage }) },
  { fields: { familyNeedsInterpreter: "familyNeedsInterpreter" }, save: () => STEP_SAVES.interpreter, form: (m) => presentOnly({ familyNeedsInterpreter: m.familyNeedsInterpreter }) },
  { fields: { childInFosterCare: "childInFosterCare" }, save: () => STEP_SAVES.fosterCare, form: (m) => presentOnly({ childInFosterCare: m.childInFosterCare }) },
  {
    fields: { "referralReasons.RefReasons_ConcernsDevelopmental": "developmental" },
    save: () => STEP_SAVES.reasons,
    form: (m) => ({ developmental: m.referralReasons.RefReasons_ConcernsDevelopmental }),
  },
  {
    fields: { "referralReasons.FailedScreenings": "screenings", "referralReasons.IdentifiedConditions": "conditions", otherMedicalCondition: "otherMedicalCondition", failedScreeningDate: "failedScreeningDate" },
    // The API sends YYYY-MM-DD, which every language reads.
    save: () => screeningSave(easternCalendarDate(), "en"),
    form: (m) =>
      presentOnly({
        screenings: m.referralReasons.FailedScreenings,
        conditions: m.referralReasons.IdentifiedConditions,
        otherMedicalCondition: m.otherMedicalCondition,
        failedScreeningDate: m.failedScreeningDate,
      }),
  },
  { fields: { additionalDetails: "additionalDetails" }, save: () => STEP_SAVES.details, form: (m) => presentOnly({ additionalDetails: m.additionalDetails }) },
  { fields: { childParentConsent: "childParentConsent" }, save: () => STEP_SAVES.documents, form: (m) => ({ childParentConsent: String(m.childParentConsent) }) },
];

/** The body's fields by name, reasons by type ("referralReasons.FailedScreenings"). */
function namedFields(body: Update): Set<string> {
  const names = new Set(Object.keys(body));
  for (const type of Object.keys(body.referralReasons ?? {})) names.add(`referralReasons.${type}`);
  return names;
}

async function updateReferral(context: Context<unknown, Update>) {
  const { db, body, id } = context;
  const actor = context.actor;
  const ids = await wizardIdsOf(db, actor, id);
  const current = referralOut(await getReferralRecord(db, actor, id));
  const merged = {
    ...current,
    ...body,
    referralReasons: { ...current.referralReasons, ...presentOnly(body.referralReasons ?? {}) },
  } as Merged;
  const named = namedFields(body);
  const changes: StepChange[] = [];
  const fields: Record<string, string[]> = {};
  for (const step of STEP_FIELDS) {
    if (!Object.keys(step.fields).some((field) => named.has(field))) continue;
    const { schema, change } = step.save();
    const parsed = schema.safeParse(step.form(merged));
    if (parsed.success) {
      changes.push(change(parsed.data as never));
      continue;
    }
    // The step's form names back to the API's.
    const byForm = Object.fromEntries(Object.entries(step.fields).map(([api, form]) => [form, api]));
    for (const issue of (parsed.error as ZodError).issues) {
      const formName = String(issue.path[0] ?? "");
      const name = byForm[formName] ?? (formName === "days" || formName === "unknown" ? "gestationalAgeInDays" : formName || "body");
      (fields[name] ??= []).push(issue.message);
    }
  }
  if (Object.keys(fields).length) throw new ApiError("invalid_input", { fields });
  if (changes.length) {
    try {
      await saveStep(db, actor, ids, mergeStepChanges(changes));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // The steps' form names (a lookup code refused, no reason left) back to the API's.
      const renamed: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(error.fieldErrors)) (renamed[FORM_TO_API[name] ?? name] ??= []).push(...messages);
      throw new ApiError("invalid_input", { fields: renamed });
    }
  }
  if (body.address !== undefined) {
    const address = body.address;
    await setReferralAddress(
      db,
      actor,
      ids,
      typeof address === "number"
        ? { bookId: address }
        : { address: { line1: address.line1, line2: address.line2, city: address.city, zip: address.zip, county: address.county, nickname: address.nickname }, saveToBook: address.addressBook ?? false },
    );
  }
  return referralOut(await getReferralRecord(db, actor, id));
}

/** A step form's field name → the API's (the models name refused reason codes by their type). */
const FORM_TO_API: Record<string, string> = {
  ...Object.fromEntries(STEP_FIELDS.flatMap((step) => Object.entries(step.fields).map(([api, form]) => [form, api]))),
  RefReasons_ConcernsDevelopmental: "referralReasons.RefReasons_ConcernsDevelopmental",
  FailedScreenings: "referralReasons.FailedScreenings",
  IdentifiedConditions: "referralReasons.IdentifiedConditions",
};

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
      return referralOut(await getReferralRecord(db, actor, id));
    },
  }),
  get: operation({
    operationId: "getReferral",
    method: "GET",
    path: "/api/referrals/{id}",
    tag: "Referrals",
    access: "user",
    async run({ db, actor, id }) {
      return referralOut(await getReferralRecord(db, actor, id));
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
      return referralOut(await getReferralRecord(db, actor, copy.id));
    },
  }),
  addDocument: operation({
    operationId: "addReferralDocument",
    method: "POST",
    path: "/api/referrals/{id}/referral_documents",
    tag: "Referral documents",
    access: "user",
    multipart: z.object({ description: z.string().max(200), isConsent: z.enum(["true", "false"]).optional(), file: z.string().describe("the file") }),
    creates: true,
    async run({ request, db, actor, id }) {
      const ids = await wizardIdsOf(db, actor, id);
      const { fields, file } = await parseUpload(request);
      try {
        const parsed = DocumentSchema.extend({ isConsent: z.enum(["true", "false", "1", "0"]).optional() }).safeParse(
          Object.fromEntries([...fields.entries()].filter(([, value]) => value !== "")),
        );
        if (!parsed.success) throw parsed.error;
        if (!file) throw new ApiError("invalid_input", { fields: { file: ["validation.fileRequired"] } });
        const isConsent = parsed.data.isConsent === "true" || parsed.data.isConsent === "1";
        const { id: documentId } = await addDocument(db, actor, ids, { description: parsed.data.description, isConsent }, file);
        return documentOut(await readDocument(db, actor, documentId));
      } catch (error) {
        if (file) await removeStoredFiles([file.storedName]);
        throw error;
      }
    },
  }),
};

function documentOut(document: Awaited<ReturnType<typeof readDocument>>) {
  return {
    "@id": iri("referral_documents", document.id),
    id: document.id,
    referral: iri("referrals", document.referralId),
    description: document.description,
    isConsent: document.isConsent,
    fileName: document.fileName,
    contentType: document.contentType,
    size: document.size,
    createdAt: document.createdAt,
    file: `/app/documents/${document.id}/file`,
  };
}

export const documentOperations = {
  get: operation({
    operationId: "getReferralDocument",
    method: "GET",
    path: "/api/referral_documents/{id}",
    tag: "Referral documents",
    access: "user",
    async run({ db, actor, id }) {
      return documentOut(await readDocument(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateReferralDocument",
    method: "PUT",
    path: "/api/referral_documents/{id}",
    tag: "Referral documents",
    access: "user",
    body: DocumentSchema.strict(),
    async run({ db, actor, id, body }) {
      const ids = await wizardIdsOfPart(db, actor, "referral_documents", id);
      await updateDocument(db, actor, ids, id, body);
      return documentOut(await readDocument(db, actor, id));
    },
  }),
  remove: operation({
    operationId: "deleteReferralDocument",
    method: "DELETE",
    path: "/api/referral_documents/{id}",
    tag: "Referral documents",
    access: "user",
    async run({ db, actor, id }) {
      const ids = await wizardIdsOfPart(db, actor, "referral_documents", id);
      await deleteDocument(db, actor, ids, id);
    },
  }),
};
