import { useEffect } from "react";

const ACTIVITY = ["keydown", "pointerdown", "input", "scroll"] as const;

/** Reloads after idleness; without JavaScript a <noscript> refresh does it (handle.noscriptRefreshSeconds). */
export function useIdleReload(idleMs: number) {
  useEffect(() => {
    let timer = window.setTimeout(reload, idleMs);
    function reload() {
      window.location.reload();
    }
    function reset() {
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, idleMs);
    }
    for (const event of ACTIVITY) window.addEventListener(event, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, reset);
    };
  }, [idleMs]);
}
