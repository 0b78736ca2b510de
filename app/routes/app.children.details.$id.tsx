import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { Alert } from "~/components/ui/Alert";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import {
  ChildHasSubmittedReferralError,
  ChildTooOldError,
  deleteChild,
  getChild,
  startReferral,
} from "~/models/child.server";
import { getLookupLabel } from "~/models/lookup.server";
import { mayDeleteChild, mayEditChild, mayEditReferral, mayStartReferral } from "~/models/policy";
import { redirectWithToast } from "~/services/toast.server";
import { ageProblem } from "~/utils/child-age";
import { easternCalendarDate, formatCalendarDate, formatDateEastern, formatLongDateEastern } from "~/utils/dates";
import { idParam, notFound, route } from "~/utils/route.server";
import type { ReferralStatus } from "~/utils/statuses";
import { openReferralHref } from "~/components/referrals/open-referral";
import { stepHref } from "~/wizard/steps";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "children"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const db = context.db;
  const child = await getChild(db, actor, idParam(params.id));
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["children", "common"]);
  const name = [child.firstName, child.middleName, child.lastName].filter(Boolean).join(" ");
  const confirmDelete = new URL(request.url).searchParams.has("delete");
  // Administrators see the child; only its creator changes it (R42, R43).
  const mayChange = mayEditChild(actor, child);
  const mayRefer = mayStartReferral(actor, child);
  // A child's referrals are its creator's (startReferral, copyReferral).
  const facts = (referral: { id: number; status: ReferralStatus }) => ({
    ...referral,
    childId: child.id,
    createdById: child.createdById,
  });
  const open = (referral: { id: number; status: ReferralStatus }) => openReferralHref(facts(referral), actor);
  // The draft last worked on is the one to continue.
  const draft = child.referrals
    .filter((referral) => mayEditReferral(actor, facts(referral)))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  return json({
    // The browser's history keeps a page's title after sign-out: it names no child (the heading goes on to).
    title: title(confirmDelete ? "children:details.deleteTitle" : "children:details.pageTitle"),
    child: { id: child.id, name },
    birthdate: formatCalendarDate(child.birthdate, language),
    state: await getLookupLabel(db, "States", child.stateOfResidence, language),
    referrals: child.referrals.map((referral) => ({
      id: referral.id,
      href: open(referral),
      status: referral.status,
      startedOn: formatLongDateEastern(referral.createdAt, language),
      updatedAt: formatDateEastern(referral.updatedAt, language),
      submissionDate: referral.submissionDate ? formatDateEastern(referral.submissionDate, language) : null,
    })),
    draft: draft ? { href: open(draft), startedOn: formatLongDateEastern(draft.createdAt, language) } : null,
    mayChange,
    mayRefer,
    // Three or older: no new referral (R37); the page says why instead of offering one.
    tooOld: ageProblem(child.birthdate, easternCalendarDate()) === "AGE_OF",
    mayDelete: mayDeleteChild(actor, child),
    confirmDelete,
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const db = context.db;
  const id = idParam(params.id);
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent === "delete") {
    try {
      await deleteChild(db, actor, id);
    } catch (error) {
      if (error instanceof ChildHasSubmittedReferralError)
        return json({ error: "children:details.cannotDelete" }, { status: 409 });
      throw error;
    }
    return redirectWithToast("/app/children", { key: "toasts.childDeleted" });
  }
  if (intent === "newReferral") {
    let referral: { id: number };
    try {
      referral = await startReferral(db, actor, id);
    } catch (error) {
      if (error instanceof ChildTooOldError) return json({ error: "common:validation.ageOf" }, { status: 400 });
      throw error;
    }
    return redirectWithToast(stepHref({ child: id, referral: referral.id, user: actor.id }, "relationship"), {
      key: "toasts.referralCreated",
    });
  }
  notFound();
});

export default function ChildDetails() {
  const { child, birthdate, state, referrals, draft, mayChange, mayRefer, tooOld, mayDelete, confirmDelete } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["children", "common"]);
  const deleteQuestion = {
    title: t("details.deleteTitle"),
    body: <p>{t("details.deleteBody", { name: child.name })}</p>,
    confirmLabel: t("details.deleteConfirm"),
    cancelLabel: t("details.deleteCancel"),
    intent: "delete",
  };
  if (confirmDelete && mayDelete)
    return <ConfirmPage {...deleteQuestion} cancelTo={`/app/children/details/${child.id}`} />;

  return (
    <div className="child-page">
      <h1>{t("details.heading", { name: child.name })}</h1>
      {result?.error ? (
        <Alert kind="error" role="alert">
          {t(result.error)}
        </Alert>
      ) : null}
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("preverify.birthdate")}</dt>
          <dd>{birthdate}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("preverify.state")}</dt>
          <dd>{state}</dd>
        </div>
      </dl>
      {mayChange ? (
        <p className="form-actions">
          <Link to={`/app/children/edit/name?id=${child.id}`}>{t("details.editName")}</Link>
          <Link to={`/app/children/edit/preverify?id=${child.id}`}>{t("details.editBirthdate")}</Link>
        </p>
      ) : null}

      {mayRefer ? (
        // One way forward is the main one: the draft waiting, else a new referral.
        <div className="child-forward">
          {tooOld && !result?.error ? <p>{t("common:validation.ageOf")}</p> : null}
          {draft ? <p>{t("details.continueDraftHint", { date: draft.startedOn })}</p> : null}
          <div className="form-actions">
            {draft ? (
              <Link to={draft.href} className="usa-button">
                {t("details.continueDraft")}
              </Link>
            ) : null}
            {tooOld ? null : (
              <Form method="post">
                <StatusButton
                  name="intent"
                  value="newReferral"
                  className={draft ? "usa-button usa-button--outline" : "usa-button"}
                >
                  {t("details.newReferral")}
                </StatusButton>
              </Form>
            )}
          </div>
        </div>
      ) : null}

      <h2>{t("details.referrals")}</h2>
      {referrals.length === 0 ? (
        <p>{t("details.noReferrals")}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked">
          <caption className="usa-sr-only">{t("details.referralsCaption", { name: child.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("details.referral")}</th>
              <th scope="col">{t("details.status")}</th>
              <th scope="col">{t("details.updatedAt")}</th>
              <th scope="col">{t("details.submittedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((referral) => (
              <tr key={referral.id}>
                <th scope="row" data-label={t("details.referral")}>
                  <Link to={referral.href}>
                    {t("details.referralStarted", { date: referral.startedOn })}{" "}
                    <span className="list-table__details usa-hint">
                      {t("details.referralNumber", { id: referral.id })}
                    </span>
                  </Link>
                </th>
                <td data-label={t("details.status")}>{t(`common:statuses.${referral.status}`)}</td>
                <td data-label={t("details.updatedAt")}>{referral.updatedAt}</td>
                <td data-label={t("details.submittedAt")}>{referral.submissionDate ?? t("details.notSubmitted")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {mayChange ? (
        // Apart from the ways forward, and never a large red button: deleting is asked again first.
        <section className="child-delete" aria-labelledby="child-delete-heading">
          <h2 id="child-delete-heading">{t("details.deleteHeading")}</h2>
          {mayDelete ? (
            <ConfirmAction
              id="delete-child"
              href="?delete"
              triggerLabel={t("details.delete")}
              triggerClassName="usa-button usa-button--outline button--danger"
              {...deleteQuestion}
            />
          ) : (
            <p>{t("details.cannotDelete")}</p>
          )}
        </section>
      ) : null}
      <p>
        <Link to="/app/children">{t("details.backToList")}</Link>
      </p>
    </div>
  );
}
