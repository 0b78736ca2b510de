import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useMatches } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/Alert";
import { FileField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import type { Language } from "~/i18n/config";
import { DocumentSchema, UploadSchema } from "~/schemas/referral";
import { ACCEPTED_FILES, formatFileSize, UPLOAD_LIMIT_BYTES } from "~/utils/upload";
import type { Carried } from "~/wizard/carry";
import { documentFileHref } from "./DocumentTable";
import { openModal } from "~/components/ui/dialog";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { StepHeading } from "~/wizard/StepHeading";
import { isRefusal } from "~/utils/refusal";

/** The page's alerts, beside the form's own errors. */
export interface DocumentAlerts {
  /** The body was over the limit; its size when the browser said it. */
  tooLarge: { size: number | null } | null;
  /** The save failed for a reason of ours (the "error saving document" message). */
  failed: boolean;
}

/**
 * What the document screen's action answers when it does not go on (a redirect): Conform's reply (the form's errors
 * and what was typed) with the alerts. The browser says the same itself of a file over the limit before sending it,
 * and of an upload that got no answer; those carry no reply, and leave the form as it is.
 */
export type DocumentActionData = SubmissionResult<string[]> & DocumentAlerts;

function TooLargeText({ size }: { size: number | null }) {
  const { t, i18n } = useTranslation("wizard");
  return (
    <>
      <p>
        {size
          ? t("documents.tooLarge.body", { size: formatFileSize(size, i18n.language as Language) })
          : t("documents.tooLarge.bodyUnknown")}
      </p>
      <p>{t("documents.tooLarge.suggestion")}</p>
    </>
  );
}

/**
 * The add and edit screen of a document (docs/product-rules.md R46, R63, R65). Adding sends a multipart form that
 * works without JavaScript; with it, a file over 30 MB is refused in a modal before the upload
 * starts, and the upload shows its progress. Editing changes the description only.
 */
export function DocumentForm({
  titleKey,
  carried,
  document,
  back,
}: {
  titleKey: string;
  carried: Carried;
  document: { id: number; description: string; fileName: string; size: number } | null;
  back: string;
}) {
  const actionData = useActionData<DocumentActionData>();
  const [sent, setSent] = useState<DocumentActionData | null>(null);
  const data = sent ?? actionData;
  const { t, i18n } = useTranslation(["wizard", "common"]);
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  const isNew = document === null;
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [tooLargeSize, setTooLargeSize] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const showTooLarge = (size: number | null) => {
    setTooLargeSize(size);
    if (fileInput.current) fileInput.current.value = "";
    // Without a modal dialog the page says it as the server does when scripts are off.
    if (!openModal(dialog.current)) setSent({ tooLarge: { size }, failed: false });
  };

  const { form, field, summary } = useAppForm({
    id: "document",
    schema: isNew ? UploadSchema : DocumentSchema,
    labels: { description: t("documents.description"), file: t("documents.file") },
    lastResult: data && "initialValue" in data ? data : undefined,
    defaultValue: { description: document?.description ?? (carried.isConsent ? t("documents.consentDefault") : "") },
    onSubmit(event, { formData, action }) {
      if (!isNew || typeof XMLHttpRequest === "undefined" || !routeId) return;
      event.preventDefault();
      const file = formData.get("file");
      if (file instanceof File && file.size > UPLOAD_LIMIT_BYTES) return showTooLarge(file.size);
      // Sent as Remix sends a form (a data request), so a redirect comes back as a header to follow.
      const url = new URL(action, window.location.href);
      url.searchParams.set("_data", routeId);
      const request = new XMLHttpRequest();
      request.open("POST", url);
      request.upload.onprogress = (progressEvent) => {
        if (progressEvent.lengthComputable) setProgress(Math.floor((progressEvent.loaded * 100) / progressEvent.total));
      };
      request.onload = () => {
        const redirectTo = request.getResponseHeader("X-Remix-Redirect");
        if (redirectTo) {
          // A full load, so that the whole page (the toast, the step badges) is read afresh.
          window.location.assign(redirectTo);
          return;
        }
        if (request.getResponseHeader("X-Remix-Catch")) {
          // Refused as a whole (the referral is no longer the person's to change): the page says why.
          window.location.reload();
          return;
        }
        setProgress(null);
        let answer: DocumentActionData = { tooLarge: null, failed: true };
        try {
          const parsed: unknown = JSON.parse(request.responseText);
          if (isRefusal(parsed)) answer = parsed as DocumentActionData;
        } catch {
          // Not an answer of this action (a proxy's error page): the save failed.
        }
        setSent(answer);
        if (answer.tooLarge) showTooLarge(answer.tooLarge.size);
      };
      request.onerror = () => {
        setProgress(null);
        setSent({ tooLarge: null, failed: true });
      };
      setSent(null);
      setProgress(0);
      request.send(formData);
    },
  });

  const hidden: Array<[string, string]> = [
    ["from", carried.from],
    ...(carried.isConsent ? [["consent", "1"] as [string, string]] : []),
    ...carried.restore,
  ];
  return (
    <div className="wizard-step">
      <StepHeading>{t(titleKey)}</StepHeading>
      {data?.tooLarge ? (
        <Alert kind="error" heading={t("documents.tooLarge.title")} role="alert">
          <TooLargeText size={data.tooLarge.size} />
        </Alert>
      ) : null}
      {data?.failed ? (
        <Alert kind="error" heading={t("documents.failed")} role="alert">
          {t("documents.failedBody")}
        </Alert>
      ) : null}
      <ErrorSummary {...summary} focusKey={data} />
      <Form
        method="post"
        encType={isNew ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        className="usa-form usa-form--large"
      >
        {hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <TextField {...field("description")} hint={t("documents.descriptionHint")} maxLength={200} />
        {isNew ? (
          <FileField
            {...field("file")}
            hint={t("documents.fileHint")}
            accept={ACCEPTED_FILES}
            inputRef={fileInput}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              if (chosen && chosen.size > UPLOAD_LIMIT_BYTES) showTooLarge(chosen.size);
            }}
          />
        ) : (
          <div className="usa-form-group">
            <p>
              {t("documents.currentFile", {
                name: document.fileName,
                size: formatFileSize(document.size, i18n.language as Language),
              })}{" "}
              <a href={documentFileHref(document.id)} download={document.fileName}>
                {t("documents.download")}
                <span className="usa-sr-only"> {document.fileName}</span>
              </a>
            </p>
            <p className="usa-hint">{t("documents.keepsFile")}</p>
          </div>
        )}
        {progress !== null ? (
          <div className="upload-progress">
            <progress id="upload-progress" max={100} value={progress} aria-label={t("documents.progressLabel")} />
            {/* Read out every tenth, not every step of the bar. */}
            <span role="status">{t("documents.uploading", { percent: Math.floor(progress / 10) * 10 })}</span>
          </div>
        ) : null}
        <div className="form-actions">
          <StatusButton className="usa-button" disabled={progress !== null}>
            {isNew ? t("documents.upload") : t("documents.saveChanges")}
          </StatusButton>
          <Link to={back}>{t("documents.cancel")}</Link>
        </div>
      </Form>
      <ModalDialog
        ref={dialog}
        id="too-large"
        title={t("documents.tooLarge.title")}
        body={<TooLargeText size={tooLargeSize} />}
      >
        <div className="form-actions">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one action takes focus */}
          <button type="button" className="usa-button" autoFocus onClick={() => dialog.current?.close()}>
            {t("documents.tooLarge.close")}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
