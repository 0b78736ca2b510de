import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { I18nextProvider } from "react-i18next";
import { getLanguage, i18nextOf } from "./i18n/i18next.server";
import { logFor } from "./services/log.server";
import { isRouteErrorResponse } from "@remix-run/react";

/**
 * An error a loader, an action or the page's drawing threw: into the server's log, with the request's id (not when the
 * person left before the answer, nor a page that does not exist). Replaces the framework's own console.error.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logFor(request).error({ err: error }, "a request failed");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // Rendered with the server's i18next of the page's language, every namespace at hand (app/i18n/i18next.server.ts).

  // The whole page is rendered before its first byte is sent: nothing here waits behind a Suspense boundary, and a
  // page that works without JavaScript must arrive complete. Rendered to one string, which costs less than React's
  // stream (and its buffers, which sent "sesión" as "sesi\0ón" where a character fell across two of them).
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18nextOf(language)}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
