import { readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { sendMail, sweepOutbox } from "./mail.server";
import { log } from "~/services/log.server";

// Mail without SMTP (docs/product-rules.md R134): the message whole in the outbox, the log saying only its id and
// kind, and the outbox kept a week.

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase({ seeded: false });
  Object.assign(process.env, test.env);
  (await import("~/config.server")).getConfig();
});
afterAll(() => test.close());

describe("mail without SMTP", () => {
  it("logs a message by its id and kind, never its recipient nor its subject", async () => {
    const said = vi.spyOn(log, "info");
    await sendMail({
      to: "rosa.nunez@example.com",
      subject: "Your referral for Valentina Hernández was submitted",
      text: "…",
      language: "en",
      kind: "submitted",
    });
    expect(said).toHaveBeenCalledTimes(1);
    const [fields, message] = said.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe("Mail written to the outbox");
    expect(fields).toEqual({ mail: expect.stringMatching(/^[0-9a-f]{8}$/), kind: "submitted" });
  });

  it("keeps the outbox's messages a week", async () => {
    await sendMail({ to: "old@example.com", subject: "Reset your password", text: "…", language: "en", kind: "reset" });
    const outbox = path.join(test.dir, "outbox");
    const [oldest, ...others] = readdirSync(outbox).sort();
    const eightDaysAgo = (Date.now() - 8 * 86_400_000) / 1000;
    utimesSync(path.join(outbox, oldest), eightDaysAgo, eightDaysAgo);
    expect(await sweepOutbox()).toBe(1);
    expect(readdirSync(outbox).sort()).toEqual(others);
  });
});
