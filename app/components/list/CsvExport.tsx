import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ListExport, ListExports } from "~/utils/list";

/**
 * The CSV exports (R81). Without JavaScript, links to streamed files; with it, read as they arrive to show progress,
 * then saved.
 */
export function CsvExport({ exports, total }: { exports: ListExports; total: number }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const filtered = total > 0 ? exports.filtered : null;
  // An empty list with no filter has nothing to export.
  if (total === 0 && !exports.filtered) return null;

  async function download({ href, fileName }: ListExport) {
    setFailed(false);
    setProgress(0);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      // The rows and the heading line: the share shown counts lines read, and stays below 100 until the file is saved.
      const expected = Number(response.headers.get("X-Total-Count") ?? total) + 1;
      const reader = response.body.getReader();
      const chunks: BlobPart[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === 10) lines += 1;
        setProgress(Math.min(99, Math.floor((lines / Math.max(expected, 1)) * 100)));
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress(100);
    } catch {
      setFailed(true);
      setProgress(null);
    }
  }

  const button = (file: ListExport, label: string) => (
    <a
      href={file.href}
      download={file.fileName}
      className="usa-button usa-button--outline"
      onClick={(event) => {
        event.preventDefault();
        // One file at a time: the progress shown is that file's.
        if (progress === null || progress === 100) void download(file);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="list-export">
      <div className="list-export__buttons">
        {button(exports.all, t("list.exportAll"))}
        {filtered ? button(filtered, t("list.exportFiltered")) : null}
      </div>
      <span className="usa-hint">{t(filtered ? "list.exportHintFiltered" : "list.exportHint")}</span>
      <div aria-live="polite">
        {progress !== null ? (
          <p>
            <progress max={100} value={progress} aria-label={t("list.exportProgressLabel")} />{" "}
            {t(progress === 100 ? "list.exportDone" : "list.exportProgress", { percent: progress })}
          </p>
        ) : null}
        {failed ? <p className="usa-error-message">{t("list.exportFailed")}</p> : null}
      </div>
    </div>
  );
}
