import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { DocumentTable } from "~/components/documents/DocumentTable";
import { Alert } from "~/components/ui/Alert";
import { ConfirmPage } from "~/components/ui/ConfirmAction";
import { RadioGroup } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { SaveButtons } from "~/components/ui/SaveButtons";
import { pageTitle } from "~/components/ui/page.server";
import { useAppForm } from "~/components/ui/useAppForm";
import { deleteDocument, listDocuments } from "~/models/document.server";
import { loadStep, stepAction, wizardIds } from "~/wizard/step.server";
import { CONSENT, CONSENT_ANSWERS, ConsentSchema, DEFAULT_CONSENT } from "~/schemas/referral";
import { redirectWithToast } from "~/services/toast.server";
import { idParam, route } from "~/utils/route.server";
import { restoredValues } from "~/wizard/carry";
import { documentHref, stepHref } from "~/wizard/steps";

import type { ConsentCode } from "~/schemas/referral";
import { StepHeading } from "~/wizard/StepHeading";
import { stepFormId } from "~/wizard/answers";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids, referral, title } = await loadStep(db, request, params, "documents");
  const { documents, consentDocuments } = await listDocuments(db, actor, ids);
  const url = new URL(request.url);
  const deleting = url.searchParams.get("delete");
  const restored = restoredValues(url, "documents");
  const confirmDelete =
    [...documents, ...consentDocuments].find((document) => String(document.id) === deleting) ?? null;
  return json({
    // A confirmation page's title is its question (R175).
    title: confirmDelete
      ? await pageTitle(request, "wizard:documents.deleteTitle", { name: confirmDelete.description })
      : title,
    ids,
    documents,
    consentDocuments,
    // A missing answer shows as 3, not yet known (R62).
    defaults: {
      childParentConsent:
        (restored?.childParentConsent as string) || (referral.child_parent_consent?.toString() ?? DEFAULT_CONSENT),
    },
    // Saved as not yet known: the referral cannot be submitted until it is Yes or No (R62).
    consentNotYet: referral.child_parent_consent === CONSENT.notYet,
    confirmDelete,
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "delete") {
    const actor = await requireUser(request, context.db);
    const ids = wizardIds(params);
    await deleteDocument(context.db, actor, ids, idParam(String(form.get("document") ?? "")));
    return redirectWithToast(stepHref(ids, "documents"), { key: "toasts.documentRemoved" });
  }
  // Saving with advance goes to the referral review (R47).
  return stepAction({
    db: context.db,
    request,
    params,
    step: "documents",
    schema: ConsentSchema,
    answers: (value) => ({ childParentConsent: Number(value.childParentConsent) as ConsentCode }),
  });
});

export default function DocumentsStep() {
  const { ids, documents, consentDocuments, defaults, consentNotYet, confirmDelete } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("documents"),
    schema: ConsentSchema,
    defaultValue: defaults,
    labels: { childParentConsent: t("documents.consentLabel") },
  });
  const listHref = stepHref(ids, "documents");
  if (confirmDelete) {
    return (
      <ConfirmPage
        title={t("documents.deleteTitle", { name: confirmDelete.description })}
        body={<p>{t("documents.deleteBody")}</p>}
        confirmLabel={t("documents.deleteConfirm")}
        cancelLabel={t("documents.deleteCancel")}
        intent="delete"
        fields={{ document: String(confirmDelete.id) }}
        cancelTo={listHref}
      />
    );
  }
  // "Add" and "Edit" send this form by GET to the document screen, so the consent answer, saved
  // or not, travels with them and comes back (R61: prevState and the restore object).
  const openDocument = (target: number | "new", consent: "0" | "1" | null) => ({
    form: form.id,
    formMethod: "get" as const,
    formAction: documentHref(ids, target),
    formNoValidate: true,
    ...(consent ? { name: "consent", value: consent } : {}),
  });
  return (
    <div className="wizard-step">
      <StepHeading>{t("steps.documents.title")}</StepHeading>
      <p>{t("documents.intro")}</p>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="from" value="documents" />
      </Form>

      <section aria-labelledby="supporting-heading">
        <h2 id="supporting-heading">{t("documents.supporting")}</h2>
        <DocumentTable
          documents={documents}
          caption={t("documents.supporting")}
          empty={t("documents.emptySupporting")}
          editButton={(id) => openDocument(id, null)}
        />
        <p>
          <StatusButton className="usa-button usa-button--outline" {...openDocument("new", "0")}>
            {t("documents.add")}
          </StatusButton>
        </p>
        <p className="usa-hint">{t("documents.accepted")}</p>
      </section>

      <section aria-labelledby="consent-heading">
        <h2 id="consent-heading">{t("documents.consentHeading")}</h2>
        {consentNotYet ? (
          <Alert kind="warning" slim>
            {t("documents.consentNotYet")}
          </Alert>
        ) : null}
        <RadioGroup
          {...field("childParentConsent")}
          hint={t("documents.consentHint")}
          options={CONSENT_ANSWERS.map((value) => ({ value, label: t(`documents.consentAnswers.${value}`) }))}
        />
        <h3>{t("documents.consentDocuments")}</h3>
        <DocumentTable
          documents={consentDocuments}
          caption={t("documents.consentDocuments")}
          empty={t("documents.emptyConsent")}
          editButton={(id) => openDocument(id, "1")}
        />
        <p>
          <StatusButton className="usa-button usa-button--outline" {...openDocument("new", "1")}>
            {t("documents.addConsent")}
          </StatusButton>
        </p>
      </section>

      <SaveButtons
        form={form.id}
        continueIntent="continue"
        continueLabel={t("saveAndContinue")}
        saveLabel={t("save")}
      />
    </div>
  );
}
