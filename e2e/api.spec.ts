import { readFileSync } from "node:fs";
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test, eachLanguageOnce } from "./fixtures";
import {
  appCode,
  baseURL,
  createApiKeyFor,
  createChild,
  createUser,
  fillReferral,
  giveSecondFactor,
  mailsTo,
  registrationOf,
  sessionCookieOf,
  signIn,
  startReferral,
  submitDirectly,
  uniqueEmail,
  yearsAgo,
  type TestUser,
} from "./support";

// The JSON API of docs/product-rules.md R100 over HTTP, against the built server (issue 11): for every call the
// success shape, a bad-input 400, another person's record answered 404, and 401 without a
// caller. The same requests with or without JavaScript: run in one project (@http). Thousands of malformed calls to
// every
// operation are app/api/fuzz.server.test.ts's, through the API's route module without HTTP between.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A program calling the API: as a signed-in person (their session cookie), with an API key, or anonymous. */
async function client(
  caller?: TestUser | { key: string },
  headers: Record<string, string> = {},
): Promise<APIRequestContext> {
  const extra = { ...headers };
  if (caller && "key" in caller) extra.Authorization = `Bearer ${caller.key}`;
  else if (caller) extra.Cookie = await sessionCookieOf(caller);
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: extra });
}

async function body(response: APIResponse) {
  return (await response.json()) as Record<string, unknown> & {
    error?: { status: number; code: string; message: string; fields?: Record<string, string[]> };
  };
}

/** Expects the shared error format with this status and code; answers its fields. */
async function expectError(response: APIResponse, status: number, code: string) {
  expect(response.status(), await response.text()).toBe(status);
  const { error } = await body(response);
  expect(error?.status).toBe(status);
  expect(error?.code).toBe(code);
  expect(error?.message).toBeTruthy();
  return error!;
}

const validChild = () => ({
  firstName: "Ana",
  lastName: `Api-${Date.now()}`,
  birthdate: yearsAgo(1),
  stateOfResidence: "21",
});

