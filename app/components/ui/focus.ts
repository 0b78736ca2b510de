import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Focuses the ref's element when it appears with a non-null `key`, and whenever `key` changes: a result shown after
 * a JavaScript action (R160), so keyboard and screen reader users are not left on the body.
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
 * After a post of `intent` redirects (with JavaScript), focuses the flash confirmation: the page scrolls to the top,
 * so focus must not stay on the bottom button (R156). Wins over the heading.
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
 * On a new screen (new address, or a post answered with a redirect), focuses the h1 (tabindex=-1) or else the main
 * view, as a full page load would start (R166). Yields to an error summary, a focused confirmation, or a `#id` link.
 */
export function useFocusHeadingOnNewScreen() {
  const location = useLocation();
  const navigation = useNavigation();
  const shown = useRef(location);
  // Where a post was sent from: an answer with data stays there, a redirect leaves it.
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
    // A link to a question of the screen (the review's list of what is missing, R148) opens at it.
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

/** A refused post from a modal: close it (the page behind a modal cannot take focus), then focus the summary (R167). */
export function useFocusSummaryAfterDialog(refusal: unknown) {
  useEffect(() => {
    if (!refusal) return;
    document.querySelectorAll<HTMLDialogElement>("dialog[open]").forEach((dialog) => dialog.close());
    document.querySelector<HTMLElement>("#main-content .error-summary")?.focus();
  }, [refusal]);
}
