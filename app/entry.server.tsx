import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";
import { getLanguage, i18next } from "./i18n/i18next.server";
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
  // The page's own i18next, in its language, with the namespaces its routes name (every one is bundled here).
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, lng: language, ns: i18next.getRouteNamespaces(remixContext), resources, initImmediate: false });

  // The whole page is rendered before its first byte is sent: nothing here waits behind a Suspense boundary, and a
  // page that works without JavaScript must arrive complete. Rendered to one string, which costs less than React's
  // stream (and its buffers, which sent "sesión" as "sesi\0ón" where a character fell across two of them).
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
