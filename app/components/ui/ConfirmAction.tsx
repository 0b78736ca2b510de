import { Link } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useRef, type ReactNode } from "react";
import { openModal } from "./dialog";
import { ModalDialog } from "./ModalDialog";

interface ConfirmContent {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Sent as `intent` with the confirming post. */
  intent: string;
  /** More hidden fields of the confirming post (which record). */
  fields?: Record<string, string>;
  /** A confirmation that moves forward (submit) is the primary button; one that destroys is red. */
  forward?: boolean;
}

function confirmClass(forward: boolean | undefined) {
  return forward ? "usa-button" : "usa-button usa-button--secondary";
}

function HiddenFields({ fields = {} }: { fields?: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The question on a page of its own, reached without JavaScript; `cancelTo` goes back. */
export function ConfirmPage({
  title,
  body,
  confirmLabel,
  cancelLabel,
  intent,
  fields,
  forward,
  cancelTo,
  action,
}: ConfirmContent & {
  cancelTo: string;
  /** Where the form posts (this page unless said): a refused post shows the page again there. */
  action?: string;
}) {
  return (
    <div className="usa-prose confirm-page">
      <h1>{title}</h1>
      {body}
      <Form method="post" action={action} className="form-actions">
        <HiddenFields fields={fields} />
        <StatusButton name="intent" value={intent} className={confirmClass(forward)}>
          {confirmLabel}
        </StatusButton>
        <Link to={cancelTo}>{cancelLabel}</Link>
      </Form>
    </div>
  );
}

/** A link to the confirmation page that, with JavaScript, opens a modal instead (docs/architecture.md). */
export function ConfirmAction({
  href,
  triggerLabel,
  triggerClassName = "usa-button usa-button--secondary",
  id,
  ...content
}: ConfirmContent & { href: string; triggerLabel: ReactNode; triggerClassName?: string; id: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Link
        to={href}
        className={triggerClassName}
        onClick={(event) => {
          // Where a modal cannot open, the link leads to the confirmation page, as without scripts.
          if (!openModal(dialog.current)) return;
          event.preventDefault();
          // The safe choice takes the focus: autoFocus does so only when the dialog was drawn by the server.
          cancel.current?.focus();
        }}
      >
        {triggerLabel}
      </Link>
      <ModalDialog ref={dialog} id={id} title={content.title} body={content.body}>
        <Form method="post" className="form-actions">
          <HiddenFields fields={content.fields} />
          <StatusButton name="intent" value={content.intent} className={confirmClass(content.forward)}>
            {content.confirmLabel}
          </StatusButton>
          <button
            type="button"
            className="usa-button usa-button--outline"
            ref={cancel}
            onClick={() => dialog.current?.close()}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes focus, as in a modal it should
            autoFocus
          >
            {content.cancelLabel}
          </button>
        </Form>
      </ModalDialog>
    </>
  );
}
