import { Link } from "@remix-run/react";
import { Form } from "~/components/ui/busy";
import { HintedButton } from "~/components/ui/HintedButton";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { documentFileHref } from "~/components/documents/DocumentTable";
import { Alert } from "~/components/ui/Alert";
import { ConfirmAction } from "~/components/ui/ConfirmAction";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { SummaryList } from "~/components/ui/SummaryList";
import type { Language } from "~/i18n/config";
import type { ReferralReview as Review } from "~/models/referral-review.server";
import { CONSENT } from "~/schemas/consent";
import { GESTATION_UNKNOWN } from "~/schemas/gestation";
import { addressText } from "~/utils/address";
import { formatCalendarDate, formatDateTimeEastern } from "~/utils/dates";
import { formatFileSize } from "~/utils/upload";
import type { MissingItem } from "~/models/completeness";
import { reviewedUnplaced, reviewRow, type ReviewedAnswer, type ReviewedName } from "~/wizard/review-rows";
import { guardianHref, stepHref, type StepKey } from "~/wizard/steps";

type Row = [string, ReactNode];

const FAILURE_MESSAGE = {
  submitFailed: "review.errorSubmitting",
  incomplete: "review.incomplete",
  noProgram: "program.noProgram",
  tooOld: "common:validation.ageOf",
} as const;

