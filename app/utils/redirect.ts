const hasControlCharacter = (text: string) =>
  [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/** An origin no address of this site can have: a target that resolves outside it leaves the site. */
const HERE = "https://here.invalid";

/**
 * A redirect kept on this site (R111): resolved as a browser would, taken only if same-origin with a single leading
 * slash, else the fallback. Control characters (browsers drop them: "/\t/evil.example" is "//evil.example"),
 * backslashes (read as slashes) and an encoded leading slash are refused first.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/app/dashboard"): string {
  if (
    typeof to !== "string" ||
    !to.startsWith("/") ||
    hasControlCharacter(to) ||
    to.includes("\\") ||
    /^\/(\/|%2f|%5c)/i.test(to)
  )
    return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
