import { type DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { CONSENT } from "~/schemas/referral";
import { missingItems } from "~/models/completeness";
import { referralRaces } from "./referral-answers.server";
import { progressFacts } from "./referral-progress.server";
import { shownRelationship } from "~/schemas/relationship";
import { OTHER } from "~/utils/lookup-codes";
import type { WizardIds } from "~/utils/wizard-paths";
import { getLookupLabel, getLookups, lookupLabel, type LookupType } from "./lookup.server";
import { recordAccess, viewerOf, type Viewer } from "./access-record.server";
import { referralForReviewToken } from "./referral-admin.server";
import { noteOpenedByProgram } from "./local-program.server";
import { liveDocuments } from "./document.server";
import { phoneText } from "./phone.server";
import { adultsWithPhones } from "./referral-adults.server";
import {
  actsForProgram,
  mayCopyReferral,
  mayDeleteReferral,
  mayEditReferral,
  maySubmitReferral,
  referralFacts,
  type ReferralFacts,
} from "./policy";
import type { CurrentUser } from "./user.server";
import { reads } from "./reads";
import { traced } from "~/services/trace.server";
import { readableReferral, referralRow, type Row } from "./referral-lifecycle.server";
import { ANSWER_NAMES, ANSWERS, placeOf, sectionOf, type AnswerName, type AnswerRow } from "~/wizard/answers";
import { reviewRow, type ReviewedAnswer, type ReviewedName } from "~/wizard/review-rows";

/** Plain answers by `answer` name, lookup codes as labels. */
type ShownAnswers = Record<string, string | number | null>;

// A referral's review (R68, R72, R93): its answers labelled, what is missing, what the reader may do. Reading it is on
// the record of access (34 CFR 303.406) for anyone but its creator.

async function labels(db: DB, type: LookupType, codes: string[], language: Language): Promise<string[]> {
  const rows = await getLookups(db, type);
  return codes.map((code) => {
    const row = rows.find((lookup) => lookup.code === code);
    return row ? lookupLabel(row, language) : code;
  });
}

/**
 * The table of answers' rows with a `review`, codes as their lookup's label in the reader's language: by answer name
 * (the API's) and as the page's rows (reviewed).
 */
async function shownAnswers(db: DB, referral: Row, language: Language) {
  const answers: ShownAnswers = {};
  const reviewed: ReviewedAnswer[] = [];
  for (const name of ANSWER_NAMES) {
    const row: AnswerRow = ANSWERS[name];
    if (!row.review || !row.column || !row.answer) continue;
    const stored = referral[row.column as keyof Row] as string | number | null;
    const value = row.review.lookup
      ? await getLookupLabel(db, row.review.lookup, stored === null ? null : String(stored), language)
      : stored;
    answers[row.answer] = value;
    reviewed.push({
      name: name as ReviewedName,
      section: sectionOf(name),
      label: row.review.label,
      as: row.review.as ?? "text",
      whenGiven: row.review.whenGiven ?? false,
      value,
    });
  }
  return { answers, reviewed };
}

/** A look at the whole referral, on its record of access (R95). */
function recordReferralView(db: DB, viewer: Viewer, referral: Row) {
  return recordAccess(
    db,
    viewer,
    [{ referralId: referral.id, childId: referral.child_id, createdById: referral.created_by_id }],
    { action: "view", entityType: "referral" },
  );
}

/**
 * The whole referral, for whoever may read it, on the record of access; by the review or through the API, its program's
 * first look is what its referrer sees as "Opened by" (R140).
 */
export async function viewedReferral(db: DB, actor: CurrentUser, ids: WizardIds): Promise<Row> {
  const referral = await readableReferral(db, actor, ids);
  await recordReferralView(db, viewerOf(actor), referral);
  await noteOpenedByProgram(db, actor, referral);
  return referral;
}

/** Everything the review shows (R68). */
export const getReferralForReview = traced(
  "model.getReferralForReview",
  async function getReferralForReview(db: DB, actor: CurrentUser, ids: WizardIds, language: Language) {
    const referral = await viewedReferral(db, actor, ids);
    return reviewOf(db, referral, ids, language, actor);
  },
);

/** The page after a submit, for the creator; null for a Draft and for administrators, who did not send it. */
export const getSubmitConfirmation = traced(
  "model.getSubmitConfirmation",
  async function getSubmitConfirmation(db: DB, actor: CurrentUser, ids: WizardIds) {
    const referral = await readableReferral(db, actor, ids);
    if (actsForProgram(actor) || referral.status === "Draft" || !referral.submission_date) return null;
    const child = await db
      .selectFrom("children")
      .select(["first_name", "last_name"])
      .where("id", "=", referral.child_id)
      .executeTakeFirstOrThrow();
    const creator = await db
      .selectFrom("users")
      .select("email")
      .where("id", "=", referral.created_by_id)
      .executeTakeFirstOrThrow();
    return {
      id: referral.id,
      childName: `${child.first_name} ${child.last_name}`,
      submittedAt: referral.submission_date,
      email: creator.email,
    };
  },
);

/** The referral a live review link opens, read only; null for a bad token. The view is on the record of access. */
export const getReferralForReviewLink = traced(
  "model.getReferralForReviewLink",
  async function getReferralForReviewLink(db: DB, token: string | null | undefined, language: Language) {
    const link = await referralForReviewToken(db, token);
    if (!link) return null;
    const referral = await referralRow(db, link.referralId);
    if (!referral) return null;
    await recordReferralView(db, { reviewLinkId: link.linkId }, referral);
    const review = await reviewOf(
      db,
      referral,
      { child: referral.child_id, referral: referral.id, user: referral.created_by_id },
      language,
      null,
    );
    // A reviewer reads the referral, not the referrer's account (R131).
    return { ...review, createdBy: reads("referral", "createdBy", "reviewLink") ? review.createdBy : null };
  },
);

/** `actor`: the signed-in reader, or null for a review link's holder, who may do nothing with it. */
async function reviewOf(db: DB, referral: Row, ids: WizardIds, language: Language, actor: CurrentUser | null) {
  const label = (type: LookupType, code: string | null) => getLookupLabel(db, type, code, language);
  const child = await db
    .selectFrom("children")
    .selectAll()
    .where("id", "=", referral.child_id)
    .executeTakeFirstOrThrow();
  const creator = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", referral.created_by_id)
    .executeTakeFirstOrThrow();
  const address = referral.address_id
    ? ((await db.selectFrom("addresses").selectAll().where("id", "=", referral.address_id).executeTakeFirst()) ?? null)
    : null;
  const races = await referralRaces(db, referral.id);
  const reasonRows = await db
    .selectFrom("referral_reasons")
    .select(["reason_type", "reason_code"])
    .where("referral_id", "=", referral.id)
    .orderBy("reason_code")
    .execute();
  const reasonsOf = (type: "RefReasons_ConcernsDevelopmental" | "FailedScreenings" | "IdentifiedConditions") =>
    labels(
      db,
      type,
      reasonRows.filter((row) => row.reason_type === type).map((row) => row.reason_code),
      language,
    );
  const documents = await liveDocuments(db, referral.id)
    .select(["id", "description", "is_consent", "file_name", "size_bytes", "created_at"])
    .orderBy("id")
    .execute();
  const adults = await adultsWithPhones(db, referral.id);
  const facts = await progressFacts(db, referral);
  const { answers, reviewed } = await shownAnswers(db, referral, language);
  const missing = missingItems(facts);
  const may = (rule: (actor: CurrentUser, referral: ReferralFacts) => boolean) =>
    actor !== null && rule(actor, referralFacts(referral));
  // Home visiting is stored as Other with its text; any other "Other" shows what was typed.
  const relationshipText = async () => {
    const shown = shownRelationship({
      relationship: referral.referrer_relationship,
      sourceOther: referral.referral_source_other,
    });
    const text = await label("References", shown || null);
    return shown === OTHER && referral.referral_source_other ? `${text}: ${referral.referral_source_other}` : text;
  };
  return {
    id: referral.id,
    ids,
    status: referral.status,
    createdAt: referral.created_at,
    updatedAt: referral.updated_at,
    submissionDate: referral.submission_date,
    statusUpdatedAt: referral.status_updated_at,
    statusDetails:
      language === "es" ? (referral.status_details_es ?? referral.status_details) : referral.status_details,
    hasBeenCopied: referral.has_been_copied === 1,
    createdBy: { name: `${creator.first_name} ${creator.last_name}`, email: creator.email } as {
      name: string;
      email: string;
    } | null,
    child: {
      name: [child.first_name, child.middle_name, child.last_name].filter(Boolean).join(" "),
      birthdate: child.birthdate,
    },
    // The review link's API also answers them where they stood before the table (R94).
    answers,
    reviewed,
    referrer: {
      relationship: await relationshipText(),
      name: String(
        reviewRow(
          ["referrerPrefix", "referrerFirstName", "referrerMiddleName", "referrerLastName", "referrerSuffix"],
          reviewed,
        )?.value ?? "",
      ),
      phone: await phoneText(db, referral.referrer_phone_id),
      familyApproval: referral.family_approval,
      isAudiologistScreening: referral.is_audiologist_screening,
      isHospitalBirth: referral.is_hospital_birth,
      isCAPTA: referral.is_capta,
    },
    childInfo: {
      sex: answers.gender,
      races: await labels(db, "Races", races, language),
      isHispanicChild: answers.isHispanicChild,
      language: answers.primaryLanguage,
      address: address
        ? {
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            zip: address.zip,
            state: address.state,
            county: await label("Counties", address.county),
          }
        : null,
      gestationalAgeInDays: answers.gestationalAgeInDays,
    },
    family: {
      adults: await Promise.all(
        adults.map(async (adult) => ({
          name: adult.name,
          relationship: await label("FamilyRelationships", adult.row.child_relationship),
          contactMethod: await label("ContactMethods", adult.row.preferred_method_of_contact),
          bestTime: adult.row.best_time_to_contact,
          email: adult.row.email,
          phones: adult.phones,
        })),
      ),
      language: answers.familyPrimaryLanguage,
      needsInterpreter: answers.familyNeedsInterpreter,
      inFosterCare: answers.childInFosterCare,
    },
    reasons: {
      developmental: await reasonsOf("RefReasons_ConcernsDevelopmental"),
      screenings: await reasonsOf("FailedScreenings"),
      conditions: await reasonsOf("IdentifiedConditions"),
      otherMedicalCondition: answers.otherMedicalCondition,
      failedScreeningDate: answers.failedScreeningDate,
    },
    additionalDetails: answers.additionalDetails,
    consent: answers.childParentConsent ?? CONSENT.notYet,
    documents: documents.map((row) => ({
      id: row.id,
      description: row.description,
      isConsent: row.is_consent === 1,
      fileName: row.file_name,
      size: row.size_bytes,
      createdAt: row.created_at,
    })),
    missing,
    /** Where the page's links to a missing answer go (a parent's or guardian's phone goes to the parent). */
    missingAt: Object.fromEntries(
      missing.flatMap((item) => (item.answer === "adultPhone" ? [] : [[item.answer, placeOf(item.answer)]])),
    ) as Partial<Record<AnswerName, ReturnType<typeof placeOf>>>,
    can: {
      edit: may(mayEditReferral),
      submit: may(maySubmitReferral),
      delete: may(mayDeleteReferral),
      copy: may(mayCopyReferral),
    },
  };
}
export type ReferralReview = Awaited<ReturnType<typeof reviewOf>>;
