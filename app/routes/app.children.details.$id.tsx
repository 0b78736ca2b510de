import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/auth.server";
import { Alert } from "~/components/ui/Alert";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { ChildHasSubmittedReferralError, deleteChild, getChild, startReferral } from "~/models/child.server";
import { getLookupLabel } from "~/models/lookup.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatCalendarDate, formatDateEastern } from "~/utils/dates";
import { idParam, notFound, orHttpError } from "~/utils/route.server";
import { openReferralHref, stepHref } from "~/wizard/steps";

export const handle = { i18n: ["common", "children"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const db = getDb();
  const child = await orHttpError(getChild(db, actor, idParam(params.id)));
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["children", "common"]);
  const name = [child.firstName, child.middleName, child.lastName].filter(Boolean).join(" ");
  const confirmDelete = new URL(request.url).searchParams.has("delete");
  return json({
    title: title(confirmDelete ? "children:details.deleteTitle" : "children:details.title", { name }),
    child: { id: child.id, name, createdById: child.createdById },
    birthdate: formatCalendarDate(child.birthdate, language),
    state: await getLookupLabel(db, "States", child.stateOfResidence, language),
    referrals: child.referrals.map((referral) => ({
      id: referral.id,
      status: referral.status,
      createdAt: formatDateEastern(referral.createdAt, language),
      updatedAt: formatDateEastern(referral.updatedAt, language),
      submissionDate: referral.submissionDate ? formatDateEastern(referral.submissionDate, language) : null,
    })),
    // Administrators see the child; only its creator changes it (SPEC §6).
    mayChange: !actor.isAdmin && child.createdById === actor.id,
    deletable: child.referrals.every((referral) => referral.status === "Draft"),
    confirmDelete,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const db = getDb();
  const id = idParam(params.id);
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent === "delete") {
    try {
      await orHttpError(deleteChild(db, actor, id));
    } catch (error) {
      if (error instanceof ChildHasSubmittedReferralError) return json({ error: "children:details.cannotDelete" }, { status: 409 });
      throw error;
    }
    return redirectWithToast("/app/children", { key: "toasts.childDeleted" });
  }
  if (intent === "newReferral") {
    const referral = await orHttpError(startReferral(db, actor, id));
    return redirectWithToast(stepHref({ child: id, referral: referral.id, user: actor.id }, "relationship"), { key: "toasts.referralCreated" });
  }
  notFound();
}

export default function ChildDetails() {
  const { child, birthdate, state, referrals, mayChange, deletable, confirmDelete } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["children", "common"]);
  const deleteQuestion = {
    title: t("details.deleteTitle", { name: child.name }),
    body: <p>{t("details.deleteBody")}</p>,
    confirmLabel: t("details.deleteConfirm"),
    cancelLabel: t("details.deleteCancel"),
    intent: "delete",
  };
  if (confirmDelete && mayChange && deletable) return <ConfirmPage {...deleteQuestion} cancelTo={`/app/children/details/${child.id}`} />;

  return (
    <div className="child-page">
      <h1>{child.name}</h1>
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
              <th scope="col">{t("details.createdAt")}</th>
              <th scope="col">{t("details.updatedAt")}</th>
              <th scope="col">{t("details.submittedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((referral) => (
              <tr key={referral.id}>
                <th scope="row" data-label={t("details.referral")}>
                  <Link to={openReferralHref({ id: referral.id, childId: child.id, createdById: child.createdById, status: referral.status }, !mayChange)}>
                    {t("details.referralNumber", { id: referral.id })}
                  </Link>
                </th>
                <td data-label={t("details.status")}>{t(`common:statuses.${referral.status}`)}</td>
                <td data-label={t("details.createdAt")}>{referral.createdAt}</td>
                <td data-label={t("details.updatedAt")}>{referral.updatedAt}</td>
                <td data-label={t("details.submittedAt")}>{referral.submissionDate ?? t("details.notSubmitted")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayChange ? (
        <Form method="post">
          <button type="submit" name="intent" value="newReferral" className="usa-button">
            {t("details.newReferral")}
          </button>
        </Form>
      ) : null}

      {mayChange ? (
        <div className="form-actions child-delete">
          {deletable ? (
            <ConfirmAction id="delete-child" href="?delete" triggerLabel={t("details.delete")} {...deleteQuestion} />
          ) : (
            <p>{t("details.cannotDelete")}</p>
          )}
        </div>
      ) : null}
      <p>
        <Link to="/app/children">{t("details.backToList")}</Link>
      </p>
    </div>
  );
}
