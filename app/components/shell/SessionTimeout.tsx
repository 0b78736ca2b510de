import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { openModal } from "~/components/ui/dialog";
import { ModalDialog } from "~/components/ui/ModalDialog";

export const IDLE_WARNING_MS = 10 * 60 * 1000;
export const COUNTDOWN_SECONDS = 30;
const CHECK_EVERY_MS = 5000;
const TAB_CHECK_EVERY_MS = 500;
const KEEPALIVE_EVERY_MS = 60 * 1000;
const ACTIVITY = ["keydown", "pointerdown", "input", "scroll", "touchstart"] as const;

/** Shared by every tab: activity in one keeps the others awake; a sign-out in one ends them all. */
export const LAST_ACTIVITY_KEY = "referral:last-activity";
export const SIGNED_OUT_KEY = "referral:signed-out";

function readNumber(key: string): number {
  try {
    return Number(window.localStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

function writeNumber(key: string, value: number) {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Private browsing without storage: each tab then keeps its own time.
  }
}

let announcedHere = 0;

/** Tells the other tabs that this browser signed out (this tab goes on with its own sign-out). */
export function announceSignOut() {
  announcedHere = Date.now();
  writeNumber(SIGNED_OUT_KEY, announcedHere);
}

/**
 * After 10 idle minutes a 30-second countdown offers to stay or sign out. The server ends idle sessions anyway; this
 * only makes the end visible and gentle.
 */
export function SessionTimeout() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const logout = useRef<HTMLFormElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const keepalive = useFetcher();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastPing = useRef(Date.now());
  // When the page began loading, so a sign-out in another tab during the load ends this one too.
  const loadedAt = useRef(Math.floor(Date.now() - performance.now()));
  const signingOut = useRef(false);

  const signOut = useCallback(() => {
    if (signingOut.current) return;
    signingOut.current = true;
    announceSignOut();
    logout.current?.submit();
  }, []);

  const stay = useCallback(() => {
    writeNumber(LAST_ACTIVITY_KEY, Date.now());
    lastPing.current = Date.now();
    keepalive.submit(null, { method: "post", action: "/session/keepalive" });
    setSecondsLeft(null);
  }, [keepalive]);

  useEffect(() => {
    writeNumber(LAST_ACTIVITY_KEY, Date.now());
    let lastWrite = 0;
    function onActivity() {
      const now = Date.now();
      if (now - lastWrite < 1000) return;
      lastWrite = now;
      writeNumber(LAST_ACTIVITY_KEY, now);
      // Typing on a long page makes no request: tell the server now and then that someone is here.
      if (now - lastPing.current > KEEPALIVE_EVERY_MS) {
        lastPing.current = now;
        keepalive.submit(null, { method: "post", action: "/session/keepalive" });
      }
    }
    for (const event of ACTIVITY) window.addEventListener(event, onActivity, { passive: true });
    const idleCheck = window.setInterval(() => {
      const idle = Date.now() - Math.max(readNumber(LAST_ACTIVITY_KEY), loadedAt.current);
      if (idle < IDLE_WARNING_MS) {
        setSecondsLeft(null);
        return;
      }
      const left = COUNTDOWN_SECONDS - Math.floor((idle - IDLE_WARNING_MS) / 1000);
      if (left <= 0) signOut();
      else setSecondsLeft(left);
    }, CHECK_EVERY_MS);
    const tabCheck = window.setInterval(() => {
      const signedOutAt = readNumber(SIGNED_OUT_KEY);
      if (signedOutAt > loadedAt.current && signedOutAt !== announcedHere) window.location.assign("/login");
    }, TAB_CHECK_EVERY_MS);
    return () => {
      for (const event of ACTIVITY) window.removeEventListener(event, onActivity);
      window.clearInterval(idleCheck);
      window.clearInterval(tabCheck);
    };
    // keepalive.submit is stable for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signOut]);

  // Count down every second once the dialog shows (the 5-second check only opens it).
  useEffect(() => {
    if (secondsLeft === null) return;
    const timer = window.setTimeout(() => {
      if (secondsLeft <= 1) signOut();
      else setSecondsLeft(secondsLeft - 1);
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, signOut]);

  const open = secondsLeft !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      // A browser without modal dialogs gets no warning, as without scripts; the countdown still signs out.
      openModal(element);
    } else if (!open && element.open) {
      element.close();
      (returnFocus.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <>
      <form method="post" action="/logout" ref={logout} hidden>
        <input type="hidden" name="reason" value="idle" />
      </form>
      <ModalDialog
        ref={dialog}
        id="session-dialog"
        title={t("session.warningTitle")}
        body={<p>{t("session.warningBody", { seconds: secondsLeft ?? COUNTDOWN_SECONDS })}</p>}
        live
        onCancel={(event) => {
          event.preventDefault();
          stay();
        }}
      >
        <div className="form-actions">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal's first action takes focus */}
          <button type="button" className="usa-button" onClick={stay} autoFocus>
            {t("session.stay")}
          </button>
          <button type="button" className="usa-button usa-button--outline" onClick={signOut}>
            {t("session.signOut")}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
