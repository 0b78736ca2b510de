import { useLocation, useNavigation } from "@remix-run/react";
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
 * Without JavaScript the page is loaded whole and the confirmation is the first thing of its main view. It wins over the
 * heading (useFocusHeadingOnNewScreen leaves a focused confirmation where it is).
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

/** What a new screen must leave focused: a refusal's error summary, or a confirmation a page has focused itself. */
const KEEPS_FOCUS = ".error-summary, .flash-message";

/**
 * With JavaScript, a new screen puts the focus on its heading (the main view's h1, made focusable with tabindex=-1), so a
 * screen reader says the screen's title first, as a page loaded whole would start (docs/product-rules.md R166). A new
 * screen is another address, or the same one after a form's post was answered with a redirect (a save); a form answered
 * with its errors stays on its screen, where the error summary takes the focus (ErrorSummary), and a confirmation focused
 * by its page (useFocusConfirmationAfter) keeps it; a link to a question of the screen (`#` and its id) puts the focus on
 * that question. Where a screen has no h1, the main view takes the focus. The skip
 * link still leads to the main view. Without JavaScript the browser loads the page and starts at its top.
 */
export function useFocusHeadingOnNewScreen() {
  const location = useLocation();
  const navigation = useNavigation();
  const shown = useRef(location);
  // The location a post was sent from: its answer with data (errors, a lookup's results) stays there, a redirect leaves it.
  const postedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET")
      postedFrom.current = navigation.location.key;
  }, [navigation.state, navigation.formMethod, navigation.location]);
  useEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (before.key === location.key) return;
    const sentFrom = postedFrom.current;
    postedFrom.current = null;
    const saved = sentFrom !== null && sentFrom !== location.key;
    if (before.pathname === location.pathname && !saved) return;
    const main = document.getElementById("main-content");
    if (!main || document.activeElement?.closest(KEEPS_FOCUS)) return;
    // A link to a question of the screen (the review's list of what is missing, docs/product-rules.md R148) opens at it.
    const anchored = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const target =
      main.querySelector<HTMLElement>(".error-summary") ??
      (anchored && main.contains(anchored) ? anchored : null) ??
      main.querySelector<HTMLElement>("h1") ??
      main;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
  }, [location]);
}

/**
 * A form sent from a modal dialog and refused (its answer, `refusal`, is new): the dialog closes, since the page behind an
 * open modal dialog cannot take the focus, and the page's error summary takes it (docs/product-rules.md R167).
 */
export function useFocusSummaryAfterDialog(refusal: unknown) {
  useEffect(() => {
    if (!refusal) return;
    document.querySelectorAll<HTMLDialogElement>("dialog[open]").forEach((dialog) => dialog.close());
    document.querySelector<HTMLElement>("#main-content .error-summary")?.focus();
  }, [refusal]);
}
