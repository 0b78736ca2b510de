import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { insertApiKey } from "~/test/api-keys";
import { addPerson } from "~/test/people";
import type { CurrentUser } from "~/models/user.server";

// The JSON API's handler against a real SQLite file: who asks (session or API key), the rate
// limit, the checked query and body, and the one error format in the caller's language. The
// calls themselves are tested over HTTP in e2e/api.spec.ts.

let test: TestDatabase;
let admin: CurrentUser;
let referrer: CurrentUser;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
  // A small limit, to reach it here; the server's default is 600 a minute.
  process.env.API_RATE_LIMIT = "5";
  (await import("~/config.server")).getConfig();
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  referrer = await addPerson(test.db, "parent@example.com");
});
afterAll(() => test.close());

async function modules() {
  const handler = await import("./handler.server");
  const keys = await import("~/models/api-key.server");
  return { ...handler, ...keys };
}

const echo = async () => {
  const { operation } = await modules();
  return operation({
    operationId: "echo",
    method: "POST",
    path: "/api/echo/{id}",
    tag: "Test",
    access: "admin",
    query: z.object({ page: z.coerce.number().int().min(1).optional() }).strict(),
    body: z.object({ name: z.string().min(1, "api:fields.required").max(5, "validation.tooLong") }).strict(),
    async run({ actor, id, body, query }) {
      if (body.name === "boom") throw new Error("unexpected");
      return { actor: actor.id, id, name: body.name, page: query.page ?? 1 };
    },
  });
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function errorOf(response: Response) {
  return (
    (await response.json()) as {
      error: { status: number; code: string; message: string; fields?: Record<string, string[]> };
    }
  ).error;
}

describe("the API handler", () => {
  it("gives a missing field whose schema names no message the API's plain one", async () => {
    const { handle } = await modules();
    const { key } = await insertApiKey(test.db, admin.id, { name: "forms" });
    const bearer = { Authorization: `Bearer ${key}` };
    expect(
      (await errorOf(await handle(test.db, [await echo()], post("/api/echo/7", {}, bearer), { id: "7" }, "10.0.0.2")))
        .fields,
    ).toEqual({
      name: ["This field is required."],
    });
  });

  it("answers an API key's caller, checks the query and body, and refuses others in the error format", async () => {
    const { handle } = await modules();
    const op = await echo();
    const { key } = await insertApiKey(test.db, admin.id, { name: "warehouse" });
    const bearer = { Authorization: `Bearer ${key}` };
    const ok = await handle(
      test.db,
      [op],
      post("/api/echo/7?page=2", { name: "Ana" }, bearer),
      { id: "7" },
      "10.0.0.1",
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ actor: admin.id, id: 7, name: "Ana", page: 2 });

    const tooLong = await errorOf(
      await handle(test.db, [op], post("/api/echo/7", { name: "Anastasia", extra: 1 }, bearer), { id: "7" }),
    );
    expect(tooLong).toMatchObject({
      status: 400,
      code: "invalid_input",
      fields: { name: ["This answer is too long."], extra: ["This field is not known."] },
    });
    expect(
      (await errorOf(await handle(test.db, [op], post("/api/echo/7?page=0", { name: "Ana" }, bearer), { id: "7" })))
        .fields,
    ).toHaveProperty("page");
    expect(await errorOf(await handle(test.db, [op], post("/api/echo/7", "{", bearer), { id: "7" }))).toMatchObject({
      status: 400,
      code: "invalid_json",
    });
    expect(
      await errorOf(await handle(test.db, [op], post("/api/echo/x", { name: "Ana" }, bearer), { id: "x" })),
    ).toMatchObject({
      status: 404,
      code: "not_found",
    });
    expect(
      await errorOf(
        await handle(test.db, [op], new Request("http://localhost/api/echo/7", { method: "GET", headers: bearer }), {
          id: "7",
        }),
      ),
    ).toMatchObject({ status: 405 });

    const anonymous = await errorOf(
      await handle(test.db, [op], post("/api/echo/7?lang=sp", { name: "Ana" }), { id: "7" }),
    );
    expect(anonymous).toEqual({
      status: 401,
      code: "unauthorized",
      message: "Inicie sesión primero o envíe una clave de API.",
    });
    expect(
      await errorOf(
        await handle(test.db, [op], post("/api/echo/7", { name: "Ana" }, { Authorization: "Bearer mdei_wrong" }), {
          id: "7",
        }),
      ),
    ).toMatchObject({ status: 401, code: "invalid_api_key" });

    // Not an administrator: 403, whatever the body.
    const { createSession } = await import("~/auth/session.server");
    const cookie = (await createSession(test.db, referrer.id)).split(";")[0];
    expect(
      await errorOf(await handle(test.db, [op], post("/api/echo/7", {}, { Cookie: cookie }), { id: "7" })),
    ).toMatchObject({
      status: 403,
      code: "forbidden",
    });
  });

  it("answers 500 in the error format for what nobody expected, without the error's text", async () => {
    const { handle } = await modules();
    const { key } = await insertApiKey(test.db, admin.id, { name: "boom" });
    const response = await handle(
      test.db,
      [await echo()],
      post("/api/echo/7", { name: "boom" }, { Authorization: `Bearer ${key}` }),
      { id: "7" },
    );
    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.code).toBe("server_error");
    expect(JSON.stringify(error)).not.toContain("unexpected");
  });

  it("limits calls per caller, with 429 and Retry-After past API_RATE_LIMIT", async () => {
    const { handle } = await modules();
    const op = await echo();
    const { key } = await insertApiKey(test.db, admin.id, { name: "busy" });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let call = 0; call < 6; call++) {
      last = await handle(test.db, [op], post("/api/echo/1", { name: "Ana" }, { Authorization: `Bearer ${key}` }), {
        id: "1",
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorOf(last!)).toMatchObject({ code: "rate_limited" });
    // Another key is another caller.
    const other = await insertApiKey(test.db, admin.id, { name: "quiet" });
    expect(
      (
        await handle(test.db, [op], post("/api/echo/1", { name: "Ana" }, { Authorization: `Bearer ${other.key}` }), {
          id: "1",
        })
      ).status,
    ).toBe(200);
  });
});

