import { useTranslation } from "~/i18n/react";
import { Alert } from "./ui/Alert";

export function IeNotice() {
  const { t } = useTranslation();
  return (
    <Alert kind="warning" slim className="ie-notice" role="region" heading={t("ieNotice.title")} headingLevel="h2">
      {t("ieNotice.body")}
    </Alert>
  );
}
