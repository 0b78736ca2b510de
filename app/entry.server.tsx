import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { getLanguage } from "./i18n/i18next.server";
import { TranslationProvider } from "./i18n/react";
import { resources } from "./i18n/resources.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;

  // The whole page is rendered before its first byte is sent: nothing here waits behind a Suspense boundary, and a
  // page that works without JavaScript must arrive complete. Rendered to one string, which costs less than React's
  // stream (and its buffers, which sent "sesión" as "sesi\0ón" where a character fell across two of them).
  const html = renderToString(
    <NonceProvider value={nonce}>
      <TranslationProvider language={language} catalog={resources}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
