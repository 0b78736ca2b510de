import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { getLanguage } from "./i18n/i18next.server";
import { TranslationProvider } from "./i18n/react";
import { resources } from "./i18n/resources.server";
import { getDb } from "./db.server";
import { sweepOrphanUploads } from "./models/document.server";
import { sweepOldReports } from "./models/report.server";
import { withoutZeroBytes } from "./utils/html-stream.server";
import { singleton } from "./utils/singleton.server";

const RENDER_TIMEOUT_MS = 10_000;
const REPORT_SWEEP_EVERY_MS = 60 * 60 * 1000;

// Once per process, as the server starts: files that a server stopped mid-upload left behind.
singleton("uploadSweep", () =>
  Promise.resolve()
    .then(() => sweepOrphanUploads(getDb()))
    .then(
      (removed) => (removed ? console.log(`Uploads: removed ${removed} unfinished file(s) that no document names`) : undefined),
      (error: unknown) => console.error("Uploads: the sweep of unfinished files failed", error),
    ),
);

// Reports older than REPORT_RETENTION_DAYS are deleted: at start-up, then every hour.
singleton("reportSweep", () => {
  const sweep = () =>
    Promise.resolve()
      .then(() => sweepOldReports(getDb()))
      .catch((error: unknown) => console.error("Reports: the sweep of old reports failed", error));
  void sweep();
  return setInterval(sweep, REPORT_SWEEP_EVERY_MS).unref();
});

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;

  // The whole page is rendered before the first byte: nothing here streams behind a
  // Suspense boundary, and a page that works without JavaScript must arrive complete.
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider language={language} catalog={resources}>
          <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(withoutZeroBytes())), {
              headers: responseHeaders,
              status: failed ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1000);
  });
}
