import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getProgramToKeep, updateLocalProgram } from "~/models/local-program.server";
import { LocalProgramSchema } from "~/schemas/local-program";
import { redirectWithToast } from "~/services/toast.server";
import { idParam, route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin"] };

export const meta = pageMeta;

/** One local program, for super administrators to change (R136): a plain form post. */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const program = await getProgramToKeep(context.db, actor, idParam(params.id), await getLanguage(request));
  return json({
    title: await pageTitle(request, "admin:programs.editTitle", { name: program.name }),
    program: { id: program.id, name: program.name, jurisdiction: program.jurisdiction, staff: program.staff },
    defaults: {
      nameEn: program.nameEn,
      nameEs: program.nameEs,
      intakeEmail: program.intakeEmail ?? "",
      phone: program.phone ?? "",
      approvedDomains: program.approvedDomains.join(", "),
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const id = idParam(params.id);
  return submitForm(request, await request.formData(), LocalProgramSchema, async (input) => {
    await updateLocalProgram(context.db, actor, id, input);
    return redirectWithToast("/app/local-programs", { key: "toasts.localProgramSaved" });
  });
});

export default function LocalProgram() {
  const { program, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "common"]);
  const { form, field, summary } = useAppForm({
    id: "local-program",
    schema: LocalProgramSchema,
    defaultValue: defaults,
    labels: {
      nameEn: t("programs.nameEn"),
      nameEs: t("programs.nameEs"),
      intakeEmail: t("programs.intakeEmail"),
      phone: t("programs.phone"),
      approvedDomains: t("programs.domains"),
    },
  });
  return (
    <div className="form-page">
      <h1>{t("programs.editTitle", { name: program.name })}</h1>
      <p>{t("programs.editIntro", { count: program.staff })}</p>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <TextField {...field("nameEn")} />
        <TextField {...field("nameEs")} />
        <TextField {...field("intakeEmail")} type="email" hint={t("programs.intakeEmailHint")} optional />
        <TextField {...field("phone")} type="tel" hint={t("programs.phoneHint")} optional />
        <TextareaField {...field("approvedDomains")} hint={t("programs.domainsHint")} rows={2} optional />
        <StatusButton className="usa-button">{t("programs.save")}</StatusButton>
      </Form>
      <p>
        <Link to="/app/local-programs">{t("programs.back")}</Link>
      </p>
    </div>
  );
}
