const hasControlCharacter = (text: string) => [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/** An origin no address of this site can have: a target that resolves outside it leaves the site. */
const HERE = "https://here.invalid";

/**
 * A redirect target from a form or the address, kept on this site (docs/product-rules.md R111): the target is resolved
 * as a browser would resolve it against the site's own address, and taken only when it stays on the same origin and
 * its path starts with one slash; else the fallback. Control characters (which browsers drop: "/\t/evil.example" is
 * "//evil.example"), backslashes (read as slashes) and a path that starts with an encoded slash are refused before.
 * The same in the browser and on the server, whatever the site's address: a path on this site is relative to it.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/app/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || hasControlCharacter(to) || to.includes("\\") || /^\/(\/|%2f|%5c)/i.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
