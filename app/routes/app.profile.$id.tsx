import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireSession } from "~/auth/auth.server";
import {
  accountFieldLabels,
  NameFieldset,
  PhonesFieldset,
  SecurityQuestionsFieldset,
} from "~/components/AccountFields";
import { PasswordField } from "~/components/PasswordField";
import { AddressBook, AdminProfileView } from "~/components/profile/ProfileViews";
import { Alert } from "~/components/ui/Alert";
import { RadioGroup, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { fromPublicLanguage } from "~/i18n/config";
import { getLanguage, serializeLanguageCookie } from "~/i18n/i18next.server";
import { addressBookRows } from "~/models/address.server";
import { InputError } from "~/models/errors";
import { getLookupOptions, nameFieldOptions } from "~/models/lookup.server";
import { mayEditProfile } from "~/models/policy";
import { getProfile, updateProfile } from "~/models/profile.server";
import { endOtherSessions, listOwnSessions } from "~/models/own-sessions.server";
import { secondFactorOf } from "~/models/second-factor.server";
import { EmailTakenError } from "~/models/user.server";
import { pageTitle, refused, submitForm } from "~/components/ui/page.server";
import { ProfileSchema } from "~/schemas/account";
import { ProfileSchema as ProfileServerSchema } from "~/schemas/account.server";
import { createToastHeaders, redirectWithToast } from "~/services/toast.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { passwordStrength } from "~/utils/password";
import { idParam, notFound, route } from "~/utils/route.server";
import { logFor } from "~/services/log.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth", "profile"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user: actor, sessionIdHash } = await requireSession(request, context.db);
  const userId = idParam(params.id);
  const db = context.db;
  const profile = await getProfile(db, actor, userId);
  const addresses = await addressBookRows(db, actor, userId);
  const language = await getLanguage(request);
  const mode = mayEditProfile(actor, userId) ? ("owner" as const) : ("admin" as const);
  // One's own second factor (R129): on or off, and the way to its page.
  const secondFactor = mode === "owner" ? await secondFactorOf(db, actor, userId) : null;
  // Where one is signed in, and the way to sign out everywhere else (R110).
  const own = mode === "owner" ? await listOwnSessions(db, actor, userId, sessionIdHash) : { sessions: [], others: 0 };
  const sessions = {
    others: own.others,
    shown: own.sessions.map((session) => ({
      ...session,
      signedInAt: formatDateTimeEastern(session.signedInAt, language),
      lastSeenAt: formatDateTimeEastern(session.lastSeenAt, language),
    })),
  };
  return json({
    title: await pageTitle(request, mode === "owner" ? "profile:title" : "profile:adminTitle", {
      name: `${profile.firstName} ${profile.lastName}`,
    }),
    mode,
    profile,
    secondFactor,
    sessions,
    addresses,
    options: {
      ...(await nameFieldOptions(db, language)),
      questions: await getLookupOptions(db, "SecurityQuestion", language),
      counties: await getLookupOptions(db, "Counties", language),
    },
  });
});

const SECRET_FIELDS = ["newPassword", "currentPassword", "securityAnswer1", "securityAnswer2"];

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const { user: actor, sessionIdHash } = await requireSession(request, context.db);
  const userId = idParam(params.id);
  // Only the owner changes a profile; anyone else is answered as if it did not exist.
  if (!mayEditProfile(actor, userId)) notFound();
  const db = context.db;
  const formData = await request.formData();
  if (formData.get("intent") === "endOtherSessions") {
    await endOtherSessions(db, actor, userId, sessionIdHash, context.clientIp);
    return redirectWithToast(`/app/profile/${userId}`, { key: "toasts.otherSessionsEnded" });
  }
  const strength = passwordStrength(String(formData.get("newPassword") ?? ""));
  const refusal = { hideFields: SECRET_FIELDS, data: { strength, updateError: false } };
  return submitForm(
    request,
    formData,
    ProfileServerSchema,
    async (value, submission) => {
      let change;
      try {
        change = await updateProfile(db, actor, userId, value);
      } catch (error) {
        if (error instanceof InputError) throw error;
        if (error instanceof EmailTakenError)
          return refused(submission, { ...refusal, fieldErrors: { email: ["auth:register.emailTaken"] } });
        logFor(request).error({ err: error }, "profile update failed");
        // The form stays as typed, under the profile-update-error alert (R16).
        return refused(submission, { ...refusal, status: 500, data: { strength, updateError: true } });
      }
      const headers = await createToastHeaders({ key: "toasts.userUpdated" });
      // The account's language is also the interface's (R15).
      if (change.languageChanged)
        headers.append("Set-Cookie", await serializeLanguageCookie(fromPublicLanguage(value.primaryLanguage) ?? "en"));
      // A new password ended every sign-in of the account; this browser keeps a fresh one.
      if (change.session) headers.append("Set-Cookie", change.session);
      return redirect(`/app/profile/${userId}`, { headers });
    },
    refusal,
  );
});

export default function ProfilePage() {
  const { mode, profile, addresses, options } = useLoaderData<typeof loader>();
  return mode === "owner" ? (
    <OwnProfile />
  ) : (
    <AdminProfileView profile={profile} addresses={addresses} options={options} />
  );
}

