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
 * What the last action did ("Child created", "Referral saved"), said at the top of the main view
 * of the page it led to, where a person reads first, and kept until the next page. The live
 * region is always there, so a message written into it after a client-side navigation is
 * announced; a page loaded whole is read from the top of the main view anyway.
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
 * The message the root loader read from the flash cookie, if any, on the page it led to only (docs/product-rules.md
 * R153): not on the next page (with JavaScript the root's loader does not run again for a link followed), and not
 * once the page shows a form's errors, even after they are put right: it was about what came before.
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
