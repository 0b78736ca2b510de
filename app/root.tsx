import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { Outlet } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ErrorPage, errorKindForStatus } from "./components/ErrorPage";
import { IeNotice } from "./components/IeNotice";
import { LanguageFooter } from "./components/LanguageFooter";
import { BusyStatus } from "./components/ui/busy";
import { useFocusHeadingOnNewScreen } from "./components/ui/focus";
import { useNonce } from "./components/nonce";
import { PageMeta, pageMeta } from "./components/title";
import { titleWordsIn } from "./components/title.server";
import type { FlashText } from "./components/FlashMessage";
import { WordsUnavailableMessage } from "./components/WordsUnavailable";
import { fixedT, getLanguage, languageFromQuery, serializeLanguageCookie } from "./i18n/i18next.server";
import {
  isWordsUnavailable,
  namespacesNamedBy,
  useFollowLanguage,
  useRetryWordsOn,
  useTranslation,
  useWordsOfScreen,
} from "./i18n/react";
import { resourcesVersion } from "./i18n/resources.server";
import { isIeNoticeShown } from "./models/miscellaneous.server";
import { getToast } from "./services/toast.server";
import styles from "./styles/app.css";
import { route } from "~/utils/route.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: "common" };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const headers = new Headers();
  const asked = languageFromQuery(request);
  if (asked) headers.append("Set-Cookie", await serializeLanguageCookie(asked));

  const { toast, headers: toastHeaders } = await getToast(request);
  for (const [name, value] of toastHeaders) headers.append(name, value);
  const t = await fixedT(language, "common");
  const toastMessage: FlashText | null = toast ? { kind: toast.kind, text: t(toast.key, toast.values) } : null;

  return json(
    {
      language,
      i18nVersion: resourcesVersion,
      toast: toastMessage,
      ieNotice: await isIeNoticeShown(context.db, request.headers.get("User-Agent")),
      // This request's action refused its form (no JavaScript): the page shows its errors, and the title says so.
      failed: context.formRefused === true,
      titleWords: await titleWordsIn(language),
    },
    { headers },
  );
});

/** A page that reloads itself on a timer when JavaScript is off (handle.noscriptRefreshSeconds). */
function NoScriptRefresh() {
  const seconds = useMatches()
    .map((match) => (match.handle as { noscriptRefreshSeconds?: number } | undefined)?.noscriptRefreshSeconds)
    .find((value) => typeof value === "number");
  return seconds ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  ) : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const language = data?.language ?? (i18n.language === "es" ? "es" : "en");
  const languageUnavailable = useFollowLanguage(language);
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="i18n-version" content={data?.i18nVersion ?? "0"} />
        <PageMeta />
        <NoScriptRefresh />
        <Links />
      </head>
      <body>
        <a className="usa-skipnav" href="#main-content">
          {t("skipToMain")}
        </a>
        {data?.ieNotice ? <IeNotice /> : null}
        {languageUnavailable ? <WordsUnavailableMessage languageChange /> : null}
        {children}
        <LanguageFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useRetryWordsOn(useNavigation().state !== "idle");
  useWordsOfScreen(namespacesNamedBy(useMatches().map((match) => match.handle)));
  useFocusHeadingOnNewScreen();
  // Once the page runs its JavaScript, styles may hide what only the no-JavaScript page needs.
  useEffect(() => document.documentElement.classList.add("js"), []);
  return (
    <>
      <Outlet />
      <BusyStatus />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const kind = isRouteErrorResponse(error) ? errorKindForStatus(error.status) : "unexpected";
  // In the browser, for its console; the server's log has it from entry.server.tsx (handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <main id="main-content" tabIndex={-1} className="public-main">
      {isWordsUnavailable(error) ? <WordsUnavailableMessage /> : <ErrorPage kind={kind} />}
    </main>
  );
}
