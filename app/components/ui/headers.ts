import type { HeadersFunction } from "@remix-run/node";

/**
 * The headers a page's own answer carries when it is a whole document (without JavaScript, the form's post answered
 * with the page): how long to wait after a limit (Retry-After, with its 429), and that no copy of the page is kept
 * (Cache-Control, on the pages that show a key or a code). Remix passes on only the cookies of a loader's or an
 * action's answer unless the route says which headers it keeps.
 */
export const pageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
