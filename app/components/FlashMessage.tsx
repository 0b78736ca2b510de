import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { useFormErrorsShown } from "./title";

export interface FlashText {
  kind: "success" | "error" | "info";
  text: string;
}

/**
 * What the last action did, atop the main view of the page it led to. The live region is always rendered so a message
 * written after a client-side navigation is announced.
 */
export function FlashMessageView({ message }: { message: FlashText | null }) {
  const { t } = useTranslation();
  return (
    <div className="flash-message" role="status" aria-label={t("toast.region")}>
      {message ? (
        <div className={`usa-alert usa-alert--${message.kind} usa-alert--slim`}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{message.text}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The flash, on the page it led to only (R153): with JavaScript the root loader does not rerun on navigation, so hide
 * it explicitly, and once the page shows form errors.
 */
export function FlashMessage() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const toast = data?.toast ?? null;
  const { key } = useLocation();
  const errorsShown = useFormErrorsShown();
  const [seen, setSeen] = useState({ toast, key, stale: false });
  let now = seen.toast === toast ? seen : { toast, key, stale: false };
  if (!now.stale && (now.key !== key || errorsShown)) now = { ...now, stale: true };
  if (now !== seen) setSeen(now);
  return <FlashMessageView message={now.stale ? null : toast} />;
}
