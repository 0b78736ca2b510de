import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect";
import { isCrossSiteWrite, referrerPolicyFor, securityHeaders } from "./security";

const allowedOrigins = ["http://localhost:3000", "https://referrals.example.org"];

describe("cross-site writes", () => {
  it("refuses a POST from another origin", () => {
    expect(
      isCrossSiteWrite({ method: "POST", origin: "https://evil.example", secFetchSite: undefined, allowedOrigins }),
    ).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", origin: "null", secFetchSite: undefined, allowedOrigins })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", origin: "null", secFetchSite: "cross-site", allowedOrigins })).toBe(true);
  });

  it("lets this site's own forms through", () => {
    expect(
      isCrossSiteWrite({
        method: "POST",
        origin: "http://localhost:3000",
        secFetchSite: "same-origin",
        allowedOrigins,
      }),
    ).toBe(false);
    expect(
      isCrossSiteWrite({
        method: "PUT",
        origin: "https://referrals.example.org",
        secFetchSite: undefined,
        allowedOrigins,
      }),
    ).toBe(false);
  });

  it("lets a same-origin form through from a page that sends no referrer (Origin: null)", () => {
    expect(isCrossSiteWrite({ method: "POST", origin: "null", secFetchSite: "same-origin", allowedOrigins })).toBe(
      false,
    );
  });

  it("falls back to Sec-Fetch-Site when the browser sent no Origin", () => {
    expect(isCrossSiteWrite({ method: "POST", origin: undefined, secFetchSite: "cross-site", allowedOrigins })).toBe(
      true,
    );
    expect(isCrossSiteWrite({ method: "POST", origin: undefined, secFetchSite: "same-origin", allowedOrigins })).toBe(
      false,
    );
    expect(isCrossSiteWrite({ method: "POST", origin: undefined, secFetchSite: undefined, allowedOrigins })).toBe(
      false,
    );
  });

  it("never blocks a read", () => {
    expect(
      isCrossSiteWrite({ method: "GET", origin: "https://evil.example", secFetchSite: "cross-site", allowedOrigins }),
    ).toBe(false);
  });
});

describe("security headers", () => {
  it("allow scripts only with the nonce and forbid framing", () => {
    const headers = securityHeaders("abc", { https: false });
    expect(headers["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc'");
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("abc", { https: true })["Strict-Transport-Security"]).toContain("max-age");
  });
});

describe("safe redirects", () => {
  it("keep a redirect on this site", () => {
    expect(safeRedirect("/app/children?page=2")).toBe("/app/children?page=2");
    expect(safeRedirect("//evil.example")).toBe("/app/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/app/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/app/dashboard");
    expect(safeRedirect(null, "/login")).toBe("/login");
  });
});

describe("the referrer policy", () => {
  it("sends no Referer from review-link pages, keeps the reset page's on this site, and is one value", () => {
    expect(referrerPolicyFor("/app/referral/review/external")).toBe("no-referrer");
    expect(referrerPolicyFor("/api/authentication_tokens/review")).toBe("no-referrer");
    expect(referrerPolicyFor("/reset-password")).toBe("same-origin");
    expect(referrerPolicyFor("/app/dashboard")).toBe("strict-origin-when-cross-origin");
    expect(securityHeaders("n", { https: false, path: "/app/referral/review/external" })["Referrer-Policy"]).toBe(
      "no-referrer",
    );
  });
});
