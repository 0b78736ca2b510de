import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export const ERROR_KINDS = {
  "not-found": { status: 404, key: "errors.notFound" },
  forbidden: { status: 403, key: "errors.forbidden" },
  busy: { status: 503, key: "errors.busy" },
  unexpected: { status: 500, key: "errors.unexpected" },
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

export function errorKind(name: string | undefined | null): ErrorKind {
  return name && Object.prototype.hasOwnProperty.call(ERROR_KINDS, name) ? (name as ErrorKind) : "unexpected";
}

export function errorKindForStatus(status: number): ErrorKind {
  if (status === 404) return "not-found";
  if (status === 403 || status === 401) return "forbidden";
  if (status === 503) return "busy";
  return "unexpected";
}

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const { key } = ERROR_KINDS[kind];
  return (
    <div className="error-page usa-prose">
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.body`)}</p>
      <p>
        <Link to="/app/dashboard" className="usa-button">
          {t("errors.backToDashboard")}
        </Link>
      </p>
    </div>
  );
}
