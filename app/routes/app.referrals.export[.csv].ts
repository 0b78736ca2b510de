import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { getLookups, lookupLabel, type LookupType } from "~/models/lookup.server";
import { allReferrals, csvDetails, listReferrals, REFERRAL_CSV_COLUMNS, referralListSpec, type ReferralListKind } from "~/models/referral-list.server";
import { toCsvLine } from "~/utils/csv";
import { easternCalendarDate } from "~/utils/dates";
import { parseListQuery } from "~/utils/list";
import { formatPhone } from "~/utils/phone";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

const KINDS: ReferralListKind[] = ["drafts", "submitted", "user"];

/**
 * A referral list as a CSV file of 35 columns (SPEC §7), streamed 100 rows at a time: the rows of
 * the list as filtered and sorted on screen, every page of it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const kind = url.searchParams.get("list") as ReferralListKind;
  if (!KINDS.includes(kind)) notFound();
  const ownerText = url.searchParams.get("owner");
  const ownerId = ownerText ? idParam(ownerText) : undefined;
  const query = parseListQuery(url.searchParams, referralListSpec(kind));
  // Asked first, so a list the person may not see is a 404 before any byte is sent.
  const { total } = await orHttpError(listReferrals(db, actor, kind, { ...query, count: 10, page: 1 }, ownerId));

  const { t } = await getPageTranslation(request, ["referrals", "common", "wizard"]);
  const language = await getLanguage(request);
  const labelsOf = async (type: LookupType) => new Map((await getLookups(db, type)).map((row) => [row.code, lookupLabel(row, language)]));
  const [references, genders, races, languages, counties, suffixes, states, developmental, screenings, conditions] = await Promise.all(
    (["References", "Genders", "Races", "Languages", "Counties", "Suffixes", "States", "RefReasons_ConcernsDevelopmental", "FailedScreenings", "IdentifiedConditions"] as const).map(labelsOf),
  );
  const reasonLabels: Record<string, Map<string, string>> = { RefReasons_ConcernsDevelopmental: developmental, FailedScreenings: screenings, IdentifiedConditions: conditions };
  const label = (labels: Map<string, string>, code: string | null) => (code ? labels.get(code) ?? code : "");
  const answer = (value: string | null) => (value ? t(`referrals:review.answers.${value}`) : "");
  const encoder = new TextEncoder();
  const pages = allReferrals(db, actor, kind, query, ownerId);

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark lets spreadsheet programs read the accents right.
      controller.enqueue(encoder.encode(`\uFEFF${toCsvLine(REFERRAL_CSV_COLUMNS.map((column) => t(`referrals:csv.${column}`)))}`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      const lines = (await csvDetails(db, next.value)).map(({ row, details, races: raceCodes, reasons }) =>
        toCsvLine([
          String(row.id),
          t(`common:statuses.${row.status}`),
          row.createdAt,
          row.updatedAt,
          row.submissionDate ?? "",
          row.statusUpdatedAt ?? "",
          (language === "es" ? row.statusDetailsEs ?? row.statusDetails : row.statusDetails) ?? "",
          [label(references, details.referrer_relationship), details.referral_source_other].filter(Boolean).join(": "),
          details.referrer_first_name ?? "",
          details.referrer_last_name ?? "",
          details.area_code ? formatPhone({ areaCode: details.area_code, prefix: details.prefix!, suffix: details.phone_suffix! }) : "",
          row.completedByEmail,
          row.childFirstName,
          row.childMiddleName ?? "",
          row.childLastName,
          label(suffixes, details.child_suffix),
          row.birthdate,
          label(states, details.state_of_residence),
          label(genders, details.gender),
          raceCodes.map((code) => label(races, code)).join("; "),
          answer(details.is_hispanic_child),
          label(languages, details.primary_language),
          details.line1 ?? "",
          details.line2 ?? "",
          details.city ?? "",
          details.zip ?? "",
          label(counties, row.county),
          details.gestational_age_in_days === null ? "" : String(details.gestational_age_in_days),
          label(languages, details.family_primary_language),
          answer(details.family_needs_interpreter),
          answer(details.child_in_foster_care),
          reasons.map((reason) => label(reasonLabels[reason.reason_type], reason.reason_code)).join("; "),
          details.other_medical_condition ?? "",
          details.failed_screening_date ?? "",
          details.child_parent_consent ? t(`wizard:documents.consentAnswers.${details.child_parent_consent}`) : "",
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="referrals-${kind}-${easternCalendarDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Total-Count": String(total),
    },
  });
}
