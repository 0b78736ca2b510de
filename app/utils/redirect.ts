/**
 * A redirect target from a form or the address, kept on this site: only a path that starts with
 * one slash is accepted ("//evil.example" and "https://..." are not), else the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/app/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