describe("API keys at the door", () => {
  it("say why they do not open it: unknown, past the end date, revoked, or ended with their maker's password (R101)", async () => {
    const { handle, revokeApiKey, endApiKeysOf } = await modules();
    const op = await echo();
    const call = async (key: string, language = "en") =>
      errorOf(
        await handle(
          test.db,
          [op],
          post(`/api/echo/1?lang=${language}`, { name: "Ana" }, { Authorization: `Bearer ${key}` }),
          { id: "1" },
        ),
      );
    expect(await call("mdei_unknown")).toMatchObject({ status: 401, code: "invalid_api_key" });

    const short = await insertApiKey(test.db, admin.id, { days: 1 });
    await test.db
      .updateTable("api_keys")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", short.id)
      .execute();
    expect(await call(short.key)).toMatchObject({
      status: 401,
      code: "api_key_expired",
      reason: "expired",
      message: expect.stringContaining("end date"),
    });

    const revoked = await insertApiKey(test.db, admin.id);
    await revokeApiKey(test.db, admin, revoked.id);
    expect(await call(revoked.key, "sp")).toMatchObject({
      status: 401,
      code: "api_key_ended",
      reason: "revoked",
      message: "Un administrador revocó la clave de API.",
    });

    const ended = await insertApiKey(test.db, admin.id);
    await endApiKeysOf(test.db, admin.id, "passwordChanged");
    expect(await call(ended.key)).toMatchObject({
      status: 401,
      code: "api_key_ended",
      reason: "passwordChanged",
      endedAt: expect.any(String),
    });
  });

  it("end when their maker is no longer an active administrator, and say so", async () => {
    const { handle } = await modules();
    const op = await echo();
    const call = async (key: string) =>
      errorOf(
        await handle(test.db, [op], post("/api/echo/1", { name: "Ana" }, { Authorization: `Bearer ${key}` }), {
          id: "1",
        }),
      );
    const owner = await addPerson(test.db, "leaving@maryland.gov", { admin: true });
    const theirs = await insertApiKey(test.db, owner.id);
    await test.db.updateTable("users").set({ locked: 1 }).where("id", "=", owner.id).execute();
    expect(await call(theirs.key)).toMatchObject({ code: "api_key_ended", reason: "deactivated" });
    // Ended for good: activating the maker again does not bring it back.
    await test.db.updateTable("users").set({ locked: 0 }).where("id", "=", owner.id).execute();
    expect(await call(theirs.key)).toMatchObject({ code: "api_key_ended", reason: "deactivated" });

    const demoted = await addPerson(test.db, "demoted@maryland.gov", { admin: true });
    const demotedKey = await insertApiKey(test.db, demoted.id);
    await test.db.deleteFrom("user_roles").where("user_id", "=", demoted.id).where("role", "=", "ROLE_ADMIN").execute();
    expect(await call(demotedKey.key)).toMatchObject({ code: "api_key_ended", reason: "roleLost" });
  });

  it("of read-only scope read, and are refused any write with 403 (R101)", async () => {
    const { handle, operation } = await modules();
    const reader = await insertApiKey(test.db, admin.id, { scope: "read" });
    const bearer = { Authorization: `Bearer ${reader.key}` };
    const read = operation({
      operationId: "look",
      method: "GET",
      path: "/api/look",
      tag: "Test",
      access: "admin",
      run: async ({ actor }) => ({ actor: actor.id }),
    });
    const answer = await handle(test.db, [read], new Request("http://localhost/api/look", { headers: bearer }), {});
    expect(answer.status).toBe(200);
    expect(
      await errorOf(await handle(test.db, [await echo()], post("/api/echo/1", { name: "Ana" }, bearer), { id: "1" })),
    ).toMatchObject({
      status: 403,
      code: "api_key_read_only",
    });
  });
});

