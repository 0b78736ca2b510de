import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Option } from "~/components/ui/form";
import { SummaryList } from "~/components/ui/SummaryList";
import { addressText } from "~/utils/address";
import { formatDateTimeEastern } from "~/utils/dates";
import { accountStatus } from "~/utils/statuses";

export interface AddressRow {
  id: number;
  nickname: string | null;
  line1: string;
  line2: string | null;
  city: string;
  zip: string;
  county: string | null;
}

function labelOf(options: Option[], code: string | null | undefined) {
  return options.find((option) => option.value === code)?.label ?? "";
}

/** The address book as a table; its owner gets an edit link per address and an add button. */
export function AddressBook({
  ownerId,
  addresses,
  counties,
  editable,
}: {
  ownerId: number;
  addresses: AddressRow[];
  counties: Option[];
  editable: boolean;
}) {
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="address-book-heading" className="address-book">
      <h2 id="address-book-heading">{t("addressBook.heading")}</h2>
      {addresses.length === 0 ? (
        <p>{t("addressBook.empty")}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked">
          <caption className="usa-sr-only">{t("addressBook.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("addressBook.nickname")}</th>
              <th scope="col">{t("addressBook.address")}</th>
              <th scope="col">{t("addressBook.county")}</th>
              {editable ? (
                <th scope="col">
                  <span className="usa-sr-only">{t("addressBook.actions")}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {addresses.map((address) => (
              <tr key={address.id}>
                <th scope="row" data-label={t("addressBook.nickname")}>
                  {address.nickname || t("addressBook.noNickname")}
                </th>
                <td data-label={t("addressBook.address")}>{addressText({ ...address, nickname: null })}</td>
                <td data-label={t("addressBook.county")}>{labelOf(counties, address.county)}</td>
                {editable ? (
                  <td>
                    <Link to={`/app/profile/${ownerId}/address/${address.id}`}>
                      {t("addressBook.edit")}
                      <span className="usa-sr-only"> {address.nickname || address.line1}</span>
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable ? (
        <Link to={`/app/profile/${ownerId}/address/new`} className="usa-button usa-button--outline">
          {t("addressBook.add")}
        </Link>
      ) : null}
    </section>
  );
}

interface AdminProfileProps {
  profile: {
    id: number;
    email: string;
    prefix: string;
    firstName: string;
    middleName: string;
    lastName: string;
    suffix: string;
    reference: string;
    primaryLanguage: "en" | "sp";
    homePhoneNumber: string;
    workPhoneNumber: string;
    mobilePhoneNumber: string;
    isAdmin: boolean;
    locked: boolean;
    enabled: boolean;
    lastLogin: string | null;
  };
  addresses: AddressRow[];
  options: { prefixes: Option[]; suffixes: Option[]; references: Option[]; counties: Option[] };
}

/** Another user's profile as an administrator sees it (R12): read only, with their addresses. */
export function AdminProfileView({ profile, addresses, options }: AdminProfileProps) {
  const { t, i18n } = useTranslation(["profile", "auth"]);
  const name = [
    labelOf(options.prefixes, profile.prefix),
    profile.firstName,
    profile.middleName,
    profile.lastName,
    labelOf(options.suffixes, profile.suffix),
  ]
    .filter(Boolean)
    .join(" ");
  const none = t("admin.none");
  const rows: Array<[string, string]> = [
    [t("admin.name"), name],
    [t("auth:register.email"), profile.email],
    [t("auth:register.primaryLanguage"), t(`auth:register.languages.${profile.primaryLanguage}`)],
    [t("auth:register.reference"), labelOf(options.references, profile.reference) || none],
    [t("auth:register.homePhone"), profile.homePhoneNumber || none],
    [t("auth:register.workPhone"), profile.workPhoneNumber || none],
    [t("auth:register.mobilePhone"), profile.mobilePhoneNumber || none],
    [t("admin.role"), profile.isAdmin ? t("admin.roles.admin") : t("admin.roles.user")],
    [t("admin.status"), t(`admin.statuses.${accountStatus({ locked: profile.locked, enabled: profile.enabled })}`)],
    [
      t("admin.lastLogin"),
      profile.lastLogin
        ? formatDateTimeEastern(profile.lastLogin, i18n.language === "es" ? "es" : "en")
        : t("admin.never"),
    ],
  ];
  return (
    <div className="profile">
      <h1>{t("adminTitle", { name: `${profile.firstName} ${profile.lastName}` })}</h1>
      <p className="usa-intro">{t("admin.intro")}</p>
      <SummaryList rows={rows} />
      <ul className="usa-list usa-list--unstyled admin-links">
        <li>
          <Link to={`/app/user/${profile.id}/referrals`}>{t("admin.referralsLink")}</Link>
        </li>
        <li>
          <Link to={`/app/user/${profile.id}/children`}>{t("admin.childrenLink")}</Link>
        </li>
      </ul>
      <AddressBook ownerId={profile.id} addresses={addresses} counties={options.counties} editable={false} />
    </div>
  );
}
