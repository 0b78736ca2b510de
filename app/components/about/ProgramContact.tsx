import { useTranslation } from "~/i18n/react";

export interface ProgramContactInfo {
  phone: string | null;
  email: string | null;
}

/** How to reach the program: the phone and e-mail the installation set, and its mailing address. */
export function ProgramContact({ phone, email }: ProgramContactInfo) {
  const { t } = useTranslation("about");
  return (
    <ul className="usa-list program-contact">
      {phone ? (
        <li>
          {t("contact.phone")} <a href={`tel:${phone.replace(/[^0-9+]/g, "")}`}>{phone}</a>
        </li>
      ) : null}
      {email ? (
        <li>
          {t("contact.email")} <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
      <li>
        {t("contact.mail")} <span className="program-contact__address">{t("contact.address")}</span>
      </li>
    </ul>
  );
}
