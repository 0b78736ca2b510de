import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export const TOAST_DURATION_MS = 2000;

export interface ToastMessage {
  kind: "success" | "error" | "info";
  text: string;
  /** Changes for every new message, so the same text twice shows twice. */
  id: string;
}

/**
 * The live region is always on the page, so a message written into it after a client-side
 * navigation is announced. Without JavaScript the message simply stays on the page.
 */
export function ToastRegion({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const [hiddenId, setHiddenId] = useState<string | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setHiddenId(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const visible = toast && toast.id !== hiddenId ? toast : null;
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label={t("toast.region")}>
      {visible ? (
        <div className={`usa-alert usa-alert--${visible.kind} usa-alert--slim toast`}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{visible.text}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
