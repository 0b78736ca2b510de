import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { ActionsHeader } from "~/components/ui/ActionsHeader";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { pageTitle } from "~/components/ui/page.server";
import { getLookupOptions } from "~/models/lookup.server";
import { referrerAsGuardian } from "~/models/referral.server";
import { deleteAdult, listAdults } from "~/models/referral-adults.server";
import { afterSave, draftToWrite, loadStep } from "~/wizard/step.server";
import { redirectWithToast } from "~/services/toast.server";
import { idParam, route } from "~/utils/route.server";
import { guardianHref, stepHref } from "~/wizard/steps";
import { StepHeading } from "~/wizard/StepHeading";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids, language, title } = await loadStep(db, request, params, "guardians");
  const adults = await listAdults(db, actor, ids);
  // A referrer of the family is offered as a parent or guardian, with what they already gave (R170).
  const self = await referrerAsGuardian(db, actor, ids);
  const relationships = await getLookupOptions(db, "FamilyRelationships", language);
  const deleting = new URL(request.url).searchParams.get("delete");
  const confirmDelete = adults.find((adult) => String(adult.id) === deleting) ?? null;
  return json({
    // A confirmation page's title is its question (R175).
    title: confirmDelete
      ? await pageTitle(request, "wizard:guardians.deleteTitle", { name: confirmDelete.name })
      : title,
    ids,
    adults: adults.map((adult) => ({
      ...adult,
      relationship: relationships.find((option) => option.value === adult.childRelationship)?.label ?? "",
    })),
    confirmDelete,
    offerSelf: self ? [self.firstName, self.middleName, self.lastName].filter(Boolean).join(" ") : null,
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const db = context.db;
  const { actor, ids } = await draftToWrite(db, request, params);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    await deleteAdult(db, actor, ids, idParam(String(formData.get("adult") ?? "")));
    return redirectWithToast(stepHref(ids, "guardians"), { key: "toasts.guardianRemoved" });
  }
  // Nothing to save here: the guardians are saved one by one. Continue goes on (R47).
  return redirect(afterSave(request, ids, "guardians", formData.get("intent") === "continue"));
});

export default function GuardianList() {
  const { ids, adults, confirmDelete, offerSelf } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const listHref = stepHref(ids, "guardians");
  const question = (adult: { id: number; name: string }) => ({
    title: t("guardians.deleteTitle", { name: adult.name }),
    body: <p>{t("guardians.deleteBody")}</p>,
    confirmLabel: t("guardians.deleteConfirm"),
    cancelLabel: t("guardians.deleteCancel"),
    intent: "delete",
    fields: { adult: String(adult.id) },
  });
  if (confirmDelete) return <ConfirmPage {...question(confirmDelete)} cancelTo={listHref} />;
  return (
    <div className="wizard-step">
      <StepHeading>{t("steps.guardians.title")}</StepHeading>
      <p>{t("guardians.intro")}</p>
      {adults.length === 0 ? (
        <p className="no-data">{t("guardians.empty")}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked">
          <caption className="usa-sr-only">{t("steps.guardians.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("guardians.name")}</th>
              <th scope="col">{t("guardians.relationship")}</th>
              <th scope="col">{t("guardians.phones")}</th>
              <ActionsHeader label={t("guardians.actions")} />
            </tr>
          </thead>
          <tbody>
            {adults.map((adult) => (
              <tr key={adult.id}>
                <th scope="row" data-label={t("guardians.name")}>
                  {adult.name}
                </th>
                <td data-label={t("guardians.relationship")}>{adult.relationship}</td>
                <td data-label={t("guardians.phones")}>{adult.phones.join(", ")}</td>
                <td>
                  <div className="table-actions">
                    <Link to={guardianHref(ids, adult.id)}>
                      {t("guardians.edit")}
                      <span className="usa-sr-only"> {adult.name}</span>
                    </Link>
                    <ConfirmAction
                      id={`delete-adult-${adult.id}`}
                      href={`?delete=${adult.id}`}
                      triggerLabel={
                        <>
                          {t("guardians.delete")}
                          <span className="usa-sr-only"> {adult.name}</span>
                        </>
                      }
                      triggerClassName="usa-button usa-button--unstyled"
                      {...question(adult)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="form-actions">
        {offerSelf ? (
          <Link to={`${guardianHref(ids, "new")}?as=referrer`} className="usa-button usa-button--outline">
            {t("guardians.addReferrer", { name: offerSelf })}
          </Link>
        ) : null}
        <Link to={guardianHref(ids, "new")} className="usa-button usa-button--outline">
          {t("guardians.add")}
        </Link>
      </p>
      <Form method="post" className="form-actions">
        <StatusButton name="intent" value="continue" className="usa-button">
          {t("saveAndContinue")}
        </StatusButton>
      </Form>
    </div>
  );
}
