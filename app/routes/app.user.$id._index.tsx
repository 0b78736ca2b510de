import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { StaffPrograms } from "~/components/admin/StaffPrograms";
import { submitForm } from "~/components/ui/page.server";
import { listLocalPrograms } from "~/models/local-program.server";
import { setStaffPrograms, staffProgramsOf } from "~/models/program-staff.server";
import { StaffProgramsSchema } from "~/schemas/local-program";
import { redirectWithToast } from "~/services/toast.server";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/auth.server";
import { confirmedIntent, UserActionConfirmPage, UserActions } from "~/components/admin/UserActions";
import {
  SecondFactorAdmin,
  SecondFactorResetConfirmPage,
  type SecondFactorView,
} from "~/components/admin/SecondFactorAdmin";
import { AdminProfileView } from "~/components/profile/ProfileViews";
import { SummaryList } from "~/components/ui/SummaryList";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { addressBookRows } from "~/models/address.server";
import { getUserForAdmin, promotionProblem } from "~/models/admin-users.server";
import { getLookupOptions, nameFieldOptions } from "~/models/lookup.server";
import { mayManageUser, mayResetSecondFactor } from "~/models/policy";
import { secondFactorHistory, secondFactorOf } from "~/models/second-factor.server";
import { getProfile } from "~/models/profile.server";
import { userAction } from "~/components/admin/user-actions.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { accountStatus } from "~/utils/statuses";
import { idParam, route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth", "profile", "admin"] };

export const meta = pageMeta;

/** The administrator's view of a user (R92): profile, account, their lists, the actions. */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const userId = idParam(params.id);
  const db = context.db;
  const account = await getUserForAdmin(db, actor, userId);
  const profile = await getProfile(db, actor, userId);
  const addresses = await addressBookRows(db, actor, userId);
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["admin", "profile", "common"]);
  const when = (value: string | null) => (value ? formatDateTimeEastern(value, language) : null);
  const secondFactor = await secondFactorOf(db, actor, userId);
  const history = await secondFactorHistory(db, actor, userId);
  // The local program role (R138): given and taken by super administrators, on accounts they manage.
  const staffPrograms =
    actor.isSuperAdmin && mayManageUser(actor, { id: userId, isSuperAdmin: account.roles.includes("ROLE_SUPER_ADMIN") })
      ? {
          programs: (await listLocalPrograms(db, actor, language)).map((program) => ({
            id: program.id,
            name: program.name,
          })),
          current: await staffProgramsOf(db, actor, userId),
        }
      : null;
  const name = `${profile.firstName} ${profile.lastName}`;
  const actionable = mayManageUser(actor, { id: userId, isSuperAdmin: account.roles.includes("ROLE_SUPER_ADMIN") })
    ? {
        id: userId,
        name,
        locked: account.locked === 1,
        status: accountStatus({ locked: account.locked === 1, enabled: account.enabled === 1 }),
        promotionProblem: promotionProblem(
          {
            isAdmin: account.isAdmin,
            hasReferrals: account.hasReferrals,
            lastLogin: account.last_login,
            email: account.email,
          },
          getConfig().ADMIN_EMAIL_DOMAINS,
        ),
      }
    : null;
  const resettable = secondFactor.enabled && mayResetSecondFactor(actor, { id: userId });
  // The title is the page's heading (R162); on a confirmation page, its question (R175).
  const search = new URL(request.url).searchParams;
  const intent = actionable ? confirmedIntent(search, actionable) : null;
  const pageTitle = intent
    ? title(`admin:actions.${intent}Title`, { name })
    : resettableAsked(search, resettable, userId)
      ? title("admin:user.secondFactor.resetTitle", { name })
      : title("profile:adminTitle", { name });
  return json({
    title: pageTitle,
    profile,
    addresses,
    options: {
      ...(await nameFieldOptions(db, language)),
      counties: await getLookupOptions(db, "Counties", language),
    },
    account: {
      roles: account.roles,
      locked: account.locked === 1,
      lastLogin: when(account.last_login),
      statusUpdatedAt: when(account.status_updated_at),
      updatedAt: when(account.updated_at),
      createdAt: when(account.created_at),
      updatedBy: account.updated_by,
    },
    secondFactor: {
      userId,
      name,
      enabled: secondFactor.enabled,
      required: secondFactor.required,
      since: when(secondFactor.confirmedAt),
      recoveryCodesLeft: secondFactor.recoveryCodesLeft,
      resettable,
      history: history.map((event) => ({
        id: event.id,
        when: when(event.at) ?? "",
        who: event.email ? `${event.first_name ?? ""} ${event.last_name ?? ""} <${event.email}>` : "",
        action: event.action,
      })),
    } satisfies SecondFactorView,
    staffPrograms,
    actionable,
  });
});

/**
 * Whether the address asks to confirm resetting this person's second factor (?confirm=resetSecondFactor&user=ID), and
 * it may be.
 */
function resettableAsked(search: URLSearchParams, resettable: boolean, userId: number): boolean {
  return resettable && search.get("confirm") === "resetSecondFactor" && search.get("user") === String(userId);
}

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context.db);
  const userId = idParam(params.id);
  const form = await request.formData();
  if (form.get("intent") === "staffPrograms") {
    return submitForm(request, form, StaffProgramsSchema, async (input) => {
      await setStaffPrograms(context.db, actor, userId, (input.localPrograms ?? []).map(Number));
      return redirectWithToast(`/app/user/${userId}`, { key: "toasts.staffProgramsSaved" });
    });
  }
  return userAction(context.db, actor, form, `/app/user/${userId}`);
});

export default function EditUser() {
  const { profile, addresses, options, account, actionable, secondFactor, staffPrograms } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "common"]);
  const search = new URLSearchParams(useLocation().search);
  const intent = actionable ? confirmedIntent(search, actionable) : null;
  if (actionable && intent) return <UserActionConfirmPage user={actionable} intent={intent} cancelTo="?" />;
  if (resettableAsked(search, secondFactor.resettable, secondFactor.userId))
    return <SecondFactorResetConfirmPage view={secondFactor} cancelTo="?" />;
  const none = t("user.none");
  const rows: Array<[string, string]> = [
    [t("user.statusUpdatedAt"), account.statusUpdatedAt ?? none],
    [t("user.updatedAt"), account.updatedAt ?? none],
    [t("user.updatedBy"), account.updatedBy ?? none],
    [t("user.createdAt"), account.createdAt ?? none],
  ];
  return (
    <div>
      <AdminProfileView profile={profile} addresses={addresses} options={options} />
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">{t("user.account")}</h2>
        <SummaryList rows={rows} />
        {actionable ? (
          <div className="form-actions">
            <UserActions user={actionable} />
          </div>
        ) : null}
      </section>
      {staffPrograms ? <StaffPrograms view={staffPrograms} /> : null}
      <SecondFactorAdmin view={secondFactor} />
    </div>
  );
}
