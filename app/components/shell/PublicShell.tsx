import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { FlashMessage } from "../FlashMessage";

/** The frame of the screens people see before signing in. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="top-bar top-bar--public">
        <p className="top-bar__title">{t("appName")}</p>
      </header>
      <main id="main-content" tabIndex={-1} className="public-main">
        <FlashMessage />
        {children}
      </main>
    </>
  );
}
