import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import type { CurrentUser } from "~/models/user.server";
import { startReferral } from "~/models/child.server";
import { addPerson } from "~/test/people";
import { addChild } from "~/test/referrals";
import { createTestDatabase, type TestDatabase } from "../../../db/testing";
import { action } from "./address";

// A refused save of the address step comes back with everything typed, the search box's text too (R19): without
// JavaScript the page is drawn again from this answer alone.

let test: TestDatabase;
let owner: CurrentUser;
let cookie: string;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
  owner = await addPerson(test.db, "nurse@example.com");
  cookie = (await createSession(test.db, owner.id)).split(";")[0];
});
afterAll(() => test.close());

describe("the address step's refused save", () => {
  it("keeps the search box's text beside the fields' errors", async () => {
    const child = await addChild(test.db, owner);
    const { id } = await startReferral(test.db, owner, child.id);
    const params = { user: String(owner.id), child: String(child.id), referral: String(id) };
    const body = new URLSearchParams({
      source: "new",
      query: "10 Main Street, Annapolis",
      line1: "10 Main Street",
      intent: "continue",
    });
    const request = new Request("http://localhost/wizard", {
      method: "POST",
      body,
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = (await action({ request, params, context: { db: test.db, clientIp: "127.0.0.1" } })) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { city: ["validation.addressCity"], zip: ["validation.addressZip"], county: ["validation.addressCounty"] },
      query: "10 Main Street, Annapolis",
      lookup: null,
    });
  });
});
