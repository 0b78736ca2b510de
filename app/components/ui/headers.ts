import type { HeadersFunction } from "@remix-run/node";

/**
 * A page's own headers on a whole-document answer (Retry-After with 429; Cache-Control on pages showing a key or
 * code). Remix otherwise passes on only the cookies.
 */
export const pageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
