import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Token-bearing pages keep the token from other sites: review links send no Referer; password reset uses same-origin
 * ("no-referrer" would make its own form posts carry "Origin: null", which is refused). One place, so one policy.
 */
export function referrerPolicyFor(path: string): string {
  if (path.startsWith("/app/referral/review") || path.startsWith("/api/authentication_tokens")) return "no-referrer";
  if (path.startsWith("/reset-password")) return "same-origin";
  return "strict-origin-when-cross-origin";
}

/** Headers on every response (docs/architecture.md). `allow`: extra origins (the registration page's captcha only). */
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
 * A write a browser says is cross-site: Origin decides, else Sec-Fetch-Site. With neither (curl, our own programs) it
 * is no browser's cross-site request.
 */
export function isCrossSiteWrite({ method, origin, secFetchSite, allowedOrigins }: WriteRequest): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin && origin !== "null") return !allowedOrigins.includes(origin.toLowerCase());
  // "null" comes from no-referrer pages (the reset page) and sandboxed frames; Sec-Fetch-Site tells them apart.
  if (origin === "null" && !secFetchSite) return true;
  return secFetchSite === "cross-site" || secFetchSite === "same-site";
}
