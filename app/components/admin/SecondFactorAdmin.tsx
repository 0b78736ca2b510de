import { useTranslation } from "~/i18n/react";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";

// A person's second factor as administrators see it on the person's page (R129): on or off,
// what happened to it and by whom, and a super administrator's reset for someone who lost both app and codes.

export interface SecondFactorView {
  userId: number;
  name: string;
  enabled: boolean;
  required: boolean;
  since: string | null;
  recoveryCodesLeft: number;
  /** The asker may reset it (a super administrator, and not their own). */
  resettable: boolean;
  history: Array<{ id: number; when: string; who: string; action: string }>;
}

function useResetQuestion(view: SecondFactorView) {
  const { t } = useTranslation("admin");
  return {
    title: t("user.secondFactor.resetTitle", { name: view.name }),
    body: <p>{t("user.secondFactor.resetBody")}</p>,
    confirmLabel: t("user.secondFactor.resetConfirm"),
    cancelLabel: t("user.secondFactor.cancel"),
    intent: "resetSecondFactor",
    fields: { user: String(view.userId) },
  };
}

export function SecondFactorAdmin({ view }: { view: SecondFactorView }) {
  const { t } = useTranslation("admin");
  const question = useResetQuestion(view);
  const status = view.enabled
    ? t("user.secondFactor.on", { date: view.since, count: view.recoveryCodesLeft })
    : t(view.required ? "user.secondFactor.offAdmin" : "user.secondFactor.off");
  return (
    <section aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading">{t("user.secondFactor.heading")}</h2>
      <p>{status}</p>
      {view.history.length ? (
        <table className="usa-table usa-table--borderless usa-table--stacked">
          <caption>{t("user.secondFactor.history")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("user.secondFactor.when")}</th>
              <th scope="col">{t("user.secondFactor.who")}</th>
              <th scope="col">{t("user.secondFactor.what")}</th>
            </tr>
          </thead>
          <tbody>
            {view.history.map((event) => (
              <tr key={event.id}>
                <td data-label={t("user.secondFactor.when")}>{event.when}</td>
                <td data-label={t("user.secondFactor.who")}>{event.who}</td>
                <td data-label={t("user.secondFactor.what")}>{t(`user.secondFactor.actions.${event.action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {view.resettable ? (
        <div className="form-actions">
          <ConfirmAction
            id="reset-second-factor"
            href={`?confirm=resetSecondFactor&user=${view.userId}`}
            triggerLabel={t("user.secondFactor.reset")}
            {...question}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The reset's confirmation page, for a browser without JavaScript. */
export function SecondFactorResetConfirmPage({ view, cancelTo }: { view: SecondFactorView; cancelTo: string }) {
  return <ConfirmPage {...useResetQuestion(view)} cancelTo={cancelTo} />;
}
