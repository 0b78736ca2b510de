import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { addPerson } from "~/test/people";
import type { CurrentUser } from "~/models/user.server";

// The signed-in person as the loaders of a request read them, against a real SQLite file: the loaders that start
// together share one read of the session; the next request reads it again, and sees a sign-out made elsewhere.

let test: TestDatabase;
let person: CurrentUser;
let cookie: string;

beforeAll(async () => {
  test = await configuredTestDatabase();
  person = await addPerson(test.db, "parent@example.com");
  const { createSession } = await import("./session.server");
  cookie = (await createSession(test.db, person.id)).split(";")[0];
});
afterAll(() => test.close());

/** Counts the statements that read a session while `work` runs. */
async function sessionReads(work: () => Promise<unknown>): Promise<number> {
  const executor = test.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let reads = 0;
  executor.executeQuery = ((query: CompiledQuery) => {
    if (/from "sessions"/.test(query.sql) && query.sql.startsWith("select")) reads += 1;
    return original(query);
  }) as typeof executor.executeQuery;
  try {
    await work();
  } finally {
    executor.executeQuery = original;
  }
  return reads;
}

describe("the signed-in person", () => {
  it("is read once for the loaders of one request, each handed its own copy of the request", async () => {
    const { requireUser } = await import("./auth.server");
    const copies = () => new Request("http://x/app/dashboard", { headers: { Cookie: cookie } });
    let users: CurrentUser[] = [];
    expect(
      await sessionReads(
        async () =>
          (users = await Promise.all([
            requireUser(copies(), test.db),
            requireUser(copies(), test.db),
            requireUser(copies(), test.db),
          ])),
      ),
    ).toBe(1);
    expect(users.map((user) => user.id)).toEqual([person.id, person.id, person.id]);
  });

  it("is read again by the next request, which sees a sign-out made meanwhile", async () => {
    const { getUser } = await import("./auth.server");
    const { destroyUserSessions } = await import("./session.server");
    const request = () => new Request("http://x/app/dashboard", { headers: { Cookie: cookie } });
    expect(await sessionReads(async () => expect((await getUser(request(), test.db))?.id).toBe(person.id))).toBe(1);
    expect(await sessionReads(async () => expect((await getUser(request(), test.db))?.id).toBe(person.id))).toBe(1);
    await destroyUserSessions(test.db, person.id);
    expect(await getUser(request(), test.db)).toBeNull();
  });
});
