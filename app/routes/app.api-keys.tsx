import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireProgram } from "~/auth/auth.server";
import { ListTable } from "~/components/list/List";
import { Alert } from "~/components/ui/Alert";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { RadioGroup, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { createApiKey, listApiKeys, revokeApiKey } from "~/models/api-key.server";
import type { CurrentUser } from "~/models/user.server";
import { SignInLimitedError } from "~/models/sign-in.server";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { NO_STORE, refusedAsLimited } from "~/components/second-factor/second-factor.server";
import { ApiKeySchema } from "~/schemas/api-key";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { idParam, route } from "~/utils/route.server";
import { pageHeaders } from "~/components/ui/headers";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };
export const headers = pageHeaders;

// /app/api-keys (R101). A new key is shown once, on the answer to the form that made it; only its
// hash is kept.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const language = await getLanguage(request);
  const now = new Date().toISOString();
  const keys = await listApiKeys(context.db, actor);
  const rows = keys.map((key) => ({
    id: key.id,
    name: key.name,
    keyStart: key.keyStart,
    owner: `${key.ownerName} (${key.ownerEmail})`,
    scope: key.scope,
    createdAt: formatDateTimeEastern(key.createdAt, language),
    expiresAt: key.expiresAt ? formatDateTimeEastern(key.expiresAt, language) : null,
    lastUsedAt: key.lastUsedAt ? formatDateTimeEastern(key.lastUsedAt, language) : null,
    status: key.revokedAt
      ? (key.endedReason ?? "revoked")
      : key.expiresAt && key.expiresAt <= now
        ? ("expired" as const)
        : ("active" as const),
  }));
  // The confirmation page's title is its question (R175), as the page shows it: a live key.
  const confirming = revokeAsked(new URL(request.url).searchParams, rows);
  return json({
    title: confirming
      ? await pageTitle(request, "admin:apiKeys.revokeTitle", { name: confirming.name })
      : await pageTitle(request, "admin:apiKeys.title"),
    keys: rows,
  });
});

/** The key whose revoking the address asks about (?confirm=revoke&key=ID), if it is still live. */
function revokeAsked<Key extends { id: number; status: string }>(
  params: URLSearchParams,
  keys: Key[],
): Key | undefined {
  return params.get("confirm") === "revoke"
    ? keys.find((key) => String(key.id) === params.get("key") && key.status === "active")
    : undefined;
}

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "revoke":
      await revokeApiKey(context.db, actor, idParam(String(formData.get("key") ?? "")));
      return redirectWithToast("/app/api-keys", { key: "toasts.apiKeyRevoked" });
    default:
      return makeKey(request, context, actor, formData);
  }
});

/** A new key, shown once on this answer; the password and the code are never sent back in the page. */
async function makeKey(
  request: Request,
  { db, clientIp }: ActionFunctionArgs["context"],
  actor: CurrentUser,
  formData: FormData,
) {
  const hidden = { hideFields: ["currentPassword", "code"], data: { created: null } };
  return submitForm(
    request,
    formData,
    ApiKeySchema,
    async ({ keyName, scope, days, currentPassword, code }, submission) => {
      try {
        const { key } = await createApiKey(
          db,
          actor,
          { name: keyName, scope, days, password: currentPassword, proof: { code } },
          clientIp,
        );
        return json(
          { ...submission.reply({ resetForm: true }), created: { name: keyName, key } },
          { headers: NO_STORE },
        );
      } catch (error) {
        if (!(error instanceof SignInLimitedError)) throw error;
        return refusedAsLimited(request, submission, error, hidden);
      }
    },
    hidden,
  );
}

