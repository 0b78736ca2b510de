import { describe, expect, it } from "vitest";
import { routeNamer } from "./observe";
import { isProbe } from "./probes";

// The name a request starts with, before the application's routes name it (app/utils/route.server.ts): never an
// address with a record's id, a review link's token or a search's words in it (docs/product-rules.md R143, R144).

const isStatic = (pathname: string) => pathname.startsWith("/build/") || pathname === "/favicon.svg";

describe("the probes", () => {
  it("are /healthz, /readyz and /metrics, with or without a query, and nothing else", () => {
    expect(["/healthz", "/readyz?x=1", "/metrics"].map(isProbe)).toEqual([true, true, true]);
    expect(["/", "/login", "/healthz/more", "/app/metrics"].map(isProbe)).toEqual([false, false, false, false]);
  });
});

describe("the name a request starts with", () => {
  it("names the server's own answers and the files", () => {
    const nameOf = routeNamer(isStatic);
    expect(nameOf("/metrics")).toBe("metrics");
    expect(nameOf("/readyz?probe=1")).toBe("readyz");
    expect(nameOf("/build/entry.client-ABC.js")).toBe("static");
    expect(nameOf("/favicon.svg")).toBe("static");
  });

  it("is unmatched for every other address, whatever it holds, until a route runs", () => {
    const nameOf = routeNamer(isStatic);
    expect(nameOf("/app/referrals/1234?q=Valentina")).toBe("unmatched");
    expect(nameOf("/app/referral/review/s3cr3t-t0ken")).toBe("unmatched");
  });

  it("is no route's for /metrics when METRICS_TOKEN is unset (the path is not the server's)", () => {
    const unmeasured = routeNamer(isStatic, false);
    expect(unmeasured("/metrics")).toBe("unmatched");
    expect(unmeasured("/readyz")).toBe("readyz");
  });
});
