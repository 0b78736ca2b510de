import { useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterContext } from "react-router-dom";

// docs/product-rules.md R152: a button that sends a form says it is working, and takes no second press, until the
// answer comes. One mechanism for every form of the application (the shared ones and the pages' own), installed once
// by the root: a form's button needs nothing of its own. Without JavaScript the browser's own progress shows.
//
// Whether a press sent anything is known only once the page's handlers have run: the form's checks may have refused
// it (Conform), or a script sent it another way (an upload with its progress bar) or not at all (the phone menu).
// The router's state says it at once; React renders that state later, in a transition, and a second tap can come
// before (docs/decisions/0020-one-press-sends-a-form-once.md).

const STATUS_ID = "busy-status";

/** Where a working form is said to a screen reader (politely: it does not interrupt). */
export function BusyStatus() {
  return <p id={STATUS_ID} role="status" className="usa-sr-only" />;
}

interface Busy {
  form: HTMLFormElement;
  button: HTMLElement | null;
  label: HTMLElement | null;
}

/** The button that sent the form: the one pressed, or the form's first (Enter in a field, or a script's submit). */
function senderOf(event: SubmitEvent): HTMLElement | null {
  const form = event.target as HTMLFormElement;
  return event.submitter ?? form.querySelector<HTMLElement>("button:not([type]), button[type=submit], input[type=submit]");
}

/**
 * Marks the button of each form sent as working (aria-disabled, a spinner and `working` on it, said in the status
 * region) and refuses the same form again until the router's answer has come; a form the browser sends itself (no
 * script of the page took it) stays marked until the page goes.
 */
export function useOneSubmitAtATime(working: string) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const text = useRef(working);
  text.current = working;

  useEffect(() => {
    if (!router) return;
    let busy: Busy | null = null;
    let before = router.state.navigation;

    function clear() {
      if (!busy) return;
      busy.button?.removeAttribute("aria-disabled");
      busy.label?.remove();
      busy.form.removeAttribute("aria-busy");
      const status = document.getElementById(STATUS_ID);
      if (status) status.textContent = "";
      busy = null;
    }

    function mark(event: SubmitEvent) {
      const form = event.target as HTMLFormElement;
      const button = senderOf(event);
      let label: HTMLElement | null = null;
      if (button instanceof HTMLButtonElement) {
        label = document.createElement("span");
        label.className = "busy-label";
        // Said once, by the status region; on the button it is for the eyes.
        label.setAttribute("aria-hidden", "true");
        label.textContent = text.current;
        button.append(label);
      }
      button?.setAttribute("aria-disabled", "true");
      form.setAttribute("aria-busy", "true");
      const status = document.getElementById(STATUS_ID);
      if (status) status.textContent = text.current;
      busy = { form, button, label };
    }

    // Conform checks a field as it is left with a submit of its own, from a hidden button: no person's press.
    const checksOneField = (event: SubmitEvent) => event.submitter?.hidden === true;

    // Before the page's handlers: a second press of a form still waiting goes nowhere.
    function beforeHandlers(event: SubmitEvent) {
      if (checksOneField(event)) return;
      if (busy && busy.form === event.target) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      before = router!.state.navigation;
    }

    // After them: a navigation the press started, or the browser about to send the form itself.
    function afterHandlers(event: SubmitEvent) {
      if (checksOneField(event) || (busy && busy.form === event.target)) return;
      const navigation = router!.state.navigation;
      const started = navigation !== before && navigation.state !== "idle" && navigation.formMethod !== undefined;
      if (started || !event.defaultPrevented) {
        clear();
        mark(event);
      }
    }

    const stop = router.subscribe((state) => {
      if (state.navigation.state === "idle") clear();
    });
    window.addEventListener("submit", beforeHandlers, true);
    window.addEventListener("submit", afterHandlers);
    // A page given back by the browser's back button as it was left.
    window.addEventListener("pageshow", clear);
    return () => {
      stop();
      window.removeEventListener("submit", beforeHandlers, true);
      window.removeEventListener("submit", afterHandlers);
      window.removeEventListener("pageshow", clear);
      clear();
    };
  }, [router]);
}
