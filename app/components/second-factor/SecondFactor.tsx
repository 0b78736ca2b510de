import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link, useSearchParams } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm, type FieldProps } from "~/components/ui/useAppForm";
import { RecoveryCodeSchema, SecondFactorCodeSchema } from "~/schemas/second-factor";

// The second factor's screens (R129), shared by the sign-in and the profile: a form that takes
// the app's code or a recovery code, the set-up's QR code and key, and the recovery codes shown once.

/** Recovery code instead of the app's (?recovery=1); the other way is a plain link, so it works without JavaScript. */
export function useRecoveryChoice(): { recovery: boolean; otherHref: string } {
  const [searchParams] = useSearchParams();
  const recovery = searchParams.get("recovery") === "1";
  const other = new URLSearchParams(searchParams);
  if (recovery) other.delete("recovery");
  else other.set("recovery", "1");
  return { recovery, otherHref: `?${other}` };
}

interface CodeFormProps {
  id: string;
  /** A recovery code instead of the app's. */
  recovery: boolean;
  submitLabel: string;
  /** Where to go once done: carried by the form. */
  redirectTo?: string;
  /** The form's intent, on a page with several. */
  intent?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** A button of another kind than the primary one (the removal's). */
  buttonClassName?: string;
}

/** The app's 6-digit code (a phone shows its number pad and may offer the code it received), or a recovery code. */
export function CodeForm({
  id,
  recovery,
  submitLabel,
  redirectTo,
  intent,
  lastResult,
  buttonClassName = "usa-button",
}: CodeFormProps) {
  const { t } = useTranslation(["auth", "common"]);
  const name = recovery ? "recoveryCode" : "code";
  const labels: Record<string, string> = {
    [name]: t(recovery ? "secondFactor.recovery.label" : "secondFactor.code.label"),
  };
  const { form, field, summary } = useAppForm({
    id,
    schema: recovery ? RecoveryCodeSchema : SecondFactorCodeSchema,
    labels,
    shouldValidate: "onSubmit",
    ...(lastResult === undefined ? {} : { lastResult }),
  });
  return (
    <>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {redirectTo !== undefined ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {recovery ? (
          <TextField
            {...field(name)}
            hint={t("secondFactor.recovery.hint")}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
          />
        ) : (
          <SixDigitField {...field(name)} hint={t("secondFactor.code.hint")} />
        )}
        <StatusButton className={buttonClassName}>{submitLabel}</StatusButton>
      </Form>
    </>
  );
}

/** Six digits: phones show a number pad and may offer a received code; room for spaces between digits. */
export function SixDigitField(props: FieldProps & { hint: string }) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={9}
      className="usa-input--small"
    />
  );
}

/** The set-up's first step: the QR code for the app, and the key to type where it cannot scan. */
export function SetupKey({ qr, secretKey }: { qr: string; secretKey: string }) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="second-factor-scan">
      <h2 id="second-factor-scan">{t("secondFactor.setup.scanHeading")}</h2>
      <p>{t("secondFactor.setup.scan")}</p>
      <img className="second-factor__qr" src={qr} alt={t("secondFactor.setup.qrAlt")} width={200} height={200} />
      <p id="second-factor-key-intro">{t("secondFactor.setup.keyIntro")}</p>
      <p>
        <span className="usa-sr-only">{t("secondFactor.setup.keyLabel")}: </span>
        <code className="second-factor__key" data-secret-key aria-describedby="second-factor-key-intro">
          {secretKey}
        </code>
      </p>
    </section>
  );
}

/** The set-up: its introduction, the key, and the code that confirms the app keeps it. */
export function SetupSteps({
  intro,
  qr,
  secretKey,
  redirectTo,
  intent,
  after,
}: {
  intro: string;
  qr: string;
  secretKey: string;
  redirectTo?: string;
  intent?: string;
  after?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <p>{intro}</p>
      <SetupKey qr={qr} secretKey={secretKey} />
      <section aria-labelledby="second-factor-confirm">
        <h2 id="second-factor-confirm">{t("secondFactor.setup.codeHeading")}</h2>
        <CodeForm
          id="second-factor-setup"
          recovery={false}
          submitLabel={t("secondFactor.setup.submit")}
          redirectTo={redirectTo}
          intent={intent}
        />
      </section>
      {after}
    </>
  );
}

/** The recovery codes, shown this once, and the way on. */
export function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <h1>{t("secondFactor.codes.title")}</h1>
      <p>{t("secondFactor.codes.intro")}</p>
      <h2 id="recovery-codes">{t("secondFactor.codes.label")}</h2>
      <ul className="usa-list usa-list--unstyled recovery-codes" aria-labelledby="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Link className="usa-button" to={continueTo}>
        {t("secondFactor.codes.continue")}
      </Link>
    </>
  );
}

/** Signing out, the one other way out of a sign-in that waits for its second step. */
export function SignOut() {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/logout" className="second-factor__sign-out">
      <StatusButton className="usa-button usa-button--unstyled">{t("secondFactor.signOut")}</StatusButton>
    </Form>
  );
}
