import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import type { PromotionProblem } from "~/models/admin-users.server";
import type { AccountStatus } from "~/utils/statuses";

export type UserIntent = "reset" | "resendVerification" | "deactivate" | "activate" | "promote";

export interface ActionableUser {
  id: number;
  name: string;
  /** In a list, where two people may share a name, their e-mail tells the actions apart (R161). */
  email?: string;
  locked: boolean;
  status: AccountStatus;
  promotionProblem: PromotionProblem | null;
}

function useQuestion() {
  const { t } = useTranslation("admin");
  return (user: ActionableUser, intent: UserIntent) => ({
    title: t(`actions.${intent}Title`, { name: user.name }),
    body: <p>{t(`actions.${intent}Body`, { name: user.name })}</p>,
    confirmLabel: t(`actions.${intent}Confirm`),
    cancelLabel: t("actions.cancel"),
    intent,
    fields: { user: String(user.id) },
    // Only deactivating takes something away; the others move the account forward.
    forward: intent !== "deactivate",
  });
}

/** A user's actions in the users list (R89, R91), each confirmed first: a page without JavaScript, a modal with it. */
export function UserActions({ user }: { user: ActionableUser }) {
  const { t } = useTranslation("admin");
  const question = useQuestion();
  // The confirmation page keeps the list's filters and page, so the user is still on it.
  const { search } = useLocation();
  const confirmHref = (intent: UserIntent) => {
    const params = new URLSearchParams(search);
    params.set("confirm", intent);
    params.set("user", String(user.id));
    return `?${params}`;
  };
  const intents: UserIntent[] = [
    ...(user.status === "unverified" ? (["resendVerification"] as const) : []),
    "reset",
    user.locked ? "activate" : "deactivate",
    ...(user.promotionProblem ? [] : (["promote"] as const)),
  ];
  return (
    <>
      {intents.map((intent) => (
        <ConfirmAction
          key={intent}
          id={`${intent}-${user.id}`}
          href={confirmHref(intent)}
          triggerLabel={
            <>
              {t(`actions.${intent}`)}
              <span className="usa-sr-only">
                {" "}
                {user.name}
                {user.email ? ` (${user.email})` : null}
              </span>
            </>
          }
          triggerClassName="usa-button usa-button--unstyled"
          {...question(user, intent)}
        />
      ))}
      {user.promotionProblem && user.promotionProblem !== "alreadyAdmin" ? (
        <span className="usa-hint">{t(`actions.cannotPromote.${user.promotionProblem}`)}</span>
      ) : null}
    </>
  );
}

/** The confirmation page of one action, for a browser without JavaScript. */
export function UserActionConfirmPage({
  user,
  intent,
  cancelTo,
}: {
  user: ActionableUser;
  intent: UserIntent;
  cancelTo: string;
}) {
  const question = useQuestion();
  return <ConfirmPage {...question(user, intent)} cancelTo={cancelTo} />;
}

/** The action a confirmation address asks about, when it is one the user can take. */
export function confirmedIntent(search: URLSearchParams, user: ActionableUser): UserIntent | null {
  const intent = search.get("confirm");
  if (search.get("user") !== String(user.id)) return null;
  if (intent === "reset") return intent;
  if (intent === "resendVerification" && user.status === "unverified") return intent;
  if (intent === "deactivate" && !user.locked) return intent;
  if (intent === "activate" && user.locked) return intent;
  if (intent === "promote" && !user.promotionProblem) return intent;
  return null;
}
