import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ForbiddenError, InputError, NotFoundError } from "~/models/errors";
import { CONTEXT_HEADER, openRequest, type RequestContext } from "~/services/log.server";
import { nameRoutes, route } from "./route.server";

const args = {};

async function thrownBy(run: () => unknown) {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing thrown");
}

describe("route(): the models' refusals as HTTP, in every loader and action", () => {
  it("makes NotFoundError the 404 page and ForbiddenError the 403 page, thrown at once or by a promise", async () => {
    for (const [error, status] of [
      [new NotFoundError("referral"), 404],
      [new ForbiddenError("referral"), 403],
    ] as const) {
      const atOnce = route(() => {
        throw error;
      });
      const later = route(async () => {
        throw error;
      });
      for (const run of [atOnce, later]) {
        const thrown = await thrownBy(() => run(args));
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(status);
      }
    }
  });

  it("knows the refusals of the other bundle's copy of the error classes (the server loads the build as a second bundle)", async () => {
    const notFoundOfAnotherCopy = Object.assign(new Error("referral"), { [Symbol.for("referrals.httpStatus")]: 404 });
    const loader = route(async () => {
      throw notFoundOfAnotherCopy;
    });
    expect(((await thrownBy(() => loader(args))) as Response).status).toBe(404);
  });

  it("lets any other error go on as it was thrown", async () => {
    const input = new InputError({ email: ["validation.emailTaken"] });
    const action = route(async () => {
      throw input;
    });
    expect(await thrownBy(() => action(args))).toBe(input);
  });

  it("answers what the route answers when nothing is thrown, at once when the route answers at once", async () => {
    expect(route(() => ({ ok: true }))(args)).toEqual({ ok: true });
    expect(await route(async () => ({ ok: true }))(args)).toEqual({ ok: true });
  });
});

/** A build of a root and a page below it, whose loaders and action are the ones given. */
function buildOf(modules: Record<"root" | "page", Record<string, unknown>>): ServerBuild {
  return {
    routes: {
      root: { id: "root", path: "", module: modules.root },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: modules.page },
    },
  } as unknown as ServerBuild;
}

describe("nameRoutes: each loader and action learns its route from the build", () => {
  it("notes the deepest route whose loader or action ran, for the request's log line, and leaves the build as it was", async () => {
    const rootLoader = route(() => null);
    const pageAction = route(async () => null);
    const modules = { root: { loader: rootLoader }, page: { action: pageAction, default: () => null } };
    const build = buildOf(modules);
    nameRoutes(build);
    expect(build.routes["routes/page"].module).toBe(modules.page);
    expect(build.routes["routes/page"].module.action).toBe(pageAction);

    const context: RequestContext = { id: "request", route: "unmatched" };
    const opened = openRequest(context);
    const request = new Request("http://localhost/page", { headers: { [CONTEXT_HEADER]: opened.key } });
    try {
      await pageAction({ request });
      rootLoader({ request });
      expect(context).toMatchObject({ route: "routes/page", depth: 1 });
    } finally {
      opened.end();
    }
  });

  it("stops the start when a loader or action is not written with route(), naming it", () => {
    const build = buildOf({ root: { loader: route(() => null) }, page: { action: async () => null } });
    expect(() => nameRoutes(build)).toThrow(
      "Not written with route() (app/utils/route.server.ts): the action of routes/page",
    );
  });
});
