import { isRouteErrorResponse, useMatches } from "@remix-run/react";
import { useContext, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { ERROR_KINDS, errorKindForStatus } from "./ErrorPage";

// Error summaries on the page now (those the browser's own validation showed, before any request).
let summariesShown = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// What the page says instead of its screen (the words of a screen that could not be had): the title says it too.
let shownInstead: string | null = null;

/** While a message shows instead of the page's screen, the title is the message's, as its heading is (none: the page's). */
export function useTitleInstead(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    shownInstead = title;
    listeners.forEach((listener) => listener());
    return () => {
      shownInstead = null;
      listeners.forEach((listener) => listener());
    };
  }, [title]);
}

/** An error summary calls this while it shows errors, so the title says "Error: " too. */
export function useErrorInTitle(hasErrors: boolean) {
  useEffect(() => {
    if (!hasErrors) return;
    summariesShown += 1;
    listeners.forEach((listener) => listener());
    return () => {
      summariesShown -= 1;
      listeners.forEach((listener) => listener());
    };
  }, [hasErrors]);
}

/** An action's answer that means the form came back with errors (Conform's reply, or ours). */
function isFailedSubmission(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { status?: unknown }).status === "error";
}

/**
 * Whether the page shows a form's errors: a form came back with them (on the server too), or an error summary shows
 * (the browser's own checks, before any request).
 */
export function useFormErrorsShown(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const summaries = useSyncExternalStore(
    subscribe,
    () => summariesShown,
    () => 0,
  );
  return summaries > 0 || Object.values(state?.actionData ?? {}).some(isFailedSubmission);
}

/**
 * The page's <title>, in one place: the deepest route's loader gives `title`; "Error: " goes in
 * front when a loader says `failed: true`, a form came back with errors, an error summary shows,
 * or the page failed (GOV.UK pattern), with or without JavaScript, since it is worked out from
 * the router's state on the server too.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const state = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const errorsShown =
    useSyncExternalStore(
      subscribe,
      () => summariesShown,
      () => 0,
    ) > 0;
  const prefix = t("errorTitlePrefix");
  const instead = useSyncExternalStore(
    subscribe,
    () => shownInstead,
    () => null,
  );
  if (instead) return <title>{prefix + t("titleTemplate", { page: instead })}</title>;

  const routeError = state?.errors ? Object.values(state.errors)[0] : null;
  if (routeError !== null && routeError !== undefined) {
    const kind = isRouteErrorResponse(routeError) ? errorKindForStatus(routeError.status) : "unexpected";
    return <title>{prefix + t("titleTemplate", { page: t(`${ERROR_KINDS[kind].key}.title`) })}</title>;
  }

  const pages = matches.map((match) => (match.data ?? {}) as { title?: unknown; failed?: unknown });
  const title = pages
    .map((page) => page.title)
    .reverse()
    .find((value): value is string => typeof value === "string");
  if (!title) return <title>{prefix + t("titleTemplate", { page: t("errors.notFound.title") })}</title>;

  const failed = errorsShown || pages.some((page) => page.failed === true) || Object.values(state?.actionData ?? {}).some(isFailedSubmission);
  return <title>{failed ? prefix + title : title}</title>;
}
