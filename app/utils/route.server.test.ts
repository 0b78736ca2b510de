import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ForbiddenError, InputError, NotFoundError } from "~/models/errors";
import { modelErrorsAsHttp } from "./route.server";

/** A build of one route whose loader and action throw what they are given. */
function buildThrowing(error: unknown): ServerBuild {
  const fail = async () => {
    throw error;
  };
  return { routes: { page: { id: "page", path: "page", module: { loader: fail, action: fail, default: () => null } } } } as unknown as ServerBuild;
}

const args = {} as never;

async function thrownBy(run: (args: never) => Promise<unknown>) {
  try {
    await run(args);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing thrown");
}

describe("the models' refusals as HTTP, for every route at once", () => {
  it("makes NotFoundError the 404 page and ForbiddenError the 403 page, from loaders and actions alike", async () => {
    for (const [error, status] of [
      [new NotFoundError("referral"), 404],
      [new ForbiddenError("referral"), 403],
    ] as const) {
      const { module } = modelErrorsAsHttp(buildThrowing(error)).routes.page;
      for (const run of [module.loader!, module.action!]) {
        const thrown = await thrownBy(run as never);
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(status);
      }
    }
  });

  it("knows the refusals of the other bundle's copy of the error classes (the server loads the build as a second bundle)", async () => {
    const notFoundOfAnotherCopy = Object.assign(new Error("referral"), { [Symbol.for("referrals.httpStatus")]: 404 });
    const { module } = modelErrorsAsHttp(buildThrowing(notFoundOfAnotherCopy)).routes.page;
    expect(((await thrownBy(module.loader as never)) as Response).status).toBe(404);
  });

  it("lets any other error go on as it was thrown, and leaves a route without a loader or an action without one", async () => {
    const input = new InputError({ email: ["validation.emailTaken"] });
    const { module } = modelErrorsAsHttp(buildThrowing(input)).routes.page;
    expect(await thrownBy(module.action as never)).toBe(input);
    const bare = { routes: { page: { id: "page", module: { default: () => null } } } } as unknown as ServerBuild;
    expect(modelErrorsAsHttp(bare).routes.page.module.loader).toBeUndefined();
  });

  it("answers what the route answers when nothing is thrown", async () => {
    const build = { routes: { page: { id: "page", module: { loader: () => ({ ok: true }) } } } } as unknown as ServerBuild;
    expect(await (modelErrorsAsHttp(build).routes.page.module.loader as never as (a: never) => Promise<unknown>)(args)).toEqual({ ok: true });
  });
});