describe("list queries", () => {
  const shape = {
    sorts: { createdAt: "createdAt" },
    defaultSort: "updatedAt",
    defaultOrder: "desc" as const,
    exact: { status: z.enum(["Draft", "Submitted"]) },
    dates: { createdAt: "createdAt" },
    notEquals: { status: z.enum(["Draft"]) },
  };
  const parse = async (query: string) =>
    (await import("./shapes.server")).parseList(new URL(`http://localhost/api/x?${query}`), shape);
  const fieldsOf = async (query: string) => {
    try {
      await parse(query);
      return null;
    } catch (error) {
      return (error as { details: { fields: Record<string, string[]> } }).details.fields;
    }
  };

  it("takes the names every object inherits for unknown ones, never for a field: a 400, not a 500", async () => {
    for (const query of [
      "order[__proto__]=asc",
      "order[constructor]=desc",
      "not_equals[constructor]=Draft",
      "not_equals[__proto__]=Draft",
      "__proto__[after]=2025-01-01",
      "constructor=1",
      "toString=x",
    ]) {
      expect(await fieldsOf(query), query).toEqual({
        [decodeURIComponent(query.split("=")[0])]: ["api:fields.unknown"],
      });
    }
  });

  it("reads count, page, order, exact filters and not_equals", async () => {
    expect(await parse("count=50&page=3&order[createdAt]=asc&status=Draft&not_equals[status]=Draft")).toMatchObject({
      query: { count: 50, page: 3, sort: "createdAt", order: "asc" },
      exact: { status: "Draft" },
      notEquals: { status: "Draft" },
    });
    expect(await parse("")).toMatchObject({ query: { count: 10, page: 1, sort: "updatedAt", order: "desc" } });
  });

  it("turns before/after (the day included) and strictly_ (left out) into the lists' date filters", async () => {
    expect((await parse("createdAt[after]=2026-03-01&createdAt[before]=2026-03-31")).query.dates.createdAt).toEqual({
      type: "between",
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(
      (await parse("createdAt[strictly_after]=2026-03-01&createdAt[strictly_before]=2026-03-31")).query.dates.createdAt,
    ).toEqual({
      type: "between",
      from: "2026-03-02",
      to: "2026-03-30",
    });
    // One side only: "after" the day before, "before" the day after, in the lists' exclusive terms.
    expect((await parse("createdAt[after]=2026-03-01")).query.dates.createdAt).toEqual({
      type: "after",
      from: "2026-02-28",
    });
    expect((await parse("createdAt[before]=2024-02-28")).query.dates.createdAt).toEqual({
      type: "before",
      from: "2024-02-29",
    });
    expect((await parse("createdAt[strictly_before]=2026-01-01")).query.dates.createdAt).toEqual({
      type: "before",
      from: "2026-01-01",
    });
  });

  it("refuses, by parameter, what it cannot read", async () => {
    expect(
      await fieldsOf(
        "count=7&page=0&order[name]=asc&order[createdAt]=up&status=Lost&createdAt[around]=2026-01-01&createdAt[before]=2026-02-30&colour=red&page=2",
      ),
    ).toEqual({
      count: ["api:fields.count"],
      page: ["api:fields.page", "api:fields.repeated"],
      "order[name]": ["api:fields.unknown"],
      "order[createdAt]": ["api:fields.order"],
      status: ["validation.unknownChoice"],
      "createdAt[around]": ["api:fields.unknown"],
      "createdAt[before]": ["validation.dateFormat"],
      colour: ["api:fields.unknown"],
    });
  });
});
