import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** Where "Refer a child" begins: adding the child, after which the new referral opens at once. */
export const REFER_CHILD_HREF = "/app/children/edit/preverify?next=referral";

/** The way into a first referral (the page's i18n handle needs "children"). */
export function ReferChildLink() {
  const { t } = useTranslation("children");
  return (
    <Link to={REFER_CHILD_HREF} className="usa-button">
      {t("refer.link")}
    </Link>
  );
}
