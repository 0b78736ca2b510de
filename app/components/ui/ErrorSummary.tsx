import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { useErrorInTitle } from "../title";

/** One error of a field in the summary; it links to the field (GOV.UK pattern). */
export interface SummaryItem {
  id: string;
  label: string;
  message: string;
}

export interface ErrorSummaryProps {
  /** The fields' errors, in the order of the form (useAppForm's `summary` gives them from the fields' labels). */
  items: SummaryItem[];
  formErrors?: string[];
  /** A new value (the action's answer) gives the summary the focus again. */
  focusKey?: unknown;
  /** The form whose errors it lists: only that form's submits may give it the focus (a page may have several). */
  formId?: string;
}

/**
 * Shown at the top of the form after a failed submit; it takes focus (with JavaScript as without) so a
 * screen reader reads it at once.
 */
export function ErrorSummary({ items, formErrors = [], focusKey, formId }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length + formErrors.length;
  useErrorInTitle(count > 0);
  // The summary takes the focus after a submit only: errors that appear as a person leaves a field
  // (validation on blur) must not pull the focus away from where they are typing or choosing.
  const submitted = useRef(false);
  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      // Conform validates a field on blur through a submit with a hidden button of its own: not a person's submit.
      if (event.submitter?.hidden) return;
      const form = event.target as HTMLFormElement;
      // Another form of the page sent: this summary's errors, shown later as a field is left, must not take the focus.
      if (formId && form.id !== formId) return;
      submitted.current = true;
      // Refused again in the browser with the same errors: nothing below changes, and Conform has put
      // the focus on the first invalid field, so the summary takes it back.
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!ref.current || !active || active === event.submitter || !form.contains(active)) return;
        submitted.current = false;
        ref.current.focus();
      }, 0);
    }
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [formId]);
  useEffect(() => {
    if (count === 0 || !submitted.current) return;
    submitted.current = false;
    ref.current?.focus();
  }, [count, focusKey]);
  if (count === 0) return null;
  return (
    <div
      className="usa-alert usa-alert--error error-summary"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="error-summary-heading"
      // Without JavaScript the browser itself gives it the focus as the page loads, and scrolls it into view
      // (docs/product-rules.md R153); React writes the attribute only on the server.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a refused form's summary is where the person must start
      autoFocus
    >
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading" id="error-summary-heading">
          {t("validation.summaryHeading", { ns: "common" })}
        </h2>
        <ul className="usa-list usa-list--unstyled">
          {formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
          {items.map((item) => (
            <li key={`${item.id}-${item.message}`}>
              <a href={`#${item.id}`}>
                {item.label}: {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
