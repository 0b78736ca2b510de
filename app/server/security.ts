import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Referrer-Policy of a path. Pages whose address holds a token keep it from other sites: the
 * review-link pages send no Referer at all; the password-reset page keeps it on this site (with
 * "no-referrer" the browser's own form posts there would carry "Origin: null", which is refused).
 * Decided here, once, so that a response never carries two policies.
 */
export function referrerPolicyFor(path: string): string {
  if (path.startsWith("/app/referral/review") || path.startsWith("/api/authentication_tokens")) return "no-referrer";
  if (path.startsWith("/reset-password")) return "same-origin";
  return "strict-origin-when-cross-origin";
}

/**
 * The headers every response carries (docs/architecture.md). `allow`: other origins a page may load scripts, frames, styles
 * and calls from (the registration page's captcha service, and that page alone).
 */
export function securityHeaders(
  nonce: string,
  { https, path = "/", allow = [] }: { https: boolean; path?: string; allow?: readonly string[] },
): Record<string, string> {
  const also = allow.map((origin) => ` ${origin}`).join("");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${also}`,
    `style-src 'self'${also}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${also}`,
    ...(allow.length ? [`frame-src${also}`] : []),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": referrerPolicyFor(path),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface WriteRequest {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The origins this server answers as: its own address and APP_URL. */
  allowedOrigins: string[];
}

/**
 * Refuses a state-changing request that a browser says came from another site. The Origin
 * header decides when present; else Sec-Fetch-Site; a request with neither (curl, a program of
 * the program's own) is not a browser's cross-site request and goes on.
 */
export function isCrossSiteWrite({ method, origin, secFetchSite, allowedOrigins }: WriteRequest): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin && origin !== "null") return !allowedOrigins.includes(origin.toLowerCase());
  // "null" comes from a page with Referrer-Policy: no-referrer (the reset page) as well as from
  // sandboxed frames: then the browser's Sec-Fetch-Site tells which it is.
  if (origin === "null" && !secFetchSite) return true;
  return secFetchSite === "cross-site" || secFetchSite === "same-site";
}
