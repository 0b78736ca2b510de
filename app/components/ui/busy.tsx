import { Form as RemixForm, useNavigation, type FormProps } from "@remix-run/react";
import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type FormEvent,
} from "react";
import { useTranslation } from "~/i18n/react";

// R152: a sending button says it is working and takes no second press until the answer. The guard is React state set
// in the press's own event (so it lands before a second tap) and ended by useNavigation going idle (decision 0028).

/** The forms working now, for the one status region that says it. */
let working = 0;
const listeners = new Set<() => void>();
function changeWorking(by: number) {
  working += by;
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where a working form is said to a screen reader (politely: it does not interrupt). */
export function BusyStatus() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(
    subscribe,
    () => working > 0,
    () => false,
  );
  return (
    <p id="busy-status" role="status" className="usa-sr-only">
      {busy ? t("busy.working") : ""}
    </p>
  );
}

/** The button whose press is being sent, or null. */
const Sender = createContext<Element | null>(null);

/** Remix's `Form`, sent once per press; `aria-busy` until answered (a `reloadDocument` form until unload). */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ onSubmit, ...props }, ref) {
  const navigation = useNavigation();
  const [sender, setSender] = useState<Element | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    if (navigation.state !== "idle") return;
    sending.current = false;
    setSender(null);
  }, [navigation.state]);

  useEffect(() => {
    if (!sender) return;
    changeWorking(1);
    // A page given back by the browser's back button as it was left.
    const clear = () => {
      sending.current = false;
      setSender(null);
    };
    window.addEventListener("pageshow", clear);
    return () => {
      window.removeEventListener("pageshow", clear);
      changeWorking(-1);
    };
  }, [sender]);

  function guard(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Conform checks a field as it is left with a submit of its own, from a hidden button: no person's press.
    const checksOneField = submitter instanceof HTMLElement && submitter.hidden;
    if (sending.current && !checksOneField) {
      event.preventDefault();
      return;
    }
    onSubmit?.(event);
    if (event.defaultPrevented || checksOneField) return;
    sending.current = true;
    setSender(submitter ?? event.currentTarget.querySelector("button:not([type]), button[type=submit]"));
  }

  return (
    <Sender.Provider value={sender}>
      <RemixForm ref={ref} {...props} onSubmit={guard} aria-busy={sender ? true : undefined} />
    </Sender.Provider>
  );
});

/**
 * Submit button that says it is working: `aria-disabled`, not `disabled`, so it keeps focus and its name/value are
 * still sent; the status region announces it once.
 */
export function StatusButton({ children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  const sender = useContext(Sender);
  const button = useRef<HTMLButtonElement>(null);
  const busy = sender !== null && sender === button.current;
  return (
    <button ref={button} type="submit" {...props} aria-disabled={busy ? true : props["aria-disabled"]}>
      {children}
      {busy ? (
        <span className="busy-label" aria-hidden="true">
          {t("busy.working")}
        </span>
      ) : null}
    </button>
  );
}
