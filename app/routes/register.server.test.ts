import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";

// The registration action against a real SQLite file and a real (local) captcha service.

let test: TestDatabase;
let captcha: Server;
let captchaSays = false;
const captchaSeen: string[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  captcha = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      captchaSeen.push(body);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ success: captchaSays }));
    });
  });
  await new Promise<void>((resolve) => captcha.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, test.env);
  process.env.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${(captcha.address() as AddressInfo).port}/siteverify`;
  process.env.CAPTCHA_SECRET = "test-secret";
  process.env.CAPTCHA_PROVIDER = "turnstile";
  process.env.CAPTCHA_SITE_KEY = "test-site-key";
});
afterAll(async () => {
  captcha.close();
  await test.close();
});

async function register(fields: Record<string, string>) {
  const { action } = await import("./register");
  const body = new URLSearchParams({
    firstName: "Rosa",
    lastName: "Núñez",
    reference: "1",
    password: "tres tristes 12",
    securityQuestion1: "1",
    securityAnswer1: "Rex",
    securityQuestion2: "2",
    securityAnswer2: "Baltimore",
    primaryLanguage: "en",
    // Where the service's script writes its token (Turnstile's field).
    "cf-turnstile-response": "token-from-widget",
    ...fields,
  });
  const request = new Request("http://localhost/register", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, context: { db: test.db, clientIp: "127.0.0.1" }, params: {} });
}

describe("registration", () => {
  it("says the check did not pass, keeps the form, and creates nothing when the captcha service says no (R2)", async () => {
    captchaSays = false;
    const response = await register({ email: "refused@example.com" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      registrationError: false,
      status: "error",
      error: { "": ["The check that you are a person did not pass. Please do it again, then send the form."] },
    });
    expect(captchaSeen.at(-1)).toContain("secret=test-secret");
    expect(captchaSeen.at(-1)).toContain("response=token-from-widget");
    expect(
      await test.db.selectFrom("users").select("id").where("email", "=", "refused@example.com").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("creates the account and mails the verification link when the captcha passes", async () => {
    captchaSays = true;
    const response = await register({ email: "Welcome@Example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?registrationComplete=true");
    const user = await test.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "welcome@example.com")
      .executeTakeFirstOrThrow();
    expect(user.enabled).toBe(0);
    expect(readdirSync(path.join(test.dir, "outbox"))).toHaveLength(1);
  });

  it("pretends all went well to a robot that filled the hidden field, and makes nothing", async () => {
    captchaSays = true;
    const response = await register({ email: "robot@example.com", website: "http://spam.example" });
    expect(response.status).toBe(302);
    expect(
      await test.db.selectFrom("users").select("id").where("email", "=", "robot@example.com").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses a code that is not in its lookup list", async () => {
    captchaSays = true;
    const response = await register({ email: "tampered@example.com", reference: "424242" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { reference: ["validation.unknownChoice"] } });
  });
});
