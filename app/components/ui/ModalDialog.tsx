import { forwardRef, type ReactNode, type SyntheticEvent } from "react";
import { keepTabInDialog } from "./dialog";

/**
 * The app's modal, opened with openModal: named by its heading and described by its body (`id` prefixes both), with
 * Tab kept inside. A `live` body is read out again when it changes (a countdown).
 */
export const ModalDialog = forwardRef<
  HTMLDialogElement,
  {
    id: string;
    title: string;
    body: ReactNode;
    live?: boolean;
    onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
    /** Its actions. */
    children: ReactNode;
  }
>(function ModalDialog({ id, title, body, live = false, onCancel, children }, ref) {
  return (
    <dialog
      ref={ref}
      className="app-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={keepTabInDialog}
      onCancel={onCancel}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`} aria-live={live ? "polite" : undefined}>
        {body}
      </div>
      {children}
    </dialog>
  );
});
