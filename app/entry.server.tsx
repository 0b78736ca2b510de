import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { I18nextProvider } from "react-i18next";
import { getLanguage, i18nextOf } from "./i18n/i18next.server";
import { logFor } from "./services/log.server";
import { isRouteErrorResponse } from "@remix-run/react";

/** Logs loader, action and render errors with the request id, replacing the framework's console.error. */
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

  // Rendered whole before the first byte (no-JavaScript pages must arrive complete), to a string: cheaper than React's
  // stream, whose buffers once split "sesión" into "sesi\0ón".
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
