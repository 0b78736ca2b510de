import { json, type AppLoadContext } from "@remix-run/node";
import { getPageTranslation } from "~/i18n/page.server";
import { getLookupOptions } from "~/models/lookup.server";
import {
  actsForProgram,
  mayCopyReferral,
  mayDeleteReferral,
  mayEditReferral,
  mayLearnOfSameChild,
} from "~/models/policy";
import { easternCalendarDate } from "~/utils/dates";
import { ChildTooOldError } from "~/models/child.server";
import { copyReferral, deleteReferral, ownReferral, type ReferralCopy } from "~/models/referral-lifecycle.server";
import { listReferrals, referralListSpec, type ReferralListKind } from "~/models/referral-list.server";
import type { CurrentUser } from "~/models/user.server";
import { redirectWithToast } from "~/services/toast.server";
import { loadListPage } from "~/components/list/list-page.server";
import { PAST_DRAFT_STATUSES, REFERRAL_STATUSES } from "~/utils/statuses";
import { idParam } from "~/utils/route.server";
import { cutText } from "~/utils/text";
import { openReferralHref } from "~/components/referrals/open-referral";
import { stepHref } from "~/wizard/steps";

/** Status details are cut to 150 characters in the lists (R80). */
export const STATUS_DETAILS_MAX = 150;

/** A referral list page's data. An unknown date comparison in the address answers 400 with an empty list. */
export async function loadReferralList(
  db: AppLoadContext["db"],
  request: Request,
  actor: CurrentUser,
  kind: ReferralListKind,
  owner?: { id: number; name: string },
) {
  const url = new URL(request.url);
  const spec = referralListSpec(kind);
  const { title } = await getPageTranslation(request, ["referrals", "common"]);
  const { language, data, page, status } = await loadListPage(
    request,
    spec,
    (query) => listReferrals(db, actor, kind, query, owner?.id),
    {
      path: "/app/referrals/export.csv",
      name: `referrals-${kind}`,
      fixed: { list: kind, ...(owner ? { owner: String(owner.id) } : {}) },
    },
  );
  const counties = await getLookupOptions(db, "Counties", language);
  const countyName = new Map(counties.map((county) => [county.value, county.label]));
  const titleKey =
    kind === "drafts"
      ? "referrals:list.draftsTitle"
      : kind === "submitted"
        ? "referrals:list.submittedTitle"
        : "referrals:list.userTitle";
  const deleting = url.searchParams.get("delete");
  const rows = data.map((row) => ({
    id: row.id,
    href: openReferralHref(row, actor),
    childName: [row.childFirstName, row.childMiddleName, row.childLastName].filter(Boolean).join(" "),
    birthdate: row.birthdate,
    status: row.status,
    statusDetails: cutText(
      (language === "es" ? (row.statusDetailsEs ?? row.statusDetails) : row.statusDetails) ?? "",
      STATUS_DETAILS_MAX,
    ),
    county: row.county ? (countyName.get(row.county) ?? row.county) : "",
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submissionDate: row.submissionDate,
    statusUpdatedAt: row.statusUpdatedAt,
    completedByName: row.completedByName,
    completedByEmail: row.completedByEmail,
    mayChange: mayEditReferral(actor, row),
    mayCopy: mayCopyReferral(actor, row),
    mayDelete: mayDeleteReferral(actor, row),
  }));
  const confirmDelete = rows.find((row) => String(row.id) === deleting && row.mayDelete) ?? null;
  return json(
    {
      // A confirmation page's title is its question (R175).
      title: confirmDelete ? title("referrals:review.deleteTitle") : title(titleKey, owner ? { name: owner.name } : {}),
      titleKey,
      kind,
      owner,
      ...page,
      rows,
      // The program's view (administrators and staff, R137); possible same child: state administrators only (R126).
      isAdmin: actsForProgram(actor),
      sameChild: mayLearnOfSameChild(actor),
      today: easternCalendarDate(),
      language,
      counties,
      statuses: kind === "submitted" ? PAST_DRAFT_STATUSES : REFERRAL_STATUSES,
      confirmDelete,
    },
    { status },
  );
}

/** The row actions of a list: copy (the copy opens) and delete a Draft (the list shows again). */
export async function referralListAction(
  db: AppLoadContext["db"],
  request: Request,
  actor: CurrentUser,
  listPath: string,
) {
  const form = await request.formData();
  const referralId = idParam(String(form.get("referral") ?? ""));
  // Whose it is comes first: a stranger gets 404 whatever the form says.
  await ownReferral(db, actor, referralId);
  if (form.get("intent") === "copy") {
    let copy: ReferralCopy;
    try {
      copy = await copyReferral(db, actor, referralId);
    } catch (error) {
      // A child three or older is not referred again (R37): the list says so.
      if (error instanceof ChildTooOldError)
        return redirectWithToast(listPath, { kind: "error", key: "validation.ageOf" });
      throw error;
    }
    return redirectWithToast(stepHref({ child: copy.childId, referral: copy.id, user: actor.id }, "relationship"), {
      key: "toasts.referralCreated",
    });
  }
  if (form.get("intent") === "delete") {
    await deleteReferral(db, actor, referralId);
    return redirectWithToast(listPath, { key: "toasts.referralDeleted" });
  }
  return redirectWithToast(listPath, { kind: "info", key: "toasts.referralUpdated" });
}
