import { isRouteErrorResponse, Meta, useRouteError, useRouteLoaderData, type MetaFunction } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { ERROR_KINDS, errorKindForStatus, type ErrorKind } from "./ErrorPage";

// The page's <title> from Remix's meta (decision 0031), with "Error: " in front when a form was refused, an error
// summary shows or the page failed (GOV.UK pattern). Meta only sees matches down to its route, so every page's route
// exports `meta = pageMeta`.

/** The words of a title beyond the page's own, in the request's language: the root's loader gives them. */
export interface TitleWords {
  errorPrefix: string;
  /** Each error page's whole title ("Page not found | …"). */
  errors: Record<ErrorKind, string>;
}

export function titleWords(t: TFunction): TitleWords {
  const errors = {} as Record<ErrorKind, string>;
  for (const kind of Object.keys(ERROR_KINDS) as ErrorKind[])
    errors[kind] = t("titleTemplate", { page: t(`${ERROR_KINDS[kind].key}.title`) });
  return { errorPrefix: t("errorTitlePrefix"), errors };
}

// What the browser adds after the page is rendered. Only effects write it, so on the server it stays empty.
let errorsShown = 0;
let titleInstead: string | null = null;
let version = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed() {
  version += 1;
  listeners.forEach((listener) => listener());
}

/** While a message replaces the screen, the title is the message's, like its heading. */
export function useTitleInstead(title: string | null) {
  const { t } = useTranslation();
  const whole = title === null ? null : t("errorTitlePrefix") + t("titleTemplate", { page: title });
  useEffect(() => {
    if (whole === null) return;
    titleInstead = whole;
    changed();
    return () => {
      titleInstead = null;
      changed();
    };
  }, [whole]);
}

/** An error summary (or a refused form's answer) calls this while it shows errors, so the title says "Error: " too. */
export function useErrorInTitle(hasErrors: boolean) {
  useEffect(() => {
    if (!hasErrors) return;
    errorsShown += 1;
    changed();
    return () => {
      errorsShown -= 1;
      changed();
    };
  }, [hasErrors]);
}

/** Whether the page shows form errors: the root loader's flag without JavaScript, the form's mark or a summary with. */
export function useFormErrorsShown(): boolean {
  const shown = useSyncExternalStore(
    subscribe,
    () => errorsShown,
    () => 0,
  );
  const refusedWithoutScript = useRouteLoaderData<typeof rootLoader>("root")?.failed === true;
  return shown > 0 || refusedWithoutScript;
}

function errorKindOf(error: unknown): ErrorKind {
  return isRouteErrorResponse(error) ? errorKindForStatus(error.status) : "unexpected";
}

type PageData = { title?: unknown; failed?: unknown; titleWords?: TitleWords } | undefined;

/** The title from the routes' data (root first) and the route error; null without the root's words. */
export function documentTitle(
  pages: PageData[],
  error: unknown,
  shown = { errors: errorsShown > 0, instead: titleInstead },
): string | null {
  const words = pages[0]?.titleWords;
  if (!words) return null;
  if (shown.instead) return shown.instead;
  if (error !== null && error !== undefined) return words.errorPrefix + words.errors[errorKindOf(error)];
  const title = pages
    .map((page) => page?.title)
    .reverse()
    .find((value): value is string => typeof value === "string");
  if (!title) return words.errorPrefix + words.errors["not-found"];
  const failed = shown.errors || pages.some((page) => page?.failed === true);
  return failed ? words.errorPrefix + title : title;
}

/** Every page's meta (`export const meta = pageMeta`): its title. */
export const pageMeta: MetaFunction = ({ matches, error }) => {
  const title = documentTitle(
    matches.map((match) => match.data as PageData),
    error,
  );
  return title === null ? [] : [{ title }];
};

/** Remix's <Meta />, re-rendered when the browser's marks change; says the title itself when the root loader failed. */
export function PageMeta() {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      {root ? null : <TitleWithoutRoot />}
      <Meta />
    </>
  );
}

function TitleWithoutRoot() {
  const { t } = useTranslation();
  const kind = errorKindOf(useRouteError());
  return <title>{t("errorTitlePrefix") + t("titleTemplate", { page: t(`${ERROR_KINDS[kind].key}.title`) })}</title>;
}
