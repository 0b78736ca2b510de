import { describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../db/testing";
import { loader } from "./healthz";
import { log } from "~/services/log.server";

// /healthz against a real SQLite file, through the handle the server puts in the load context.

const ask = (context: Parameters<typeof loader>[0]["context"]) =>
  loader({ request: new Request("http://localhost/healthz"), params: {}, context });

describe("/healthz", () => {
  it("answers 200 while the database answers, and 503 once it does not or cannot be opened", async () => {
    const said = vi.spyOn(log, "error");
    const test = await createTestDatabase({ seeded: false });
    const ok = await ask({ db: test.db, clientIp: "192.0.2.1" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("ok\n");

    await test.close();
    expect((await ask({ db: test.db, clientIp: "192.0.2.1" })).status).toBe(503);
    // The server opens the database at its first use (a getter of the load context): a file that cannot be opened is a
    // 503 too.
    const unopenable = {
      clientIp: "192.0.2.1",
      get db(): never {
        throw new Error("unable to open database file");
      },
    };
    expect((await ask(unopenable)).status).toBe(503);
    expect(said).toHaveBeenCalledTimes(2);
  });
});