test.describe("the JSON API @http", () => {
  test("children: list, create, read, change, delete; bad input 400, another's 404, anonymous 401, administrators 403 on writes", async () => {
    const [owner, stranger, admin] = [await createUser(), await createUser(), await createUser({ admin: true })];
    const api = await client(owner);
    const created = await api.post("/api/children", { data: validChild() });
    expect(created.status()).toBe(201);
    const child = await body(created);
    expect(child["@id"]).toBe(`/api/children/${child.id}`);
    expect(created.headers().location).toBe(child["@id"]);
    expect(child).toMatchObject({
      firstName: "Ana",
      stateOfResidence: "21",
      createdBy: `/api/users/${owner.id}`,
      referrals: [],
    });

    const list = await api.get("/api/children?count=10&page=1&order[birthdate]=desc");
    expect(list.status()).toBe(200);
    expect(list.headers()["x-total-count"]).toBe("1");
    expect(await body(list)).toMatchObject({ total: 1, data: [{ "@id": child["@id"] }] });

    const changed = await api.put(`/api/children/${child.id}`, { data: { middleName: "Luz" } });
    expect(changed.status()).toBe(200);
    expect(await body(changed)).toMatchObject({ firstName: "Ana", middleName: "Luz" });
    expect(await body(await api.get(`/api/children/${child.id}`))).toMatchObject({ middleName: "Luz" });

    // Bad input: over 36 months, another state, an impossible date, an unknown field, a bad list query.
    const old = await expectError(
      await api.post("/api/children", { data: { ...validChild(), birthdate: yearsAgo(4) } }),
      400,
      "invalid_input",
    );
    expect(old.fields?.birthdate?.[0]).toMatch(/36 months/);
    expect(
      (
        await expectError(
          await api.post("/api/children", { data: { ...validChild(), stateOfResidence: "24" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("stateOfResidence");
    expect(
      (
        await expectError(
          await api.put(`/api/children/${child.id}`, { data: { birthdate: "2025-02-31" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("birthdate");
    expect(
      (
        await expectError(
          await api.post("/api/children", { data: { ...validChild(), nickname: "x" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("nickname");
    expect(
      (await expectError(await api.get("/api/children?count=7&page=0"), 400, "invalid_input")).fields,
    ).toMatchObject({
      count: [expect.any(String)],
      page: [expect.any(String)],
    });
    await expectError(
      await api.post("/api/children", {
        data: Buffer.from("{not json"),
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    await expectError(await api.post("/api/children", { form: { firstName: "Ana" } }), 415, "unsupported_media_type");

    const other = await client(stranger);
    for (const response of [
      await other.get(`/api/children/${child.id}`),
      await other.put(`/api/children/${child.id}`, { data: { firstName: "X" } }),
      await other.delete(`/api/children/${child.id}`),
      await other.get(`/api/children?createdBy.id=${owner.id}`),
    ]) {
      await expectError(response, 404, "not_found");
    }
    expect(await body(await other.get("/api/children"))).toMatchObject({ total: 0, data: [] });

    const anonymous = await client();
    await expectError(await anonymous.get("/api/children"), 401, "unauthorized");
    await expectError(await anonymous.get(`/api/children/${child.id}`), 401, "unauthorized");
    await expectError(await anonymous.post("/api/children", { data: validChild() }), 401, "unauthorized");

    const administrator = await client(admin);
    expect(await body(await administrator.get(`/api/children?createdBy.id=${owner.id}`))).toMatchObject({ total: 1 });
    await expectError(await administrator.post("/api/children", { data: validChild() }), 403, "forbidden");
    await expectError(
      await administrator.put(`/api/children/${child.id}`, { data: { firstName: "X" } }),
      403,
      "forbidden",
    );

    expect((await api.delete(`/api/children/${child.id}`)).status()).toBe(204);
    await expectError(await api.get(`/api/children/${child.id}`), 404, "not_found");
  });

  test("referrals: list with filters, by child, one, create, change, submit, copy, delete, with the same rules as the pages", async () => {
    const [owner, stranger, admin] = [await createUser(), await createUser(), await createUser({ admin: true })];
    const api = await client(owner);
    const child = await body(await api.post("/api/children", { data: validChild() }));
    const created = await api.post("/api/referrals", { data: { child: child["@id"] } });
    expect(created.status()).toBe(201);
    const referral = await body(created);
    expect(referral).toMatchObject({
      status: "Draft",
      child: child["@id"],
      childParentConsent: 3,
      races: [],
      adults: [],
    });
    expect((referral.missing as unknown[]).length).toBeGreaterThan(0);

    // The answers of a step are checked together; errors come back under the API's names.
    const refused = await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { referrerFirstName: "Rosa" } }),
      400,
      "invalid_input",
    );
    // Each in the words the page uses for the field.
    expect(refused.fields?.referrerLastName).toEqual(["Enter the last name of the person making the referral."]);
    const race = await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { races: ["2106-3"] } }),
      400,
      "invalid_input",
    );
    expect(race.fields).toHaveProperty("isHispanicChild");
    const unknownCode = await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { primaryLanguage: "nope" } }),
      400,
      "invalid_input",
    );
    expect(unknownCode.fields).toHaveProperty("primaryLanguage");
    await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { additionalDetails: "x".repeat(2001) } }),
      400,
      "invalid_input",
    );
    await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { status: "Submitted" } }),
      400,
      "invalid_input",
    );
    await expectError(
      await api.put(`/api/referrals/${referral.id}`, { data: { additionalDetails: "x".repeat(300 * 1024) } }),
      413,
      "payload_too_large",
    );
    await expectError(await api.post("/api/referrals", { data: { child: "/api/users/1" } }), 400, "invalid_input");

    const changed = await api.put(`/api/referrals/${referral.id}`, {
      data: {
        referrerFirstName: "Rosa",
        referrerLastName: "Pérez",
        referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "1234" },
        gestationalAgeInDays: 276,
      },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    expect(await body(changed)).toMatchObject({
      referrerFirstName: "Rosa",
      referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "1234" },
      gestationalAgeInDays: 276,
    });

    const list = await body(await api.get(`/api/referrals?child.id=${child.id}&status=Draft&order[createdAt]=asc`));
    expect(list).toMatchObject({
      total: 1,
      data: [{ "@id": referral["@id"], status: "Draft", child: { "@id": child["@id"] } }],
    });
    expect(await body(await api.get("/api/referrals?not_equals[status]=Draft"))).toMatchObject({ total: 0 });
    expect(
      await body(
        await api.get(`/api/referrals?createdAt[after]=${yearsAgo(0, 1)}&createdAt[strictly_before]=2999-01-01`),
      ),
    ).toMatchObject({ total: 1 });
    expect(await body(await api.get("/api/referrals?createdAt[before]=2000-01-01"))).toMatchObject({ total: 0 });
    expect(
      (
        await expectError(
          await api.get("/api/referrals?createdAt[around]=2020-01-01&order[nope]=asc&status=Lost"),
          400,
          "invalid_input",
        )
      ).fields,
    ).toMatchObject({
      "createdAt[around]": [expect.any(String)],
      "order[nope]": [expect.any(String)],
      status: [expect.any(String)],
    });

    const incomplete = await expectError(await api.post(`/api/referrals/${referral.id}/submit`), 409, "incomplete");
    expect(incomplete).toHaveProperty("missing");

    const copy = await api.post(`/api/referrals/${referral.id}/copy`);
    expect(copy.status()).toBe(201);
    const copied = await body(copy);
    expect(copied).toMatchObject({
      status: "Draft",
      hasBeenCopied: true,
      referrerFirstName: "Rosa",
      gestationalAgeInDays: 276,
    });
    expect((await api.delete(`/api/referrals/${copied.id}`)).status()).toBe(204);
    await expectError(await api.get(`/api/referrals/${copied.id}`), 404, "not_found");

    const other = await client(stranger);
    for (const response of [
      await other.get(`/api/referrals/${referral.id}`),
      await other.put(`/api/referrals/${referral.id}`, { data: { additionalDetails: "x" } }),
      await other.delete(`/api/referrals/${referral.id}`),
      await other.post(`/api/referrals/${referral.id}/submit`),
      await other.post(`/api/referrals/${referral.id}/copy`),
      await other.post("/api/referrals", { data: { child: child["@id"] } }),
    ]) {
      await expectError(response, 404, "not_found");
    }
    expect(await body(await other.get(`/api/referrals?child.id=${child.id}`))).toMatchObject({ total: 0 });

    const anonymous = await client();
    // Refused before its body is read, a large body still gets its answer.
    await expectError(
      await anonymous.put(`/api/referrals/${referral.id}`, {
        data: { additionalDetails: "x".repeat(2 * 1024 * 1024) },
      }),
      401,
      "unauthorized",
    );
    for (const response of [
      await anonymous.get("/api/referrals"),
      await anonymous.get(`/api/referrals/${referral.id}`),
      await anonymous.put(`/api/referrals/${referral.id}`, { data: {} }),
      await anonymous.delete(`/api/referrals/${referral.id}`),
      await anonymous.post(`/api/referrals/${referral.id}/submit`),
      await anonymous.post(`/api/referrals/${referral.id}/copy`),
      await anonymous.post("/api/referrals", { data: { child: child["@id"] } }),
    ]) {
      await expectError(response, 401, "unauthorized");
    }

    // Administrators read every referral and change none.
    const administrator = await client(admin);
    expect(await body(await administrator.get(`/api/referrals/${referral.id}`))).toMatchObject({
      referrerFirstName: "Rosa",
      createdBy: { email: owner.email },
    });
    expect(await body(await administrator.get(`/api/referrals?createdBy.id=${owner.id}`))).toMatchObject({ total: 1 });
    await expectError(
      await administrator.put(`/api/referrals/${referral.id}`, { data: { additionalDetails: "x" } }),
      403,
      "forbidden",
    );
    await expectError(await administrator.post(`/api/referrals/${referral.id}/submit`), 403, "forbidden");
    await expectError(await administrator.post("/api/referrals", { data: { child: child["@id"] } }), 403, "forbidden");

    // A submitted referral is read only for its creator too.
    const path = await startReferral(owner, Number(child.id));
    await submitDirectly(owner, path);
    const submittedId = Number(/\/referral\/(\d+)\//.exec(`${path}/`)![1]);
    const submitted = await body(await api.get(`/api/referrals/${submittedId}`));
    expect(submitted).toMatchObject({ status: "Submitted", missing: [] });
    await expectError(
      await api.put(`/api/referrals/${submittedId}`, { data: { additionalDetails: "x" } }),
      403,
      "forbidden",
    );
    await expectError(await api.delete(`/api/referrals/${submittedId}`), 403, "forbidden");
    expect(await body(await api.post(`/api/referrals/${submittedId}/submit`))).toMatchObject({ submitted: false });
    await expectError(await api.delete(`/api/children/${child.id}`), 409, "has_submitted_referral");
  });

  test("referral documents and adults: upload, read, change, delete; 400, 413, another's 404, anonymous 401", async () => {
    const [owner, stranger] = [await createUser(), await createUser()];
    const api = await client(owner);
    const child = await body(await api.post("/api/children", { data: validChild() }));
    const referral = await body(await api.post("/api/referrals", { data: { child: child["@id"] } }));

    const upload = await api.post(`/api/referrals/${referral.id}/referral_documents`, {
      multipart: {
        description: "Signed consent",
        isConsent: "true",
        file: { name: "consent.pdf", mimeType: "application/pdf", buffer: PDF },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const document = await body(upload);
    expect(document).toMatchObject({
      "@id": `/api/referral_documents/${document.id}`,
      referral: referral["@id"],
      isConsent: true,
      fileName: "consent.pdf",
      size: PDF.length,
    });
    expect(await body(await api.get(`/api/referrals/${referral.id}`))).toMatchObject({
      consentDocuments: [document["@id"]],
      referralDocuments: [],
    });
    const file = await api.get(String(document.file));
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    expect(
      await body(await api.put(`/api/referral_documents/${document.id}`, { data: { description: "Consent, signed" } })),
    ).toMatchObject({
      description: "Consent, signed",
    });
    await expectError(
      await api.put(`/api/referral_documents/${document.id}`, { data: { description: "" } }),
      400,
      "invalid_input",
    );
    const wrongKind = await expectError(
      await api.post(`/api/referrals/${referral.id}/referral_documents`, {
        multipart: {
          description: "x",
          file: { name: "x.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html></html>") },
        },
      }),
      400,
      "invalid_input",
    );
    expect(wrongKind.fields).toHaveProperty("file");
    await expectError(
      await api.post(`/api/referrals/${referral.id}/referral_documents`, { multipart: { description: "no file" } }),
      400,
      "invalid_input",
    );
    await expectError(
      await api.post(`/api/referrals/${referral.id}/referral_documents`, {
        multipart: {
          description: "big",
          file: {
            name: "big.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024)]),
          },
        },
      }),
      413,
      "payload_too_large",
    );

    const adult = await api.post("/api/adults", {
      data: {
        referral: referral["@id"],
        firstName: "Rosa",
        lastName: "Pérez",
        childRelationship: "1",
        homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
      },
    });
    expect(adult.status(), await adult.text()).toBe(201);
    const guardian = await body(adult);
    expect(guardian).toMatchObject({
      referral: referral["@id"],
      firstName: "Rosa",
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
    });
    expect(
      await body(await api.put(`/api/adults/${guardian.id}`, { data: { email: "rosa@example.com" } })),
    ).toMatchObject({
      firstName: "Rosa",
      email: "rosa@example.com",
    });
    expect(
      (
        await expectError(
          await api.put(`/api/adults/${guardian.id}`, { data: { email: "not an address" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("email");
    expect(
      (
        await expectError(
          await api.post("/api/adults", { data: { referral: referral["@id"], firstName: "Ana" } }),
          400,
          "invalid_input",
        )
      ).fields?.lastName,
    ).toEqual(["Enter the parent or guardian's last name."]);
    // A parent or guardian has a phone at least (docs/product-rules.md R147); the API is told so too.
    expect(
      (
        await expectError(
          await api.post("/api/adults", {
            data: { referral: referral["@id"], firstName: "Ana", lastName: "Ruiz", childRelationship: "1" },
          }),
          400,
          "invalid_input",
        )
      ).fields?.phones,
    ).toEqual(["Enter at least one phone number for this parent or guardian."]);
    expect(await body(await api.get(`/api/adults/${guardian.id}`))).toMatchObject({ email: "rosa@example.com" });

    const other = await client(stranger);
    for (const response of [
      await other.get(`/api/referral_documents/${document.id}`),
      await other.put(`/api/referral_documents/${document.id}`, { data: { description: "x" } }),
      await other.delete(`/api/referral_documents/${document.id}`),
      await other.post(`/api/referrals/${referral.id}/referral_documents`, {
        multipart: { description: "x", file: { name: "x.pdf", mimeType: "application/pdf", buffer: PDF } },
      }),
      await other.get(`/api/adults/${guardian.id}`),
      await other.put(`/api/adults/${guardian.id}`, { data: { firstName: "X" } }),
      await other.delete(`/api/adults/${guardian.id}`),
      // Without a phone: who may comes before what the rule asks (R147), so the stranger learns nothing more.
      await other.post("/api/adults", {
        data: { referral: referral["@id"], firstName: "X", lastName: "Y", childRelationship: "1" },
      }),
    ]) {
      await expectError(response, 404, "not_found");
    }
    const anonymous = await client();
    for (const response of [
      await anonymous.get(`/api/referral_documents/${document.id}`),
      await anonymous.put(`/api/referral_documents/${document.id}`, { data: { description: "x" } }),
      await anonymous.delete(`/api/referral_documents/${document.id}`),
      await anonymous.post(`/api/referrals/${referral.id}/referral_documents`, { multipart: { description: "x" } }),
      await anonymous.get(`/api/adults/${guardian.id}`),
      await anonymous.put(`/api/adults/${guardian.id}`, { data: { firstName: "X" } }),
      await anonymous.delete(`/api/adults/${guardian.id}`),
      await anonymous.post("/api/adults", { data: {} }),
    ]) {
      await expectError(response, 401, "unauthorized");
    }

    expect((await api.delete(`/api/adults/${guardian.id}`)).status()).toBe(204);
    expect((await api.delete(`/api/referral_documents/${document.id}`)).status()).toBe(204);
    await expectError(await api.get(`/api/referral_documents/${document.id}`), 404, "not_found");
  });

  test("users, addresses and phone numbers: the caller's own, administrators' lists, registration", async () => {
    const [owner, stranger, admin] = [await createUser(), await createUser(), await createUser({ admin: true })];
    const api = await client(owner);
    const me = await body(await api.get(`/api/users/${owner.id}`));
    expect(me).toMatchObject({ "@id": `/api/users/${owner.id}`, email: owner.email, locked: false, enabled: true });
    expect(me.roles).not.toContain("ROLE_ADMIN");
    expect(me).not.toHaveProperty("password_hash");
    const renamed = await api.put(`/api/users/${owner.id}`, {
      data: { middleName: "Api", mobilePhoneNumber: { areaCode: "443", prefix: "555", suffix: "0002" } },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    expect(await body(renamed)).toMatchObject({
      middleName: "Api",
      mobilePhoneNumber: { areaCode: "443", prefix: "555", suffix: "0002" },
    });
    // null clears a field; a required one cannot be cleared.
    expect(await body(await api.put(`/api/users/${owner.id}`, { data: { mobilePhoneNumber: null } }))).toMatchObject({
      middleName: "Api",
      mobilePhoneNumber: null,
    });
    expect(
      (await expectError(await api.put(`/api/users/${owner.id}`, { data: { lastName: null } }), 400, "invalid_input"))
        .fields?.lastName,
    ).toEqual(["Enter your last name."]);
    // A new password needs the current one.
    expect(
      (
        await expectError(
          await api.put(`/api/users/${owner.id}`, { data: { plainPassword: "a brand new 123" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("currentPassword");
    expect(
      (
        await expectError(
          await api.put(`/api/users/${owner.id}`, { data: { plainPassword: "short" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("plainPassword");
    await expectError(await api.get(`/api/users/${stranger.id}`), 404, "not_found");
    await expectError(await api.put(`/api/users/${stranger.id}`, { data: { firstName: "X" } }), 404, "not_found");
    await expectError(await api.get("/api/users"), 403, "forbidden");
    await expectError(await api.post(`/api/users/${stranger.id}/reset_password`), 403, "forbidden");

    const administrator = await client(admin);
    const users = await administrator.get(
      `/api/users?email=${encodeURIComponent(owner.email)}&locked=false&lastLogin[before]=2999-01-01`,
    );
    expect(users.status()).toBe(200);
    expect(await body(users)).toMatchObject({ total: 0 });
    expect(
      await body(await administrator.get(`/api/users?email=${encodeURIComponent(owner.email)}&locked=false`)),
    ).toMatchObject({
      total: 1,
      data: [{ email: owner.email, locked: false }],
    });
    expect(
      await body(await administrator.get(`/api/users?email=${encodeURIComponent(owner.email)}&locked=true`)),
    ).toMatchObject({ total: 0 });
    await expectError(await administrator.get("/api/users?locked=maybe"), 400, "invalid_input");
    expect(await body(await administrator.get(`/api/users/${owner.id}`))).toMatchObject({
      email: owner.email,
      middleName: "Api",
    });
    expect(await body(await api.put(`/api/users/${owner.id}`, { data: { middleName: null } }))).toMatchObject({
      middleName: null,
    });
    expect(await body(await administrator.post(`/api/users/${owner.id}/reset_password`))).toMatchObject({ sent: true });
    await expectError(await administrator.post(`/api/users/${owner.id}/reset_password`), 409, "conflict");
    await expectError(await administrator.post("/api/users/999999999/reset_password"), 404, "not_found");

    const anonymous = await client();
    await expectError(await anonymous.get("/api/users"), 401, "unauthorized");
    await expectError(await anonymous.get(`/api/users/${owner.id}`), 401, "unauthorized");
    await expectError(await anonymous.put(`/api/users/${owner.id}`, { data: {} }), 401, "unauthorized");
    await expectError(await anonymous.post(`/api/users/${owner.id}/reset_password`), 401, "unauthorized");
    const email = uniqueEmail();
    const registration = registrationOf(email);
    const registered = await anonymous.post("/api/users", { data: registration });
    expect(registered.status(), await registered.text()).toBe(202);
    expect(await body(registered)).toMatchObject({ email, enabled: false });
    // The same answer for an address that has an account (R1): its owner is mailed instead.
    const again = await anonymous.post("/api/users", { data: registration });
    expect(again.status()).toBe(202);
    expect(await body(again)).toEqual(await body(registered));
    expect(
      (
        await expectError(
          await anonymous.post("/api/users", {
            data: { ...registration, email: uniqueEmail(), plainPassword: "short" },
          }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("plainPassword");

    // Addresses: the address book.
    const address = await api.post("/api/addresses", {
      data: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003", nickname: "Home" },
    });
    expect(address.status(), await address.text()).toBe(201);
    const home = await body(address);
    expect(home).toMatchObject({
      line1: "12 Main St",
      state: "MD",
      addressBook: true,
      createdBy: `/api/users/${owner.id}`,
    });
    expect(await body(await api.get("/api/addresses"))).toMatchObject({ total: 1, data: [{ "@id": home["@id"] }] });
    const renamedAddress = await body(await api.put(`/api/addresses/${home.id}`, { data: { nickname: "Casa" } }));
    expect(renamedAddress).toMatchObject({ "@id": home["@id"], nickname: "Casa" });
    const moved = await body(await api.put(`/api/addresses/${home.id}`, { data: { line1: "14 Main St" } }));
    expect(moved["@id"]).not.toBe(home["@id"]);
    await expectError(await api.get(`/api/addresses/${home.id}`), 404, "not_found");
    expect(
      (
        await expectError(
          await api.post("/api/addresses", {
            data: { line1: "1 Elm St", city: "Dover", zip: "19901", county: "24003" },
          }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("zip");
    await expectError(
      await api.post("/api/addresses", {
        data: { line1: "1 Elm St", city: "Dover", zip: "21401", county: "24003", state: "DE" },
      }),
      400,
      "invalid_input",
    );
    expect(await body(await administrator.get(`/api/addresses?createdBy.id=${owner.id}`))).toMatchObject({ total: 1 });
    const other = await client(stranger);
    await expectError(await other.get(`/api/addresses/${moved.id}`), 404, "not_found");
    await expectError(await other.put(`/api/addresses/${moved.id}`, { data: { nickname: "x" } }), 404, "not_found");
    await expectError(await other.delete(`/api/addresses/${moved.id}`), 404, "not_found");
    await expectError(await other.get(`/api/addresses?createdBy.id=${owner.id}`), 404, "not_found");
    await expectError(await api.get("/api/addresses?createdBy.id=abc"), 400, "invalid_input");
    expect(
      (await expectError(await api.put(`/api/addresses/${moved.id}`, { data: { zip: "19901" } }), 400, "invalid_input"))
        .fields,
    ).toHaveProperty("zip");
    await expectError(
      await anonymous.put(`/api/addresses/${moved.id}`, { data: { nickname: "x" } }),
      401,
      "unauthorized",
    );
    await expectError(await anonymous.delete(`/api/addresses/${moved.id}`), 401, "unauthorized");
    await expectError(await anonymous.get("/api/addresses"), 401, "unauthorized");
    await expectError(await anonymous.post("/api/addresses", { data: {} }), 401, "unauthorized");
    await expectError(await anonymous.get(`/api/addresses/${moved.id}`), 401, "unauthorized");
    expect((await api.delete(`/api/addresses/${moved.id}`)).status()).toBe(204);

    // An address outside the book (addressBook false), as a referral is sent with: kept, but not listed in the book.
    const outside = await api.post("/api/addresses", {
      data: { line1: "3 Bay Rd", city: "Annapolis", zip: "21403", county: "24003", addressBook: false },
    });
    expect(outside.status(), await outside.text()).toBe(201);
    expect(await body(outside)).toMatchObject({
      line1: "3 Bay Rd",
      addressBook: false,
      createdBy: `/api/users/${owner.id}`,
    });
    expect(await body(await api.get("/api/addresses"))).toMatchObject({ total: 0 });
    // A change cannot take an address of the book out of it.
    const kept = await body(
      await api.post("/api/addresses", {
        data: { line1: "5 Bay Rd", city: "Annapolis", zip: "21403", county: "24003" },
      }),
    );
    expect(
      (
        await expectError(
          await api.put(`/api/addresses/${kept.id}`, { data: { addressBook: false } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("addressBook");
    expect((await api.delete(`/api/addresses/${kept.id}`)).status()).toBe(204);

    // Phone numbers.
    const phone = await api.post("/api/phone_numbers", { data: { areaCode: "410", prefix: "555", suffix: "7777" } });
    expect(phone.status()).toBe(201);
    const number = await body(phone);
    expect(number).toMatchObject({
      areaCode: "410",
      prefix: "555",
      suffix: "7777",
      createdBy: `/api/users/${owner.id}`,
    });
    const mine = await body(await api.get("/api/phone_numbers?count=50"));
    expect((mine.data as Array<{ id: number }>).map((row) => row.id)).toContain(number.id);
    expect(
      await body(
        await api.put(`/api/phone_numbers/${number.id}`, { data: { areaCode: "443", prefix: "555", suffix: "7777" } }),
      ),
    ).toMatchObject({
      areaCode: "443",
    });
    expect(
      (
        await expectError(
          await api.post("/api/phone_numbers", { data: { areaCode: "41", prefix: "555", suffix: "7777" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("areaCode");
    await expectError(await other.get(`/api/phone_numbers/${number.id}`), 404, "not_found");
    await expectError(
      await other.put(`/api/phone_numbers/${number.id}`, { data: { areaCode: "443", prefix: "555", suffix: "0000" } }),
      404,
      "not_found",
    );
    await expectError(await other.delete(`/api/phone_numbers/${number.id}`), 404, "not_found");
    await expectError(await anonymous.get("/api/phone_numbers"), 401, "unauthorized");
    await expectError(await anonymous.post("/api/phone_numbers", { data: {} }), 401, "unauthorized");
    await expectError(await anonymous.get(`/api/phone_numbers/${number.id}`), 401, "unauthorized");
    await expectError(
      await anonymous.put(`/api/phone_numbers/${number.id}`, {
        data: { areaCode: "443", prefix: "555", suffix: "0000" },
      }),
      401,
      "unauthorized",
    );
    await expectError(await anonymous.delete(`/api/phone_numbers/${number.id}`), 401, "unauthorized");
    await expectError(
      await api.put(`/api/phone_numbers/${number.id}`, { data: { areaCode: "443", prefix: "5555", suffix: "0000" } }),
      400,
      "invalid_input",
    );
    // PUT on the collection changes the number its body names by id, with the same rules.
    expect(
      await body(
        await api.put("/api/phone_numbers", {
          data: { id: number.id, areaCode: "301", prefix: "555", suffix: "7777" },
        }),
      ),
    ).toMatchObject({
      id: number.id,
      areaCode: "301",
    });
    expect((await body(await api.get(`/api/phone_numbers/${number.id}`))).areaCode).toBe("301");
    expect(
      (
        await expectError(
          await api.put("/api/phone_numbers", { data: { areaCode: "301", prefix: "555", suffix: "7777" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("id");
    await expectError(
      await other.put("/api/phone_numbers", {
        data: { id: number.id, areaCode: "301", prefix: "555", suffix: "0000" },
      }),
      404,
      "not_found",
    );
    await expectError(
      await anonymous.put("/api/phone_numbers", {
        data: { id: number.id, areaCode: "301", prefix: "555", suffix: "0000" },
      }),
      401,
      "unauthorized",
    );
    expect((await api.delete(`/api/phone_numbers/${number.id}`)).status()).toBe(204);
  });

  test("reference data, review links, password flows and reports", async () => {
    const anonymous = await client();
    const lookups = await anonymous.get("/api/lookups?type=Counties");
    expect(lookups.status()).toBe(200);
    const counties = await body(lookups);
    expect(counties.total).toBe(24);
    expect((counties.data as Array<{ type: string }>).every((row) => row.type === "Counties")).toBe(true);
    expect(lookups.headers()["cache-control"]).toContain("public");
    const again = await anonymous.get("/api/lookups?type=Counties", {
      headers: { "If-None-Match": lookups.headers().etag },
    });
    expect(again.status()).toBe(304);
    expect(await body(await anonymous.get("/api/lookups"))).toMatchObject({ total: expect.any(Number) });
    await expectError(await anonymous.get("/api/lookups?type=Planets"), 400, "invalid_input");

    expect(await body(await anonymous.get("/api/miscellaneouses?name=ieMessageStartDate"))).toMatchObject({
      name: "ieMessageStartDate",
      value: expect.any(String),
    });
    await expectError(await anonymous.get("/api/miscellaneouses?name=nothing"), 404, "not_found");
    await expectError(await anonymous.get("/api/miscellaneouses"), 400, "invalid_input");

    const english = await body(await anonymous.get("/translation/dictionary.en.json"));
    const spanish = await body(await anonymous.get("/translation/dictionary.sp.json"));
    expect((english.common as Record<string, unknown>).appName).toBe(
      JSON.parse(readFileSync("locales/en/common.json", "utf8")).appName,
    );
    expect((spanish.common as Record<string, unknown>).appName).toBe(
      JSON.parse(readFileSync("locales/es/common.json", "utf8")).appName,
    );
    const missing = await expectError(
      await anonymous.get("/translation/dictionary.xx.json"),
      404,
      "dictionary_not_found",
    );
    expect(missing.message).toBe("could not find dictionary");

    await expectError(await anonymous.get("/api/authentication_tokens/review"), 404, "invalid_review_token");
    await expectError(
      await anonymous.get("/api/authentication_tokens/review?token=unknown"),
      404,
      "invalid_review_token",
    );

    expect(await body(await anonymous.post("/forgot", { data: { email: uniqueEmail() } }))).toMatchObject({
      success: true,
    });
    expect(
      (await expectError(await anonymous.post("/forgot", { data: { email: "not an address" } }), 400, "invalid_input"))
        .fields,
    ).toHaveProperty("email");
    expect(await body(await anonymous.get("/security_questions?token=unknown"))).toMatchObject({
      validToken: false,
      attemptsLeft: 0,
    });
    await expectError(await anonymous.post("/security_questions?token=unknown", { data: {} }), 400, "invalid_input");
    await expectError(
      await anonymous.post("/reset?token=unknown", { data: { plainPassword: "correct horse 34" } }),
      400,
      "invalid_token",
    );
    await expectError(
      await anonymous.post("/reset?token=unknown", { data: { plainPassword: "short" } }),
      400,
      "invalid_input",
    );
    await expectError(await anonymous.post("/reset?username=someone@example.com"), 401, "unauthorized");

    const admin = await createUser({ admin: true });
    const administrator = await client(admin);
    const report = await administrator.post("/generate-report", {
      data: { statuses: ["submitted"], format: "csv", filename: "api-report" },
    });
    expect(report.status(), await report.text()).toBe(200);
    expect(await body(report)).toMatchObject({ filename: expect.stringMatching(/^api-report.*\.csv$/) });
    expect(
      (
        await expectError(
          await administrator.post("/generate-report", { data: { format: "pdf" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("format");
    expect(
      (
        await expectError(
          await administrator.post("/generate-user-report", { data: { last_login_after: "2999-01-01" } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("lastLoginAfter");
    await expectError(
      await administrator.post("/generate-report", {
        data: Buffer.from("["),
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "invalid_input",
    );
    const user = await client(await createUser());
    await expectError(await user.post("/generate-report", { data: {} }), 403, "forbidden");
    await expectError(await user.post("/generate-user-report", { data: {} }), 403, "forbidden");
    await expectError(await anonymous.post("/generate-report", { data: {} }), 401, "unauthorized");
    await expectError(await anonymous.post("/generate-user-report", { data: {} }), 401, "unauthorized");
  });

  test("API keys: a key acts as its administrator, and a revoked or unknown key is refused", async () => {
    const admin = await createUser({ admin: true });
    const key = await createApiKeyFor(admin);
    const program = await client({ key });
    const users = await program.get("/api/users?count=10");
    expect(users.status()).toBe(200);
    expect(Number(users.headers()["x-total-count"])).toBeGreaterThan(0);
    await expectError(await (await client({ key: "mdei_not-a-key" })).get("/api/users"), 401, "invalid_api_key");
    await expectError(await (await client({ key: "" })).get("/api/lookups"), 401, "invalid_api_key");

    // Revoked by the API keys page: refused at once, saying why (R101).
    const { getDb } = await import("../app/db.server");
    const row = await getDb()
      .selectFrom("api_keys")
      .select("id")
      .where("user_id", "=", admin.id)
      .executeTakeFirstOrThrow();
    await getDb()
      .updateTable("api_keys")
      .set({ revoked_at: new Date().toISOString(), ended_reason: "revoked" })
      .where("id", "=", row.id)
      .execute();
    await expectError(await program.get("/api/users"), 401, "api_key_ended");
    // An expired key, and the key of an administrator who was deactivated.
    const expiring = await createApiKeyFor(admin, 1);
    await getDb()
      .updateTable("api_keys")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("user_id", "=", admin.id)
      .where("revoked_at", "is", null)
      .execute();
    await expectError(await (await client({ key: expiring })).get("/api/users"), 401, "api_key_expired");
    const other = await createUser({ admin: true });
    const otherKey = await createApiKeyFor(other);
    await getDb().updateTable("users").set({ locked: 1 }).where("id", "=", other.id).execute();
    await expectError(await (await client({ key: otherKey })).get("/api/users"), 401, "api_key_ended");
  });

  test("errors speak the caller's language; unknown methods are 405 with Allow", async () => {
    const anonymous = await client();
    expect((await expectError(await anonymous.get("/api/referrals?lang=sp"), 401, "unauthorized")).message).toBe(
      JSON.parse(readFileSync("locales/es/api.json", "utf8")).errors.unauthorized,
    );
    // The language cookie, as the footer's switcher sets it.
    const spanish = await client();
    await spanish.get("/login?lang=sp");
    expect(
      (await expectError(await spanish.get("/api/lookups?type=Planets"), 400, "invalid_input")).fields?.type?.[0],
    ).toBe(JSON.parse(readFileSync("locales/es/common.json", "utf8")).validation.unknownChoice);
    // A cookie written by hand is no choice of language (it once made every page a 500).
    const handWritten = await client(undefined, { Cookie: "lang=sp" });
    expect(
      (await expectError(await handWritten.get("/api/lookups?type=Planets"), 400, "invalid_input")).fields?.type?.[0],
    ).toBe("Choose one of the options in the list.");
    expect((await handWritten.get("/login")).status()).toBe(200);
    const response = await anonymous.fetch("/api/referrals/1", { method: "PATCH" });
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers().allow).toBe("GET, PUT, DELETE");
  });

  test("users: administrators deactivate, activate and promote with the users list's rules and words", async () => {
    const [admin, target, eligible, unverified] = [
      await createUser({ admin: true }),
      await createUser({ signedInBefore: true }),
      await createUser({ domain: "maryland.gov", signedInBefore: true }),
      await createUser({ enabled: false }),
    ];
    const administrator = await client(admin);
    const targetSession = await client(target);
    expect((await targetSession.get(`/api/users/${target.id}`)).status()).toBe(200);

    // Deactivated: their sign-ins end at once. Activated: they may sign in again.
    expect(await body(await administrator.put(`/api/users/${target.id}`, { data: { locked: true } }))).toMatchObject({
      id: target.id,
      locked: true,
    });
    await expectError(await targetSession.get(`/api/users/${target.id}`), 401, "unauthorized");
    expect(
      await body(await administrator.get(`/api/users?email=${encodeURIComponent(target.email)}&locked=true`)),
    ).toMatchObject({ total: 1 });
    expect(await body(await administrator.put(`/api/users/${target.id}`, { data: { locked: false } }))).toMatchObject({
      locked: false,
      enabled: true,
    });
    // An account not verified: listed with locked=false, enabled by enabled: true; never disabled here.
    expect(
      await body(await administrator.get(`/api/users?email=${encodeURIComponent(unverified.email)}&locked=false`)),
    ).toMatchObject({
      total: 1,
      data: [{ enabled: false, locked: false }],
    });
    expect(
      await body(await administrator.put(`/api/users/${unverified.id}`, { data: { enabled: true } })),
    ).toMatchObject({ enabled: true, locked: false });
    expect(
      (
        await expectError(
          await administrator.put(`/api/users/${unverified.id}`, { data: { enabled: false } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toEqual({
      enabled: ["An account is not disabled here: set locked to true to deactivate it."],
    });

    // Promotion: refused with the reason the users list gives, in the caller's language; one-way.
    const refused = await expectError(
      await administrator.put(`/api/users/${target.id}`, { data: { roles: ["ROLE_USER", "ROLE_ADMIN"] } }),
      409,
      "not_eligible",
    );
    expect(refused.fields).toEqual({ roles: ["Cannot be promoted: the e-mail is not at an approved organisation"] });
    const enEspañol = await expectError(
      await administrator.put(`/api/users/${target.id}?lang=sp`, { data: { roles: ["ROLE_USER", "ROLE_ADMIN"] } }),
      409,
      "not_eligible",
    );
    expect(enEspañol.fields).toEqual({ roles: ["No se puede promover: el correo no es de una organización aprobada"] });
    expect(
      await body(
        await administrator.put(`/api/users/${eligible.id}`, { data: { roles: ["ROLE_USER", "ROLE_ADMIN"] } }),
      ),
    ).toMatchObject({
      roles: expect.arrayContaining(["ROLE_ADMIN"]),
    });
    // The same roles sent back change nothing; taking one away is refused.
    expect(
      (
        await administrator.put(`/api/users/${eligible.id}`, {
          data: { roles: ["ROLE_USER", "ROLE_ADMIN"], locked: false },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await expectError(
          await administrator.put(`/api/users/${eligible.id}`, { data: { roles: ["ROLE_USER"] } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toEqual({
      roles: ["Only ROLE_ADMIN can be added (promotion to administrator), and no role can be taken away."],
    });

    // Nobody changes their own account's state, and only administrators someone else's.
    await expectError(await administrator.put(`/api/users/${admin.id}`, { data: { locked: true } }), 403, "forbidden");
    const ordinary = await client(target);
    await expectError(await ordinary.put(`/api/users/${target.id}`, { data: { locked: true } }), 403, "forbidden");
    await expectError(
      await ordinary.put(`/api/users/${target.id}`, { data: { roles: ["ROLE_USER", "ROLE_ADMIN"] } }),
      403,
      "forbidden",
    );
    await expectError(await ordinary.put(`/api/users/${unverified.id}`, { data: { locked: true } }), 404, "not_found");
    // Their own record sent back unchanged is no change of state.
    expect(
      (
        await ordinary.put(`/api/users/${target.id}`, {
          data: { locked: false, enabled: true, roles: ["ROLE_USER"], middleName: "Sí" },
        })
      ).status(),
    ).toBe(200);

    // The description names the three fields.
    const document = await body(await (await client()).get("/api/docs.json"));
    const put = (
      document.paths as Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: { properties: object } }> } }>
      >
    )["/api/users/{id}"].put;
    expect(Object.keys(put.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["locked", "enabled", "roles"]),
    );
  });

  test("children of three or more: corrected through the API, refused a referral with the AGE_OF message", async () => {
    const owner = await createUser();
    const api = await client(owner);
    const child = await body(await api.post("/api/children", { data: validChild() }));
    const { id: draft } = await body(await api.post("/api/referrals", { data: { child: child["@id"] } }));
    const corrected = await api.put(`/api/children/${child.id}`, {
      data: { birthdate: yearsAgo(4), firstName: "Corregida" },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);
    expect(await body(corrected)).toMatchObject({ birthdate: yearsAgo(4), firstName: "Corregida" });
    const refused = await expectError(
      await api.post("/api/referrals", { data: { child: child["@id"] } }),
      400,
      "invalid_input",
    );
    expect(refused.fields).toEqual({ child: ["The child must be under 36 months old to be referred."] });
    const enEspañol = await expectError(await api.post(`/api/referrals/${draft}/copy?lang=sp`), 400, "invalid_input");
    expect(enEspañol.fields).toEqual({ child: ["El niño debe tener menos de 36 meses para ser referido."] });
    await expectError(await api.post(`/api/referrals/${draft}/submit`), 400, "invalid_input");
    // A birth date still cannot be in the future.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await expectError(
          await api.put(`/api/children/${child.id}`, { data: { birthdate: tomorrow } }),
          400,
          "invalid_input",
        )
      ).fields,
    ).toHaveProperty("birthdate");
  });

  test("the description of the API: OpenAPI 3.1 from the schemas, and a page listing the calls", async ({ page }) => {
    const anonymous = await client();
    const document = await body(await anonymous.get("/api/docs.json"));
    expect(document.openapi).toBe("3.1.0");
    const paths = document.paths as Record<
      string,
      Record<
        string,
        {
          operationId: string;
          requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
    for (const path of [
      "/api/referrals",
      "/api/referrals/{id}",
      "/api/referrals/{id}/submit",
      "/api/referrals/{id}/copy",
      "/api/referrals/{id}/referral_documents",
      "/api/referral_documents/{id}",
      "/api/children",
      "/api/children/{id}",
      "/api/users",
      "/api/users/{id}",
      "/api/users/{id}/reset_password",
      "/api/addresses",
      "/api/addresses/{id}",
      "/api/adults",
      "/api/adults/{id}",
      "/api/phone_numbers",
      "/api/phone_numbers/{id}",
      "/api/lookups",
      "/api/miscellaneouses",
      "/api/authentication_tokens/review",
      "/forgot",
      "/security_questions",
      "/reset",
      "/generate-report",
      "/generate-user-report",
      "/translation/dictionary.{key}.json",
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    // Written from the zod schemas: the child's fields and the referral's answers are there.
    expect(
      Object.keys(paths["/api/children"].post.requestBody!.content["application/json"].schema.properties!),
    ).toEqual(expect.arrayContaining(["firstName", "birthdate", "stateOfResidence"]));
    expect(
      Object.keys(paths["/api/referrals/{id}"].put.requestBody!.content["application/json"].schema.properties!),
    ).toEqual(expect.arrayContaining(["referrerRelationship", "races", "gestationalAgeInDays", "childParentConsent"]));

    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The JSON API");
    await expect(page.getByRole("rowheader", { name: "POST /api/referrals/{id}/submit" })).toBeVisible();
    await page.goto("/api/docs?lang=sp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("La API JSON");
  });
});

// A referral made through the API alone is the same referral as one made in the browser: the
// same stored answers, the same review page, the same place in the lists (issue 11 acceptance).
test("a referral created, filled, given a consent document and submitted through the API shows in the pages as one made in the browser", async ({
  page,
  context,
  javaScriptOn,
}) => {
  test.slow(); // the whole wizard in the browser, then the same through the API
  const user = await signIn(context, await createUser());
  const name = { firstName: "Lucía", lastName: `Pérez ${Date.now().toString(36)}` };
  const birthdate = yearsAgo(1);
  const consentText =
    "Signed consent to refer the child and to share information with the Maryland Infants and Toddlers Program";
  const choose = (legend: string, label: string) =>
    page.getByRole("group", { name: legend }).locator("label", { hasText: new RegExp(`^${label}$`) });
  const save = async (button = "Save") => {
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(page.getByText(/Referral updated|Parent or guardian added/).first()).toBeVisible();
  };

  // In the browser: every step of the wizard, a consent document, the confirmed submit.
  const { id: browserChild } = await createChild(user, { ...name, birthdate });
  const base = await startReferral(user, browserChild);
  await page.goto(`${base}/referrer-information/relationship`);
  await choose("How are you related to the child?", "Audiologist").click();
  if (!javaScriptOn) {
    // Without JavaScript the relationship is kept first, and the same step then asks its own questions (R150).
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Now answer the questions below")).toBeVisible();
  }
  await choose("Does the family know about this referral and agree to it?", "Yes").click();
  await choose("Is this referral because of a hearing screening the child did not pass?", "Yes").click();
  await save();
  await page.goto(`${base}/referrer-information/proxy`);
  await page.getByLabel("Phone number").fill("4105551234");
  await save();
  await page.goto(`${base}/child-information/sex`);
  await choose("Sex", "Female").click();
  await choose("Race", "Asian").click();
  await choose("Is the child Hispanic or Latino?", "No").click();
  await save();
  await page.goto(`${base}/child-information/language`);
  await page.getByLabel("The child's primary language").selectOption({ label: "Spanish" });
  await save();
  await page.goto(`${base}/child-information/address`);
  await page.getByLabel("Find the address").fill("12 Main St, 21401");
  await page.getByRole("button", { name: "Look up", exact: true }).click();
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByLabel("City or town", { exact: true })).toHaveValue("Annapolis");
  await save();
  await page.goto(`${base}/child-information/gestational-age`);
  await page.getByLabel("Weeks", { exact: true }).fill("39");
  await page.getByLabel(/^Days/).fill("3");
  await save();
  await page.goto(`${base}/family-information/guardian/add-edit/new`);
  await page.getByLabel("First name", { exact: true }).fill("Rosa");
  await page.getByLabel("Last name", { exact: true }).fill("Pérez");
  await page.getByLabel("Relationship to the child").selectOption("1");
  await page.getByLabel("Home phone").fill("3015550003");
  await save("Add");
  await page.goto(`${base}/family-information/language`);
  await page.getByLabel("The family's primary language").selectOption({ label: "Spanish" });
  await save();
  await page.goto(`${base}/family-information/interpreter`);
  await choose("Does the family need an interpreter?", "Yes").click();
  await save();
  await page.goto(`${base}/family-information/foster-care`);
  await choose("Is the child in foster care?", "Unknown").click();
  await save();
  await page.goto(`${base}/reason/select`);
  await choose("Developmental concerns", "Hearing").click();
  await save();
  await page.goto(`${base}/reason/screen`);
  await choose("Diagnosed conditions", "Other medical condition").click();
  await page.getByLabel(/^Describe the other medical condition/).fill("Tortícolis");
  await page.getByLabel(/^Date of the screening/).fill("2025-03-14");
  await save();
  await page.goto(`${base}/details/select`);
  await page.getByLabel(/^Anything else the program should know/).fill("Camina tarde.");
  await save();
  await page.goto(`${base}/supporting-documentation/list`);
  await choose(
    "Has a parent or guardian given written consent to this referral?",
    "Yes, a parent or guardian signed a consent form",
  ).click();
  await page.getByRole("button", { name: "Add a consent document" }).click();
  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "consent.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload the document" }).click();
  await expect(page.getByText("Document saved")).toBeVisible();
  await save();
  const browserId = Number(/\/referral\/(\d+)\//.exec(`${base}/`)![1]);
  await page.goto(`${base}/review`);
  await page.getByRole("link", { name: "Submit the referral" }).click();
  await page.getByRole("button", { name: "Yes, submit it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Referral submitted");

  // Through the API alone, with the codes read from /api/lookups.
  const api = await client(user);
  const lookups = (await body(await api.get("/api/lookups"))).data as Array<{
    type: string;
    code: string;
    description: string;
  }>;
  const code = (type: string, description: string) =>
    lookups.find((row) => row.type === type && row.description === description)!.code;
  const child = await body(await api.post("/api/children", { data: { ...name, birthdate, stateOfResidence: "21" } }));
  const referral = await body(await api.post("/api/referrals", { data: { child: child["@id"] } }));
  const filled = await api.put(`/api/referrals/${referral.id}`, {
    data: {
      referrerRelationship: code("References", "Audiologist"),
      familyApproval: "yes",
      isAudiologistScreening: "yes",
      referrerFirstName: "Test",
      referrerLastName: "Person",
      referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "1234" },
      gender: code("Genders", "Female"),
      races: [code("Races", "Asian")],
      isHispanicChild: "no",
      primaryLanguage: code("Languages", "Spanish"),
      address: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003" },
      gestationalAgeInDays: 39 * 7 + 3,
      familyPrimaryLanguage: code("Languages", "Spanish"),
      familyNeedsInterpreter: "yes",
      childInFosterCare: "unknown",
      referralReasons: {
        RefReasons_ConcernsDevelopmental: [code("RefReasons_ConcernsDevelopmental", "Hearing")],
        IdentifiedConditions: [code("IdentifiedConditions", "Other medical condition")],
      },
      otherMedicalCondition: "Tortícolis",
      failedScreeningDate: "2025-03-14",
      additionalDetails: "Camina tarde.",
      childParentConsent: 1,
    },
  });
  expect(filled.status(), await filled.text()).toBe(200);
  expect(
    (
      await api.post("/api/adults", {
        data: {
          referral: referral["@id"],
          firstName: "Rosa",
          lastName: "Pérez",
          childRelationship: "1",
          homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0003" },
        },
      })
    ).status(),
  ).toBe(201);
  const consent = await api.post(`/api/referrals/${referral.id}/referral_documents`, {
    multipart: {
      description: consentText,
      isConsent: "true",
      file: { name: "consent.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(consent.status()).toBe(201);
  expect(await body(await api.post(`/api/referrals/${referral.id}/submit`))).toMatchObject({
    submitted: true,
    status: "Submitted",
  });

  // The same stored referral, parents and document, but for ids and times.
  const comparable = async (id: unknown) => {
    const record = await body(await api.get(`/api/referrals/${id}`));
    const adults = await Promise.all((record.adults as string[]).map(async (ref) => body(await api.get(ref))));
    const documents = await Promise.all(
      (record.consentDocuments as string[]).map(async (ref) => body(await api.get(ref))),
    );
    const strip = (value: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(value).filter(
          ([key]) =>
            ![
              "@id",
              "id",
              "child",
              "referral",
              "file",
              "createdAt",
              "updatedAt",
              "submissionDate",
              "statusUpdatedAt",
              "adults",
              "consentDocuments",
            ].includes(key),
        ),
      );
    const phones = (adult: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(adult).map(([key, value]) => [
          key,
          value && typeof value === "object" ? strip(value as Record<string, unknown>) : value,
        ]),
      );
    return {
      ...strip(record),
      address: strip(record.address as Record<string, unknown>),
      adults: adults.map((adult) => strip(phones(adult))),
      documents: documents.map(strip),
    };
  };
  const fromBrowser = await comparable(browserId);
  expect(fromBrowser).toMatchObject({
    status: "Submitted",
    address: { line1: "12 Main St", city: "Annapolis", county: "24003" },
    childParentConsent: 1,
  });
  expect(await comparable(referral.id)).toEqual(fromBrowser);

  // The same review page and the same row in the submitted list.
  const reviewText = async (href: string) => {
    await page.goto(href);
    // The same but for the times and each referral's own number, in its heading.
    return (await page.locator("main").innerText())
      .replace(/\d{1,2}:\d{2}\s?[AP]M/g, "(time)")
      .replace(/Review referral \d+/, "Review referral (number)");
  };
  const browserReview = await reviewText(`${base}/review`);
  expect(browserReview).toContain("Tortícolis");
  expect(await reviewText(`/app/child/${child.id}/referral/${referral.id}/user/${user.id}/review`)).toBe(browserReview);
  await page.goto(`/app/referrals/submitted?childName=${encodeURIComponent(name.lastName)}`);
  const rows = page.getByRole("row", { name: new RegExp(name.lastName) });
  await expect(rows).toHaveCount(2);
  // The same but for the time and each referral's own number (said with its links, docs/product-rules.md R161).
  const alike = (text: string) => text.replace(/\d{1,2}:\d{2}\s?[AP]M/g, "").replace(/, referral number \d+/g, "");
  expect(alike(await rows.nth(0).innerText())).toBe(alike(await rows.nth(1).innerText()));
});

test("the API acts as the pages do @http: a new password ends the other sign-ins, a submit mails the confirmation", async () => {
  const owner = await createUser();
  const elsewhere = await client(owner);
  const api = await client(owner);
  const changed = await api.put(`/api/users/${owner.id}`, {
    data: { plainPassword: "a brand new 123", currentPassword: owner.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // The other sign-in has ended; the caller holds the fresh one the answer sets.
  await expectError(await elsewhere.get(`/api/users/${owner.id}`), 401, "unauthorized");
  const fresh = changed.headers()["set-cookie"]?.split(";")[0];
  expect(fresh).toMatch(/^__session=/);
  const signedInAgain = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: fresh! } });
  expect((await signedInAgain.get(`/api/users/${owner.id}`)).status()).toBe(200);

  // Through an API key nothing is kept: the key's owner is signed out everywhere.
  const admin = await createUser({ admin: true });
  const browser = await client(admin);
  const keyed = await client({ key: await createApiKeyFor(admin) });
  const byKey = await keyed.put(`/api/users/${admin.id}`, {
    data: { plainPassword: "another new 456", currentPassword: admin.password },
  });
  expect(byKey.status(), await byKey.text()).toBe(200);
  expect(byKey.headers()["set-cookie"]).toBeUndefined();
  await expectError(await browser.get(`/api/users/${admin.id}`), 401, "unauthorized");

  // A complete referral submitted through the API: the referrer gets the same e-mail as from the review page.
  const path = await startReferral(owner, (await createChild(owner, { firstName: "Valentina" })).id);
  await fillReferral(owner, path, { consent: 2 });
  const referralId = Number(/\/referral\/(\d+)\//.exec(`${path}/`)![1]);
  expect(await body(await signedInAgain.post(`/api/referrals/${referralId}/submit`))).toMatchObject({
    submitted: true,
  });
  const mails = mailsTo(owner.email).filter((mail) => mail.text.includes(`/referral/${referralId}/`));
  expect(mails.map((mail) => [mail.subject, mail.text])).toEqual([
    [`Your referral ${referralId} was submitted`, expect.stringContaining("Valentina")],
  ]);
  // Sent once: a second submit changes nothing and mails nothing.
  expect(await body(await signedInAgain.post(`/api/referrals/${referralId}/submit`))).toMatchObject({
    submitted: false,
  });
  expect(mailsTo(owner.email).filter((mail) => mail.text.includes(`/referral/${referralId}/`))).toHaveLength(1);
  await Promise.all([elsewhere, api, signedInAgain, browser, keyed].map((each) => each.dispose()));
});

const KEYS_TEXT = {
  en: {
    title: "API keys",
    name: "Name",
    days: "Expires after (days)",
    create: "Create key",
    created: "Your new API key",
    required: "Enter a name for the key.",
    range: "Enter a number of days from 1 to 90.",
    scopeWrite: "Read and change",
    password: "Your password",
    code: "Code from your authenticator app",
    revoke: "Revoke",
    revokeConfirm: "Revoke key",
    revoked: "API key revoked.",
    statusRevoked: "Revoked",
    docs: "The JSON API",
  },
  sp: {
    title: "Claves de API",
    name: "Nombre",
    days: "Vence después de (días)",
    create: "Crear clave",
    created: "Su nueva clave de API",
    required: "Escriba un nombre para la clave.",
    range: "Escriba un número de días del 1 al 90.",
    scopeWrite: "Leer y cambiar",
    password: "Su contraseña",
    code: "Código de su aplicación de autenticación",
    revoke: "Revocar",
    revokeConfirm: "Revocar clave",
    revoked: "Clave de API revocada.",
    statusRevoked: "Revocada",
    docs: "La API JSON",
  },
} as const;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const { lang, tag } of eachLanguageOnce("with JavaScript")) {
  const text = KEYS_TEXT[lang];
  test(
    `the API keys page: create a key, shown once, that calls the API, then revoke it (${lang})`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      const admin = await createUser({ admin: true, language: lang, signedInBefore: true });
      const { secret } = await giveSecondFactor(admin);
      await signIn(context, admin);
      await page.goto(`/app/api-keys?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);

      // Refused input keeps what was typed, with the error summary.
      await page.getByLabel(new RegExp(`^${escaped(text.days)}`)).fill("400");
      // Enter sends the form (a click could land where the button was before the summary appeared on blur).
      await page.getByLabel(new RegExp(`^${escaped(text.days)}`)).press("Enter");
      await expect(page.getByRole("alert").first()).toContainText(text.required);
      await expect(page.getByRole("alert").first()).toContainText(text.range);
      await expect(page.getByLabel(new RegExp(`^${escaped(text.days)}`))).toHaveValue("400");

      const name = `Warehouse ${Date.now().toString(36)}`;
      await page.getByLabel(new RegExp(`^${text.name}`)).fill(name);
      await page.locator("main fieldset label", { hasText: text.scopeWrite }).click();
      await page.getByLabel(new RegExp(`^${escaped(text.days)}`)).fill("30");
      // Made with the password and a current code of the maker's app given again (R101).
      await page.getByLabel(text.password, { exact: true }).fill(admin.password);
      await page.getByLabel(text.code, { exact: true }).fill(await appCode(secret, 1));
      await page.getByRole("button", { name: text.create }).click();
      await expect(page.getByRole("status").filter({ hasText: text.created })).toBeVisible();
      const key = (await page.locator("code.api-key").innerText()).trim();
      expect(key).toMatch(/^mdei_/);
      const program = await client({ key });
      expect((await program.get("/api/users")).status()).toBe(200);

      // Shown once: the list keeps only its first characters.
      await page.goto(`/app/api-keys?lang=${lang}`);
      await expect(page.locator("code.api-key")).toHaveCount(0);
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row).toContainText(key.slice(0, 9));
      await expect(row).toContainText(admin.email);
      expect(await page.content()).not.toContain(key);

      await row.getByRole("link", { name: new RegExp(text.revoke) }).click();
      if (javaScriptOn) await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("button", { name: text.revokeConfirm }).click();
      await expect(page.getByText(text.revoked)).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(text.statusRevoked);
      await expectError(await program.get("/api/users"), 401, "api_key_ended");

      // The page that describes the API, in the same language.
      await page.goto(`/api/docs?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.docs);
    },
  );
}

test("the API keys page is for administrators only @http", async ({ page, context }) => {
  await signIn(context, await createUser());
  expect((await page.request.get("/app/api-keys", { maxRedirects: 0 })).status()).toBe(403);
  expect(
    (
      await page.request.post("/app/api-keys", {
        headers: { Origin: baseURL },
        form: { intent: "create", keyName: "x" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(403);
  expect(
    (
      await page.request.post("/app/api-keys", {
        headers: { Origin: baseURL },
        form: { intent: "revoke", key: "1" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(403);
});
