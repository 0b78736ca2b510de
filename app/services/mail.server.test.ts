import { readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { sendMail, sweepOutbox } from "./mail.server";
import { log } from "~/services/log.server";
import { closeDataDir } from "~/test/data-dir";

// Mail without SMTP (docs/product-rules.md R134): the message whole in the outbox, the log saying only its id and
// kind, and the outbox kept a week. Through SMTP, a mail server of the test's own that refuses a recipient: what
// reaches the log names the message, not the address.

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

describe("mail through SMTP that the server refuses", () => {
  let server: SMTPServer;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // As real servers answer: the refused address in the reply.
      onRcptTo(address, _session, callback) {
        callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
            responseCode: 550,
          }),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    await closeDataDir();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await closeDataDir();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("fails with the message's id, its kind and the server's codes, and the log line holds no address", async () => {
    const to = "rosa.nunez@example.com";
    const error = await sendMail({ to, subject: "Reset your password", text: "…", language: "en", kind: "reset" }).then(
      () => null,
      (refused: unknown) => refused as Error,
    );
    expect(error?.message).toMatch(/^Mail [0-9a-f]{8} \(reset\) not sent: EENVELOPE 550$/);
    // The line the log writes of it, through the log's own serializer of errors.
    const serialize = (log as unknown as Record<symbol, { err: (error: unknown) => unknown }>)[
      pino.symbols.serializersSym
    ].err;
    const line = JSON.stringify(serialize(error));
    expect(line).toContain("EENVELOPE");
    expect(line).not.toContain("rosa");
    expect(line).not.toContain("example.com");
  });
});
