import type { KeyboardEvent } from "react";

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside an open modal: a modal <dialog> makes the page inert, but browsers then let Tab leave for their
 * own toolbar, losing the dialog.
 */
export function keepTabInDialog(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (control) => control.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Opens a modal where the browser can (R34); false without modal <dialog>: the caller goes the no-script way. */
export function openModal(dialog: HTMLDialogElement | null): boolean {
  if (typeof dialog?.showModal !== "function") return false;
  dialog.showModal();
  return true;
}
