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

/** Shown atop the form after a failed submit; takes focus, with or without JavaScript, so it is read at once. */
export function ErrorSummary({ items, formErrors = [], focusKey, formId }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length + formErrors.length;
  useErrorInTitle(count > 0);
  // Focus only after a submit: errors shown on blur must not pull focus from where the person is typing.
  const submitted = useRef(false);
  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      // Conform validates a field on blur through a submit with a hidden button of its own: not a person's submit.
      if (event.submitter?.hidden) return;
      const form = event.target as HTMLFormElement;
      // Another form of the page sent: this summary's errors, shown later as a field is left, must not take the focus.
      if (formId && form.id !== formId) return;
      submitted.current = true;
      // Same errors again: nothing re-renders and Conform focused the first invalid field, so take focus back.
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
      // Without JavaScript the browser focuses it on load (R153); React writes the attribute on the server only.
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
