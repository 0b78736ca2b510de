import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Moves the focus to what the returned ref holds when it appears with a `key` that is not null or undefined, and each time
 * `key` turns to another such value: where a result appears after an action done with JavaScript (a report made, docs/product-rules.md R160), so a keyboard
 * and a screen reader are taken to it rather than left on the body.
 */
export function useFocusWhen<T extends HTMLElement>(key: unknown): RefObject<T> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null || key === undefined) return;
    ref.current?.focus();
  }, [key]);
  return ref;
}

/**
 * After a form of this page sent with `intent` has been answered with a new page (the action redirected, with JavaScript),
 * the focus goes to the confirmation at the top of the main view (the flash message, app/components/FlashMessage.tsx),
 * when there is one: the page scrolls to the top, so the focus must not stay on the button at the bottom (docs/product-rules.md R156).
 * Without JavaScript the page is loaded whole and the confirmation is the first thing of its main view.
 */
export function useFocusConfirmationAfter(intent: string) {
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formData?.get("intent") === intent) sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    const confirmation = document.querySelector<HTMLElement>("#main-content .flash-message .usa-alert");
    if (!confirmation) return;
    confirmation.tabIndex = -1;
    confirmation.focus();
  }, [navigation.state, navigation.formData, intent]);
}
