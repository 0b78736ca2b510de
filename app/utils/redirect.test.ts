import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

// docs/product-rules.md R111: a redirect target never leaves the site, whatever a browser would make of it.

/** Each known way of writing an address elsewhere that starts like a path of this site. */
const BYPASSES = [
  "//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "https://evil.example",
  "HTTPS://evil.example/app",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/ /evil.example".replace(" ", "\t"),
  " //evil.example",
  "evil.example",
  "",
];

describe("safeRedirect", () => {
  it.each(BYPASSES.map((target) => [JSON.stringify(target), target]))("refuses %s", (_, target) => {
    expect(safeRedirect(target)).toBe("/app/dashboard");
    expect(safeRedirect(target, "/login")).toBe("/login");
  });

  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirect("/app/children/details/3?delete#main")).toBe("/app/children/details/3?delete#main");
    expect(safeRedirect("/app/referrals/drafts?status=Draft&page=2")).toBe("/app/referrals/drafts?status=Draft&page=2");
  });

  it("keeps a path whose later parts hold encoded slashes or dots, as the site reads them", () => {
    expect(safeRedirect("/app/users?email=a%2Fb%40example.com")).toBe("/app/users?email=a%2Fb%40example.com");
    expect(safeRedirect("/app/../app/dashboard")).toBe("/app/dashboard");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/app/dashboard");
    expect(safeRedirect(undefined)).toBe("/app/dashboard");
  });
});