/** Every answer by section, what is missing, and for a Draft's creator the Change links and the confirmed submit. */
export function ReferralReview({
  review,
  failure,
  notice = null,
  lead = null,
  programRows = [],
  fileHref = documentFileHref,
}: {
  review: Review;
  failure: "submitFailed" | "incomplete" | "tooOld" | "noProgram" | null;
  /** A submitted referral's local program, when it opened it and its 45 days (R137, R140, R141). */
  programRows?: Row[];
  /** Under the title, what administrators must see first (a child possibly referred twice). */
  notice?: ReactNode;
  /** The program's status panel, before the referral's content (R156). */
  lead?: ReactNode;
  /** A review link has its own download route. */
  fileHref?: (id: number) => string;
}) {
  const { t, i18n } = useTranslation(["referrals", "common", "wizard"]);
  const language = i18n.language as Language;
  const none = t("review.none");
  const answer = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === ""
      ? none
      : value === 1 || value === "yes"
        ? t("review.answers.yes")
        : value === 0 || value === "no"
          ? t("review.answers.no")
          : value === "unknown"
            ? t("review.answers.unknown")
            : String(value);
  const text = (value: string | null | undefined) => (value ? value : none);
  const gestation = (days: number) =>
    days === GESTATION_UNKNOWN
      ? t("review.answers.unknown")
      : t("review.fields.gestationalWeeks", {
          weeks: t("review.fields.weeks", { count: Math.floor(days / 7) }),
          days: t("review.fields.days", { count: days % 7 }),
        });
  const readAs = (as: ReviewedAnswer["as"], value: string | number | null): string => {
    if (value === null) return none;
    if (as === "yesNo") return answer(value);
    if (as === "date") return formatCalendarDate(String(value), language);
    if (as === "gestation") return gestation(Number(value));
    if (as === "consent") return value === CONSENT.notYet ? none : t(`wizard:documents.consentAnswers.${value}`);
    return String(value);
  };
  // Rows of plain answers come from the table of answers; the rest end their section (reviewedUnplaced).
  const placed = new Set<ReviewedName>();
  const shown = (...names: ReviewedName[]): Row[] => {
    for (const name of names) placed.add(name);
    const row = reviewRow(names, review.reviewed);
    if (!row) return [];
    const words = readAs(row.as, row.value);
    return [
      [t(`review.fields.${row.label}`), row.as === "lines" ? <span className="preserve-lines">{words}</span> : words],
    ];
  };
  const list = (values: string[]) => (values.length ? values.join(", ") : none);
  const changeHref = (step: StepKey) => `${stepHref(review.ids, step)}?return=review`;
  const missingHref = (item: MissingItem) => {
    if (item.answer === "adultPhone") return `${guardianHref(review.ids, item.adult)}?return=review#guardian-phones`;
    const { step, anchor } = review.missingAt[item.answer]!;
    return `${changeHref(step)}${anchor}`;
  };
  const missingText = (item: MissingItem) =>
    t(`review.missing.${item.answer}`, item.answer === "adultPhone" ? { name: item.name } : {});

  const section = (key: keyof typeof SECTION_STEP, rows: Row[], extra?: ReactNode) => (
    <section className="review-section" aria-labelledby={`review-${key}`} key={key}>
      <div className="review-section__heading">
        <h2 id={`review-${key}`}>{t(`review.sections.${key}`)}</h2>
        {review.can.edit ? (
          <Link
            to={changeHref(SECTION_STEP[key])}
            aria-label={t("review.changeSection", { section: t(`review.sections.${key}`) })}
          >
            {t("review.change")}
          </Link>
        ) : null}
      </div>
      <SummaryList
        rows={reviewedUnplaced(SECTION_STEP[key], review.reviewed, placed).reduce(
          (all, name) => all.concat(shown(name)),
          rows,
        )}
      />
      {extra}
    </section>
  );

  const { referrer, childInfo, family, reasons } = review;
  const address = childInfo.address ? addressText(childInfo.address, childInfo.address.county) : none;
  const documents = (consent: boolean) => {
    const rows = review.documents.filter((document) => document.isConsent === consent);
    if (!rows.length) return t("review.noneAdded");
    return (
      <ul className="usa-list usa-list--unstyled">
        {rows.map((document) => (
          <li key={document.id}>
            {document.description}:{" "}
            <a href={fileHref(document.id)} download={document.fileName}>
              {document.fileName}
            </a>{" "}
            ({formatFileSize(document.size, language)})
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="referral-review">
      {/* Above the title, taking the focus, as a refused step's errors do (R167). */}
      <ErrorSummary items={[]} formErrors={failure ? [t(FAILURE_MESSAGE[failure])] : []} />
      {/* The page title stops at the number: it stays in the browser's history (R134). */}
      <h1>{t("review.title", { number: review.id, name: review.child.name })}</h1>
      {notice}
      {lead}
      <SummaryList
        rows={[
          [t("review.status"), t(`common:statuses.${review.status}`)],
          [t("review.createdAt"), formatDateTimeEastern(review.createdAt, language)],
          [t("review.updatedAt"), formatDateTimeEastern(review.updatedAt, language)],
          ...(review.submissionDate
            ? ([[t("review.submittedAt"), formatDateTimeEastern(review.submissionDate, language)]] as Row[])
            : []),
          ...(review.statusUpdatedAt && review.status !== "Submitted"
            ? ([
                [t("review.statusUpdatedAt"), formatDateTimeEastern(review.statusUpdatedAt, language)],
                [t("review.statusDetails"), text(review.statusDetails)],
              ] as Row[])
            : []),
          ...(review.createdBy
            ? ([
                [
                  t(review.status === "Draft" ? "review.startedBy" : "review.createdBy"),
                  `${review.createdBy.name} (${review.createdBy.email})`,
                ],
              ] as Row[])
            : []),
          ...programRows,
        ]}
      />
      {review.hasBeenCopied ? <p>{t("review.copied")}</p> : null}
      {!review.can.edit ? <p className="usa-hint">{t("review.readOnly")}</p> : null}

      {review.status === "Draft" && review.missing.length ? (
        <Alert kind="warning" heading={t("review.missingHeading")} role="region">
          <ul className="usa-list">
            {review.missing.map((item) => (
              <li key={`${item.answer}-${item.answer === "adultPhone" ? item.adult : ""}`}>
                {review.can.edit ? <Link to={missingHref(item)}>{missingText(item)}</Link> : missingText(item)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {review.can.submit && !review.missing.length ? (
        <Alert kind="success" heading={t("review.completeHeading")}>
          {t("review.completeBody")}
        </Alert>
      ) : null}

      {section("referrer", [
        [t("review.fields.relationship"), text(referrer.relationship)],
        ...shown("referrerPrefix", "referrerFirstName", "referrerMiddleName", "referrerLastName", "referrerSuffix"),
        [t("review.fields.referrerPhone"), text(referrer.phone)],
        ...(referrer.familyApproval !== null
          ? ([[t("review.fields.familyApproval"), answer(referrer.familyApproval)]] as Row[])
          : []),
        ...(referrer.isAudiologistScreening !== null
          ? ([[t("review.fields.isAudiologistScreening"), answer(referrer.isAudiologistScreening)]] as Row[])
          : []),
        ...(referrer.isHospitalBirth !== null
          ? ([[t("review.fields.isHospitalBirth"), answer(referrer.isHospitalBirth)]] as Row[])
          : []),
        ...(referrer.isCAPTA !== null ? ([[t("review.fields.isCAPTA"), answer(referrer.isCAPTA)]] as Row[]) : []),
      ])}
      {section("child", [
        [t("review.fields.childName"), review.child.name],
        [t("review.fields.birthdate"), formatCalendarDate(review.child.birthdate, language)],
        ...shown("gender"),
        [t("review.fields.races"), list(childInfo.races)],
        ...shown("isHispanicChild"),
        ...shown("primaryLanguage"),
        [t("review.fields.address"), address],
        ...shown("gestationalAge"),
      ])}
      {section(
        "family",
        [...shown("familyPrimaryLanguage"), ...shown("familyNeedsInterpreter"), ...shown("childInFosterCare")],
        <>
          <h3>{t("review.fields.adults")}</h3>
          {family.adults.length === 0 ? <p>{t("review.noneAdded")}</p> : null}
          {family.adults.map((adult, index) => (
            <div key={index} className="review-adult">
              <h4>{adult.name}</h4>
              <SummaryList
                rows={[
                  [t("review.fields.adultRelationship"), text(adult.relationship)],
                  [t("review.fields.homePhone"), text(adult.phones.home)],
                  [t("review.fields.workPhone"), text(adult.phones.work)],
                  [t("review.fields.mobilePhone"), text(adult.phones.mobile)],
                  [t("review.fields.email"), text(adult.email)],
                  [t("review.fields.contactMethod"), text(adult.contactMethod)],
                  [t("review.fields.bestTime"), text(adult.bestTime)],
                ]}
              />
            </div>
          ))}
        </>,
      )}
      {section("reasons", [
        [t("review.fields.developmental"), list(reasons.developmental)],
        [t("review.fields.screenings"), list(reasons.screenings)],
        [t("review.fields.conditions"), list(reasons.conditions)],
        ...shown("otherMedicalCondition"),
        ...shown("failedScreeningDate"),
      ])}
      {section("details", shown("additionalDetails"))}
      {section("documents", [
        [t("review.fields.documents"), documents(false)],
        ...shown("consent"),
        [t("review.fields.consentDocuments"), documents(true)],
      ])}

      <div className="form-actions review-actions">
        {review.can.submit && !review.missing.length ? (
          <ConfirmAction
            id="submit-referral"
            href="?confirm=submit"
            triggerLabel={t("review.submit")}
            triggerClassName="usa-button"
            title={t("review.submitTitle")}
            body={<p>{t("review.submitBody")}</p>}
            confirmLabel={t("review.submitConfirm")}
            cancelLabel={t("review.submitCancel")}
            intent="submit"
            forward
          />
        ) : null}
        {review.can.edit && review.missing.length ? (
          <Link to={missingHref(review.missing[0])} className="usa-button">
            {t("review.completeMissing")}
          </Link>
        ) : null}
        {review.can.copy ? (
          <Form method="post">
            <HintedButton name="intent" value="copy" hintId="copy-hint" hint={t("review.copyHint")}>
              {t("review.copy")}
            </HintedButton>
          </Form>
        ) : null}
      </div>
      {review.can.delete ? (
        <section className="danger-zone" aria-labelledby="delete-referral-heading">
          <h2 id="delete-referral-heading">{t("review.deleteHeading")}</h2>
          <p>{t("review.deleteBody")}</p>
          <ConfirmAction
            id="delete-referral"
            href="?confirm=delete"
            triggerLabel={t("review.delete")}
            triggerClassName="usa-button usa-button--outline danger-button"
            title={t("review.deleteTitle")}
            body={<p>{t("review.deleteBody")}</p>}
            confirmLabel={t("review.deleteConfirm")}
            cancelLabel={t("review.deleteCancel")}
            intent="delete"
          />
        </section>
      ) : null}
    </div>
  );
}

const SECTION_STEP = {
  referrer: "relationship",
  child: "sex",
  family: "guardians",
  reasons: "reasons",
  details: "details",
  documents: "documents",
} as const satisfies Record<string, StepKey>;