function OwnProfile() {
  const { profile, addresses, options, secondFactor, sessions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "auth", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: "profile",
    schema: ProfileSchema,
    defaultValue: { ...profile },
    labels: accountFieldLabels(
      t,
      {
        email: t("auth:register.email"),
        primaryLanguage: t("auth:register.primaryLanguage"),
        newPassword: t("newPassword"),
      },
      { currentPassword: t("currentPassword") },
    ),
  });

  return (
    <div className="profile">
      <h1>{t("title")}</h1>
      {lastResult?.updateError ? (
        <Alert kind="error" role="alert" heading={t("updateError.heading")}>
          <p>{t("updateError.body")}</p>
          <a className="usa-button" href={`#${fields.firstName.id}`}>
            {t("updateError.goBack")}
          </a>
        </Alert>
      ) : null}
      {profile.pendingEmail ? (
        <Alert kind="info" role="status" heading={t("pendingTitle")}>
          <p>{t("pending", { email: profile.pendingEmail, current: profile.email })}</p>
        </Alert>
      ) : null}
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <NameFieldset field={field} options={options} />

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("auth:register.sections.account")}</legend>
          <TextField {...field("email")} hint={t("emailHint")} type="email" autoComplete="email" spellCheck={false} />
          <RadioGroup
            {...field("primaryLanguage")}
            hint={t("languageHint")}
            options={[
              { value: "en", label: t("auth:register.languages.en") },
              { value: "sp", label: t("auth:register.languages.sp") },
            ]}
          />
          <PasswordField
            {...field("newPassword")}
            hint={t("newPasswordHint")}
            optional
            submittedStrength={lastResult?.strength ?? null}
          />
        </fieldset>

        <SecurityQuestionsFieldset
          field={field}
          questions={options.questions}
          hint={t("securityHint")}
          answersOptional
          clearAnswer={(name) => form.update({ name, value: "" })}
        />

        <PhonesFieldset field={field} />

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("confirmLegend")}</legend>
          <TextField
            {...field("currentPassword")}
            hint={t("currentPasswordHint")}
            type="password"
            autoComplete="current-password"
          />
        </fieldset>

        <div className="form-actions">
          <StatusButton className="usa-button">{t("save")}</StatusButton>
        </div>
      </Form>

      <AddressBook ownerId={profile.id} addresses={addresses} counties={options.counties} editable />
      {secondFactor ? (
        <section aria-labelledby="second-factor-heading" className="profile__second-factor">
          <h2 id="second-factor-heading">{t("auth:secondFactor.profile.heading")}</h2>
          <p>
            {secondFactor.enabled
              ? t("auth:secondFactor.profile.on", { count: secondFactor.recoveryCodesLeft })
              : t("auth:secondFactor.profile.off")}
            {secondFactor.required ? ` ${t("auth:secondFactor.profile.required")}` : null}
          </p>
          <Link className="usa-button usa-button--outline" to={`/app/profile/${profile.id}/second-factor`}>
            {t(secondFactor.enabled ? "auth:secondFactor.profile.manage" : "auth:secondFactor.profile.setUp")}
          </Link>
        </section>
      ) : null}
      <OwnSessions sessions={sessions} />
      <p>
        <Link to="/app/dashboard">{t("backToDashboard")}</Link>
      </p>
    </div>
  );
}

/** Where the owner is signed in (this browser first), and a button that signs out every other (R110). */
function OwnSessions({
  sessions: { shown, others },
}: {
  sessions: {
    shown: Array<{
      device: string | null;
      address: string | null;
      signedInAt: string;
      lastSeenAt: string;
      current: boolean;
    }>;
    others: number;
  };
}) {
  const { t } = useTranslation(["profile", "common"]);
  return (
    <section aria-labelledby="sessions-heading" className="profile__sessions">
      <h2 id="sessions-heading">{t("sessions.heading")}</h2>
      <p>{t("sessions.intro")}</p>
      <table className="usa-table usa-table--borderless usa-table--stacked">
        <caption className="usa-sr-only">{t("sessions.heading")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sessions.device")}</th>
            <th scope="col">{t("sessions.address")}</th>
            <th scope="col">{t("sessions.signedInAt")}</th>
            <th scope="col">{t("sessions.lastSeenAt")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((session, index) => (
            <tr key={index}>
              <th scope="row" data-label={t("sessions.device")}>
                {session.device ?? t("sessions.unknownDevice")}
                {session.current ? ` ${t("sessions.current")}` : null}
              </th>
              <td data-label={t("sessions.address")}>{session.address ?? t("sessions.unknownAddress")}</td>
              <td data-label={t("sessions.signedInAt")}>{session.signedInAt}</td>
              <td data-label={t("sessions.lastSeenAt")}>{session.lastSeenAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {others ? (
        <Form method="post">
          {others >= shown.length ? <p>{t("sessions.notAllShown", { count: shown.length })}</p> : null}
          <StatusButton name="intent" value="endOtherSessions" className="usa-button usa-button--outline">
            {t("sessions.endOthers")}
          </StatusButton>
        </Form>
      ) : (
        <p>{t("sessions.noOthers")}</p>
      )}
    </section>
  );
}