export default function ApiKeys() {
  const { keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const { search } = useLocation();
  const { form, field, summary } = useAppForm({
    id: "api-key",
    schema: ApiKeySchema,
    defaultValue: { days: "90" },
    labels: {
      keyName: t("apiKeys.name"),
      scope: t("apiKeys.scope"),
      days: t("apiKeys.days"),
      currentPassword: t("apiKeys.password"),
      code: t("apiKeys.code"),
    },
  });
  const question = (key: { id: number; name: string }) => ({
    title: t("apiKeys.revokeTitle", { name: key.name }),
    body: <p>{t("apiKeys.revokeBody", { name: key.name })}</p>,
    confirmLabel: t("apiKeys.revokeConfirm"),
    cancelLabel: t("apiKeys.cancel"),
    intent: "revoke",
    fields: { key: String(key.id) },
  });
  const params = new URLSearchParams(search);
  const confirming = revokeAsked(params, keys);
  if (confirming) return <ConfirmPage {...question(confirming)} cancelTo="/app/api-keys" />;
  return (
    <div className="usa-prose list-page">
      <h1>{t("apiKeys.title")}</h1>
      <p>{t("apiKeys.intro")}</p>
      <p>
        <a href="/api/docs">{t("apiKeys.docsLink")}</a>
      </p>
      {actionData?.created ? (
        <Alert kind="success" role="status" heading={t("apiKeys.createdTitle")}>
          <p>{t("apiKeys.createdBody")}</p>
          <p>
            <strong>{actionData.created.name}</strong>: <code className="api-key">{actionData.created.key}</code>
          </p>
        </Alert>
      ) : null}
      <h2>{t("apiKeys.createHeading")}</h2>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <TextField {...field("keyName")} hint={t("apiKeys.nameHint")} autoComplete="off" />
        <RadioGroup
          {...field("scope")}
          options={[
            { value: "read", label: t("apiKeys.scopes.read") },
            { value: "write", label: t("apiKeys.scopes.write") },
          ]}
        />
        <TextField {...field("days")} hint={t("apiKeys.daysHint")} optional inputMode="numeric" />
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">{t("apiKeys.proveLegend")}</legend>
          <p className="usa-hint">{t("apiKeys.proveHint")}</p>
          <TextField {...field("currentPassword")} type="password" autoComplete="current-password" />
          <TextField {...field("code")} inputMode="numeric" autoComplete="one-time-code" spellCheck={false} />
        </fieldset>
        <div className="form-actions">
          <StatusButton name="intent" value="create" className="usa-button">
            {t("apiKeys.create")}
          </StatusButton>
        </div>
      </Form>
      <h2>{t("apiKeys.listHeading")}</h2>
      {keys.length === 0 ? (
        <p className="no-data">{t("apiKeys.none")}</p>
      ) : (
        <ListTable label={t("apiKeys.listHeading")}>
          <thead>
            <tr>
              <th scope="col">{t("apiKeys.columns.name")}</th>
              <th scope="col">{t("apiKeys.columns.start")}</th>
              <th scope="col">{t("apiKeys.columns.owner")}</th>
              <th scope="col">{t("apiKeys.columns.scope")}</th>
              <th scope="col">{t("apiKeys.columns.created")}</th>
              <th scope="col">{t("apiKeys.columns.expires")}</th>
              <th scope="col">{t("apiKeys.columns.lastUsed")}</th>
              <th scope="col">{t("apiKeys.columns.status")}</th>
              <th scope="col">
                <span className="usa-sr-only">{t("apiKeys.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <th scope="row" data-label={t("apiKeys.columns.name")}>
                  {key.name}
                </th>
                <td data-label={t("apiKeys.columns.start")}>
                  <code>{key.keyStart}…</code>
                </td>
                <td data-label={t("apiKeys.columns.owner")}>{key.owner}</td>
                <td data-label={t("apiKeys.columns.scope")}>{t(`apiKeys.scopes.${key.scope}`)}</td>
                <td data-label={t("apiKeys.columns.created")}>{key.createdAt}</td>
                <td data-label={t("apiKeys.columns.expires")}>{key.expiresAt ?? t("apiKeys.noExpiry")}</td>
                <td data-label={t("apiKeys.columns.lastUsed")}>{key.lastUsedAt ?? t("apiKeys.never")}</td>
                <td data-label={t("apiKeys.columns.status")}>{t(`apiKeys.status.${key.status}`)}</td>
                <td>
                  <div className="table-actions">
                    {key.status === "active" ? (
                      <ConfirmAction
                        id={`revoke-${key.id}`}
                        href={`?confirm=revoke&key=${key.id}`}
                        triggerLabel={
                          <>
                            {t("apiKeys.revoke")}
                            <span className="usa-sr-only"> {key.name}</span>
                          </>
                        }
                        triggerClassName="usa-button usa-button--unstyled"
                        {...question(key)}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
