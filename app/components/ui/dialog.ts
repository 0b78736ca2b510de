import type { KeyboardEvent } from "react";

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside an open modal dialog: from its last control to its first, and back with
 * Shift+Tab. A modal <dialog> makes the page behind it inert, but the browser then lets Tab leave
 * the page for its own toolbar, where a keyboard user loses the dialog.
 */
export function keepTabInDialog(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => control.getClientRects().length > 0);
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

/**
 * Opens a dialog as a modal where the browser can (docs/product-rules.md R34). Some browsers the service supports have no
 * modal <dialog>; they answer false, and the caller goes the way the page goes without scripts.
 */
export function openModal(dialog: HTMLDialogElement | null): boolean {
  if (typeof dialog?.showModal !== "function") return false;
  dialog.showModal();
  return true;
}
