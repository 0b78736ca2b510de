import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routeNamer } from "./observe";

// The route a request is logged and counted under: a small set of names, never an address with a record's id, a
// review link's token or a search's words in it (docs/product-rules.md R143, R144).

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
const build = {
  routes: {
    root: route("root", undefined, ""),
    "routes/_index": route("routes/_index", "root", undefined, true),
    "routes/app": route("routes/app", "root", "app"),
    "routes/app.referrals.$id": route("routes/app.referrals.$id", "routes/app", "referrals/:id"),
    "routes/app_.referral.review.$": route("routes/app_.referral.review.$", "root", "app/referral/review/*"),
    "routes/api.$": route("routes/api.$", "root", "api/*"),
  },
} as unknown as ServerBuild;
const nameOf = routeNamer(build, (pathname) => pathname.startsWith("/build/") || pathname === "/favicon.svg");

describe("the route a request is named by", () => {
  it("is the deepest route that matches the address, without its ids or tokens", () => {
    expect(nameOf("/")).toBe("routes/_index");
    expect(nameOf("/app/referrals/1234?q=Valentina")).toBe("routes/app.referrals.$id");
    expect(nameOf("/app/referral/review/s3cr3t-t0ken")).toBe("routes/app_.referral.review.$");
    expect(nameOf("/api/referrals/12")).toBe("routes/api.$");
  });

  it("is the route a data request names, only when the build has it", () => {
    expect(nameOf("/app/referrals/1234?_data=routes%2Fapp")).toBe("routes/app");
    expect(nameOf("/app/referrals/1234?_data=routes%2Fmade-up-by-a-caller")).toBe("routes/app.referrals.$id");
  });

  it("names the server's own answers, the files, and what no route matches", () => {
    expect(nameOf("/metrics")).toBe("metrics");
    expect(nameOf("/readyz")).toBe("readyz");
    expect(nameOf("/build/entry.client-ABC.js")).toBe("static");
    expect(nameOf("/favicon.svg")).toBe("static");
    expect(nameOf("/no/such/page")).toBe("unmatched");
    expect(nameOf("/%E0%A4%A")).toBe("unmatched");
  });

  it("is no route's for /metrics when METRICS_TOKEN is unset (the path is not the server's)", () => {
    const unmeasured = routeNamer(build, () => false, false);
    expect(unmeasured("/metrics")).toBe("unmatched");
    expect(unmeasured("/readyz")).toBe("readyz");
  });
});
