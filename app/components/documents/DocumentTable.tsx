import type { ButtonHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { ActionsHeader } from "~/components/ui/ActionsHeader";
import { StatusButton } from "~/components/ui/busy";
import { ConfirmAction } from "~/components/ui/ConfirmAction";
import type { Language } from "~/i18n/config";
import { formatDateEastern } from "~/utils/dates";
import { formatFileSize } from "~/utils/upload";

export interface DocumentRow {
  id: number;
  description: string;
  fileName: string;
  size: number;
  createdAt: string;
}

/** Where a document's file is downloaded (for whoever may read the referral). */
export function documentFileHref(id: number): string {
  return `/app/documents/${id}/file`;
}

/**
 * One list of a referral's documents (ordinary or consent): description, file, date added, and
 * edit, download and delete. `editButton` makes the attributes of the edit button, which belongs
 * to the page's form so that it carries what the form holds.
 */
export function DocumentTable({
  documents,
  caption,
  empty,
  editButton,
}: {
  documents: DocumentRow[];
  caption: string;
  empty: string;
  editButton: (id: number) => ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation(["wizard", "common"]);
  const language = i18n.language as Language;
  if (documents.length === 0) return <p className="no-data">{empty}</p>;
  return (
    <table className="usa-table usa-table--borderless usa-table--stacked document-table">
      <caption className="usa-sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("documents.description")}</th>
          <th scope="col">{t("documents.file")}</th>
          <th scope="col">{t("documents.added")}</th>
          <ActionsHeader label={t("documents.actions")} />
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document.id}>
            <th scope="row" data-label={t("documents.description")}>
              {document.description}
            </th>
            <td data-label={t("documents.file")}>
              <span className="document-table__file">{document.fileName}</span> (
              {formatFileSize(document.size, language)})
            </td>
            <td data-label={t("documents.added")}>{formatDateEastern(document.createdAt, language)}</td>
            <td>
              <div className="table-actions">
                <StatusButton className="usa-button usa-button--unstyled" {...editButton(document.id)}>
                  {t("documents.edit")}
                  <span className="usa-sr-only"> {document.description}</span>
                </StatusButton>
                <a href={documentFileHref(document.id)} download={document.fileName}>
                  {t("documents.download")}
                  <span className="usa-sr-only"> {document.fileName}</span>
                </a>
                <ConfirmAction
                  id={`delete-document-${document.id}`}
                  href={`?delete=${document.id}`}
                  triggerLabel={
                    <>
                      {t("documents.delete")}
                      <span className="usa-sr-only"> {document.description}</span>
                    </>
                  }
                  triggerClassName="usa-button usa-button--unstyled"
                  title={t("documents.deleteTitle", { name: document.description })}
                  body={<p>{t("documents.deleteBody")}</p>}
                  confirmLabel={t("documents.deleteConfirm")}
                  cancelLabel={t("documents.deleteCancel")}
                  intent="delete"
                  fields={{ document: String(document.id) }}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
