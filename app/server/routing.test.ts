import path from "node:path";
import { fileURLToPath } from "node:url";
import { matchRoutes, type AgnosticRouteMatch, type AgnosticRouteObject, type StaticHandlerContext } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";

// The route table's work is done once, not on every request: app/server/patches holds three small patches, to the
// router and to its React parts for the server's render (patch-package applies them at `npm ci`). The router ranks the table's branches once per list of routes
// and compiles each route pattern once; the static router used to render a page keeps the data routes made from
// a list. These tests fail if the patches are not applied, and show that matching is unchanged by them.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A route as the router takes it: an index route has no children. */
interface Route {
  id: string;
  path?: string;
  index?: boolean;
  children?: Route[];
}

/** The application's route table, nested as Remix's server nests it (read from remix.config.js and app/routes). */
async function routeTable(): Promise<AgnosticRouteObject[]> {
  const quiet = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const { readConfig } = await import("@remix-run/dev/dist/config.js");
  const config = await readConfig(ROOT).finally(() => quiet.mockRestore());
  const entries = Object.values(config.routes);
  const childrenOf = (parentId: string | undefined): Route[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        return route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children };
      });
  return childrenOf(undefined) as AgnosticRouteObject[];
}

const ADDRESSES = [
  "/",
  "/login",
  "/healthz",
  "/app/dashboard",
  "/app/child/20001/referral/20001/user/1/child-information/language",
  "/app/child/20001/referral/20001/user/1/review",
  "/app/referrals/export.csv",
  "/app/user/7",
  "/api/referrals/12",
  "/api/referrals/12/submit",
  "/api/no-such-operation",
  "/app/no-such-page",
  "/no-such-page",
];

const summary = (matches: AgnosticRouteMatch[] | null) => matches?.map(({ route, params, pathname }) => ({ id: route.id, params, pathname })) ?? null;

describe("the route table's work, made once", () => {
  it("matches every kind of address as a fresh copy of the table does, the first time and again", async () => {
    const table = await routeTable();
    expect(table.length).toBeGreaterThan(0);
    for (const address of ADDRESSES) {
      const fresh = summary(matchRoutes(structuredClone(table), address));
      expect(summary(matchRoutes(table, address)), address).toEqual(fresh);
      expect(summary(matchRoutes(table, address)), address).toEqual(fresh);
    }
    expect(summary(matchRoutes(table, ADDRESSES[4]))?.map((match) => match.id)).toEqual(["root", "routes/app", "wizard/layout", "wizard/steps/child-language"]);
  });

  it("ranks a list's branches once: matching the same list again does not read its routes again", async () => {
    const table = await routeTable();
    const login = () => summary(matchRoutes(table, "/login"))?.at(-1)?.id;
    expect(login()).toBe("routes/login");
    // Changed in place (nothing in the server does this): the ranked branches kept for the list still hold the
    // old path, where a router that ranked the list again would see the change.
    const route = (table as Route[])[0].children!.find((child) => child.id === "routes/login")!;
    route.path = "sign-in";
    expect(login()).toBe("routes/login");
    expect(summary(matchRoutes(structuredClone(table), "/login"))?.at(-1)?.id).not.toBe("routes/login");
  });

  it("makes the static router's data routes once per list of routes", async () => {
    const table = await routeTable();
    const context = {
      basename: "/",
      location: { pathname: "/login", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    } as StaticHandlerContext;
    const first = createStaticRouter(table, context).routes;
    expect(createStaticRouter(table, context).routes).toBe(first);
    expect(createStaticRouter(structuredClone(table), context).routes).not.toBe(first);
  });
});
