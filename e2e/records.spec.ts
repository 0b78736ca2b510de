import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open } from "./own-server";
import { reads, RESTRICTED_FIELDS, type Reader, type RecordKind } from "../app/models/reads";
import {
  accessRowsOf,
  apiKeyOf,
  baseURL,
  createAddress,
  createApiKeyFor,
  createChild,
  createReviewLinkFor,
  createUser,
  fillReferral,
  referralIdOf,
  securityEventsAbout,
  sessionCookieOf,
  setProgramNotes,
  startReferral,
  storedUploadBytes,
  storedUploads,
  submitDirectly,
  type TestUser,
} from "./support";

// A child's record seen only by those who should see it (issue 32), through the doors a person and a program use: what
// each reader reads of each record kind, page and API alike; every look on the record of access, whatever the door;
// the security events; no answer kept by a browser once it is shown; the API's PUT and addresses as a program reads and
// sends them back; and an upload refused before a byte of it is kept.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function client(user?: TestUser): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: user ? { Cookie: await sessionCookieOf(user) } : {},
    maxRedirects: 0,
  });
}

/**
 * A submitted referral of a referrer's with everything a record holds: its child, a parent, an address, a document, the
 * program's notes.
 */
async function fullRecord() {
  const referrer = await createUser({ signedInBefore: true });
  const mark = `R${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const child = {
    ...(await createChild(referrer, { firstName: `Niña${mark}`, lastName: "Mora" })),
    firstName: `Niña${mark}`,
  };
  const wizard = await startReferral(referrer, child.id);
  const referralId = referralIdOf(wizard);
  await fillReferral(referrer, wizard, { consent: 2 });
  const owner = await client(referrer);
  const upload = await owner.post(`/api/referrals/${referralId}/referral_documents`, {
    multipart: {
      description: `Audición ${mark}`,
      file: { name: "audicion.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const documentId = ((await upload.json()) as { id: number }).id;
  await submitDirectly(referrer, wizard);
  const notes = {
    comments: `Nota${mark}`,
    serviceCoordinator: `Coord${mark}`,
    eligibilityDetermination: `Elig${mark}`,
  };
  await setProgramNotes(wizard, notes);
  const adultId = (
    ((await (await owner.get(`/api/referrals/${referralId}`)).json()) as { adults: string[] }).adults[0] ?? ""
  )
    .split("/")
    .pop();
  const address = await createAddress(referrer, { nickname: `Casa${mark}` });
  await owner.dispose();
  return {
    referrer,
    mark,
    child,
    wizard,
    referralId,
    documentId,
    adultId: Number(adultId),
    addressId: address.id,
    notes,
  };
}

test.describe("no answer with a person's data is kept by a browser (R132) @http", () => {
  test("pages, their data, the API, exports and files say private, no-store; the scripts and the words are kept", async () => {
    const referrer = await createUser();
    const child = await createChild(referrer, { firstName: "Lucía", lastName: "Mora" });
    const wizard = await startReferral(referrer, child.id);
    await submitDirectly(referrer, wizard);
    const http = await client(referrer);
    const page = await http.get(`/app/children/details/${child.id}`);
    const privatePaths = [
      "/login",
      "/app/dashboard",
      `/app/children/details/${child.id}`,
      `/app/children/details/${child.id}?_data=routes%2Fapp.children.details.%24id`,
      `${wizard}/review`,
      `/api/referrals/${referralIdOf(wizard)}`,
      "/api/children",
      "/app/children/export.csv",
      "/app/no-such-page",
    ];
    for (const path of privatePaths) {
      const answer = await http.get(path);
      expect({ path, cacheControl: answer.headers()["cache-control"] }).toEqual({
        path,
        cacheControl: "private, no-store",
      });
    }
    // What is the same for everyone stays cacheable: the page's own scripts, and the words of the locales.
    const script =
      /<script[^>]+src="(\/build\/[^"]+\.js)"/.exec(await page.text())?.[1] ??
      /href="(\/build\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    expect((await http.get(script!)).headers()["cache-control"]).toMatch(/^public, max-age=31536000, immutable/);
    const version = /<meta name="i18n-version" content="([^"]+)"/.exec(await page.text())?.[1];
    expect(version).toBeTruthy();
    expect((await http.get(`/locales/en/common.json?v=${version}`)).headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    await http.dispose();
  });
});

test.describe("what a program sends back (R100) @http", () => {
  test("an administrator's PUT of an account as read, with locked true, deactivates it; a real change of another field is a 403 naming it", async () => {
    const admin = await client(await createUser({ admin: true, signedInBefore: true }));
    const person = await createUser({ signedInBefore: true });
    const read = (await (await admin.get(`/api/users/${person.id}`)).json()) as Record<string, unknown>;
    const locked = await admin.put(`/api/users/${person.id}`, { data: { ...read, locked: true } });
    expect(locked.status(), await locked.text()).toBe(200);
    expect(await locked.json()).toMatchObject({ locked: true, firstName: read.firstName });

    const renamed = await admin.put(`/api/users/${person.id}`, {
      data: { ...read, locked: true, firstName: "Mallory" },
    });
    expect(renamed.status()).toBe(403);
    expect(await renamed.json()).toMatchObject({
      error: { code: "forbidden", fields: { firstName: [expect.stringContaining("owner")] } },
    });
    // What nobody changes (when they signed in, when it changed) is left aside, stale or not.
    const reactivated = await admin.put(`/api/users/${person.id}`, {
      data: { ...read, locked: false, lastLogin: "2000-01-01T00:00:00.000Z" },
    });
    expect(reactivated.status(), await reactivated.text()).toBe(200);
    expect(await reactivated.json()).toMatchObject({ locked: false, lastLogin: read.lastLogin });
    await admin.dispose();
  });

  test("an address made outside the address book is its creator's to read, change and delete by its id", async () => {
    const owner = await createUser();
    const api = await client(owner);
    const made = await api.post("/api/addresses", {
      data: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003", addressBook: false },
    });
    expect(made.status(), await made.text()).toBe(201);
    const address = (await made.json()) as Record<string, unknown>;
    expect(address.addressBook).toBe(false);
    const read = await api.get(`/api/addresses/${address.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(address);
    // Sent back as read, with one change: the address stays outside the book.
    const changed = await api.put(`/api/addresses/${address.id}`, { data: { ...address, line1: "14 Main St" } });
    expect(changed.status(), await changed.text()).toBe(200);
    expect(await changed.json()).toMatchObject({ line1: "14 Main St", addressBook: false });
    expect((await api.put(`/api/addresses/${address.id}`, { data: { addressBook: true } })).status()).toBe(400);
    // Nobody else reaches it.
    const stranger = await client(await createUser());
    expect((await stranger.get(`/api/addresses/${address.id}`)).status()).toBe(404);
    expect((await api.delete(`/api/addresses/${address.id}`)).status()).toBe(204);
    expect((await api.get(`/api/addresses/${address.id}`)).status()).toBe(404);
    await Promise.all([api.dispose(), stranger.dispose()]);
  });
});

test.describe("uploads (R64) @http", () => {
  test("a referral its creator may no longer change takes no file: refused before the file is sent, nothing kept", async () => {
    const owner = await createUser();
    const wizard = await startReferral(owner, (await createChild(owner)).id);
    await fillReferral(owner, wizard, { consent: 2 });
    await submitDirectly(owner, wizard);
    const before = storedUploads();
    // The file's first megabyte is sent, and the rest held back: the answer must not wait for it.
    const boundary = "----held-back";
    const { request, answer } = open("POST", `${baseURL}/api/referrals/${referralIdOf(wizard)}/referral_documents`, {
      Cookie: await sessionCookieOf(owner),
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(5 * 1024 * 1024),
    });
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nLate\r\n`);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    // Its bytes begin with words of this test's own, so that what it might leave is told from the files other tests
    // upload meanwhile into the same folder.
    const sent = Buffer.concat([Buffer.from(`held back ${randomUUID()}\n`), PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    request.write(sent);
    const refused = await Promise.race([
      answer,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    request.destroy();
    expect(refused?.status).toBe(403);
    const earlier = new Set(before.map((file) => file.name));
    const kept = storedUploads().filter(
      (file) =>
        !earlier.has(file.name) && file.size > 0 && storedUploadBytes(file.name).equals(sent.subarray(0, file.size)),
    );
    expect(kept, "what the refused upload left in the uploads folder").toEqual([]);
  });
});

test.describe("what each reader reads (R131) @http", () => {
  test("each record kind, read by each of the six callers through the API and the pages, holds the fields the table gives that reader", async () => {
    const record = await fullRecord();
    const other = await createUser({ signedInBefore: true });
    const admin = await createUser({ admin: true, signedInBefore: true });
    const superAdmin = await createUser({ admin: true, superAdmin: true, signedInBefore: true });
    const link = await createReviewLinkFor(admin, record.referralId);
    const callers = {
      anonymous: await client(),
      creator: await client(record.referrer),
      otherReferrer: await client(other),
      administrator: await client(admin),
      superAdministrator: await client(superAdmin),
    };
    const paths: Record<RecordKind, string> = {
      referral: `/api/referrals/${record.referralId}`,
      child: `/api/children/${record.child.id}`,
      adult: `/api/adults/${record.adultId}`,
      address: `/api/addresses/${record.addressId}`,
      document: `/api/referral_documents/${record.documentId}`,
      user: `/api/users/${record.referrer.id}`,
    };
    const readerOf: Record<keyof typeof callers, Reader | null> = {
      anonymous: null,
      creator: "owner",
      otherReferrer: null,
      administrator: "administrator",
      superAdministrator: "superAdministrator",
    };
    for (const kind of Object.keys(paths) as RecordKind[]) {
      const answers: Partial<Record<keyof typeof callers, Record<string, unknown>>> = {};
      for (const [name, http] of Object.entries(callers) as Array<[keyof typeof callers, APIRequestContext]>) {
        const answer = await http.get(paths[kind]);
        const reader = readerOf[name];
        // Who may not read a record is told to sign in, or that it does not exist.
        const expected = reader ? 200 : name === "anonymous" ? 401 : 404;
        expect({ kind, name, status: answer.status() }).toEqual({ kind, name, status: expected });
        if (!reader) {
          expect(await answer.text()).not.toContain(record.mark);
          continue;
        }
        const fields = (await answer.json()) as Record<string, unknown>;
        answers[name] = fields;
        for (const [field] of Object.entries(RESTRICTED_FIELDS[kind])) {
          expect({ kind, name, field, present: field in fields }).toEqual({
            kind,
            name,
            field,
            present: reads(kind, field, reader),
          });
        }
      }
      // Beyond the table's fields, every reader reads the same fields.
      const unrestricted = (fields: Record<string, unknown>) =>
        Object.keys(fields).filter((field) => !(field in RESTRICTED_FIELDS[kind]));
      expect(unrestricted(answers.administrator!), kind).toEqual(unrestricted(answers.creator!));
      expect(unrestricted(answers.superAdministrator!), kind).toEqual(unrestricted(answers.creator!));
    }
    // The program's notes, read by administrators only.
    const referralOf = async (name: keyof typeof callers) =>
      (await (await callers[name].get(paths.referral)).json()) as Record<string, unknown>;
    expect(await referralOf("administrator")).toMatchObject(record.notes);
    expect(JSON.stringify(await referralOf("creator"))).not.toContain(record.notes.comments);

    // The review link's holder: the referral, without the program's notes or the referrer's account.
    const reviewer = await client();
    const review = await reviewer.get(`/api/authentication_tokens/review?token=${encodeURIComponent(link.token)}`);
    expect(review.status()).toBe(200);
    const reviewText = await review.text();
    expect(reviewText).toContain(record.mark);
    // Its answers once, by name: the review page's own rows and links are not part of the API.
    expect(Object.keys(JSON.parse(reviewText))).toEqual(expect.arrayContaining(["answers", "missing"]));
    expect(Object.keys(JSON.parse(reviewText))).not.toEqual(expect.arrayContaining(["reviewed"]));
    expect(Object.keys(JSON.parse(reviewText))).not.toEqual(expect.arrayContaining(["missingAt"]));
    for (const hidden of [
      record.notes.comments,
      record.notes.serviceCoordinator,
      record.notes.eligibilityDetermination,
      record.referrer.email,
    ]) {
      expect(reviewText).not.toContain(hidden);
    }
    for (const path of Object.values(paths))
      expect([401, 404]).toContain((await reviewer.get(`${path}?token=${encodeURIComponent(link.token)}`)).status());

    // The pages: the referral's review shows the notes to administrators only; the review link's page shows neither
    // them nor the referrer's e-mail.
    const reviewPage = `${record.wizard}/review`;
    const pageText = async (name: keyof typeof callers, path: string) => {
      const answer = await callers[name].get(path);
      return { status: answer.status(), text: await answer.text() };
    };
    expect((await pageText("administrator", reviewPage)).text).toContain(record.notes.serviceCoordinator);
    expect((await pageText("superAdministrator", reviewPage)).text).toContain(record.notes.serviceCoordinator);
    const own = await pageText("creator", reviewPage);
    expect(own.status).toBe(200);
    expect(own.text).toContain(record.mark);
    expect(own.text).not.toContain(record.notes.serviceCoordinator);
    expect(own.text).not.toContain(record.notes.comments);
    expect((await pageText("otherReferrer", reviewPage)).status).toBe(404);
    const linkPage = await reviewer.get(`/app/referral/review/external?token=${encodeURIComponent(link.token)}`);
    expect(linkPage.status()).toBe(200);
    const linkText = await linkPage.text();
    expect(linkText).toContain(record.mark);
    for (const hidden of [record.notes.comments, record.notes.serviceCoordinator, record.referrer.email])
      expect(linkText).not.toContain(hidden);
    // The child's page and the profile with its address book: the creator and administrators read them (the address's
    // own page is its owner's form, not a page to read: R100), anyone else is told they do not exist.
    for (const [path, kind] of [
      [`/app/children/details/${record.child.id}`, "child"],
      [`/app/profile/${record.referrer.id}`, "user"],
    ] as const) {
      for (const name of ["creator", "administrator", "superAdministrator"] as const) {
        const read = await pageText(name, path);
        expect({ kind, name, status: read.status }).toEqual({ kind, name, status: 200 });
        expect(read.text).toContain(kind === "child" ? record.child.firstName : `Casa${record.mark}`);
      }
      const refused = await pageText("otherReferrer", path);
      expect({ kind, status: refused.status }).toEqual({ kind, status: 404 });
      expect(refused.text).not.toContain(record.mark);
    }
    await Promise.all([...Object.values(callers), reviewer].map((http) => http.dispose()));
  });
});

test.describe("the record of access, whatever the door (R95) @http", () => {
  test("lists, exports, the child's page, the API with a key, a report and its download, and a review link with its reviewer are all recorded", async () => {
    const record = await fullRecord();
    const admin = await createUser({ admin: true, signedInBefore: true });
    const key = await createApiKeyFor(admin, 30, "write");
    const { id: keyId, name: keyName } = await apiKeyOf(key);
    const page = await client(admin);
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
    const creator = await client(record.referrer);
    const childName = encodeURIComponent(record.child.firstName);

    // The creator's own looks are not recorded.
    await creator.get(`${record.wizard}/review`);
    await creator.get(`/api/referrals/${record.referralId}`);
    expect(await accessRowsOf(record.referralId)).toEqual([]);

    expect((await page.get(`/app/referrals/submitted?childName=${childName}`)).status()).toBe(200);
    expect((await page.get(`/app/referrals/export.csv?list=submitted&childName=${childName}`)).status()).toBe(200);
    expect((await page.get(`/app/children?name=${childName}`)).status()).toBe(200);
    expect((await page.get(`/app/children/export.csv?name=${childName}`)).status()).toBe(200);
    expect((await page.get(`/app/children/details/${record.child.id}`)).status()).toBe(200);
    expect((await api.get(`/api/referrals?child.id=${record.child.id}`)).status()).toBe(200);
    expect((await api.get(`/api/adults/${record.adultId}`)).status()).toBe(200);
    expect((await api.get(`/api/children?name=${childName}`)).status()).toBe(200);
    const report = await api.post("/generate-report", {
      data: { statuses: ["submitted"], format: "csv", filename: `access-${record.mark}` },
    });
    expect(report.status(), await report.text()).toBe(200);
    const { filename } = (await report.json()) as { filename: string };
    expect((await page.get(`/app/reports/file/${encodeURIComponent(filename)}`)).status()).toBe(200);
    const link = await createReviewLinkFor(admin, record.referralId);
    expect(
      (await (await client()).get(`/app/referral/review/external?token=${encodeURIComponent(link.token)}`)).status(),
    ).toBe(200);

    const rows = await accessRowsOf(record.referralId);
    const seen = rows.map(
      (row) => `${row.entity_type} ${row.action} ${row.channel}${row.api_key_id ? ` key ${row.api_key_id}` : ""}`,
    );
    for (const expected of [
      "referral list page",
      "referral export csv",
      "child list page",
      "child export csv",
      "child view page",
      `referral list api key ${keyId}`,
      `adult view api key ${keyId}`,
      `child list api key ${keyId}`,
      `report report report key ${keyId}`,
      "report downloadReport page",
      "referral view reviewLink",
    ]) {
      expect(seen, expected).toContain(expected);
    }
    expect(rows.every((row) => row.child_id === record.child.id)).toBe(true);
    expect(rows.filter((row) => row.actor_review_token_id === link.id)).toHaveLength(1);

    // The referral's record shows them all, with the key's name and the reviewer and purpose, on the page and as CSV.
    const csv = await (await page.get(`/app/referrals/${record.referralId}/access.csv`)).text();
    for (const text of [
      keyName,
      "Dr. Ana Ruiz",
      "a second opinion on the hearing screen",
      "The JSON API",
      "A CSV export",
      "A report",
      "Saw the child in a list",
    ]) {
      expect(csv).toContain(text);
    }
    const reviewPage = await (await page.get(`${record.wizard}/review`)).text();
    expect(reviewPage).toContain(keyName);
    expect(reviewPage).toContain("Dr. Ana Ruiz");
    await Promise.all([page, api, creator].map((http) => http.dispose()));
  });
});

test.describe("security events (R133) @http", () => {
  test("a failed and a good sign-in, a deactivation and a key made are recorded; a super administrator reads them, filtered, and as CSV; nobody else", async () => {
    const person = await createUser({ signedInBefore: true });
    const superAdmin = await createUser({ admin: true, superAdmin: true, signedInBefore: true });
    const admin = await createUser({ admin: true, signedInBefore: true });
    const anonymous = await client();
    const form = (password: string) => ({ headers: { Origin: baseURL }, form: { email: person.email, password } });
    await anonymous.post("/login", form("not the right one 1"));
    await anonymous.post("/login", form(person.password));
    const boss = await client(superAdmin);
    const byApi = await boss.put(`/api/users/${person.id}`, { data: { locked: true } });
    expect(byApi.status(), await byApi.text()).toBe(200);
    const events = await securityEventsAbout(person.id);
    expect(events.map((event) => event.kind)).toEqual(["signInFailed", "signIn", "deactivated"]);
    expect(events[2]).toMatchObject({ actor_user_id: superAdmin.id });
    expect(JSON.stringify(events)).not.toContain(person.password);

    const list = await boss.get(`/app/security-events?person=${encodeURIComponent(person.email)}`);
    expect(list.status()).toBe(200);
    const text = await list.text();
    for (const kind of ["Sign-in refused", "wrong password", "Signed in", "Account deactivated"])
      expect(text).toContain(kind);
    const filtered = await (
      await boss.get(`/app/security-events?person=${encodeURIComponent(person.email)}&kind=signIn`)
    ).text();
    expect(filtered).toContain("Security events: 1<");
    expect(filtered).not.toContain('data-label="What">Account deactivated<');
    const csv = await boss.get(`/app/security-events/export.csv?person=${encodeURIComponent(person.email)}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\n").filter((line) => line.includes(person.email))).toHaveLength(3);

    // An administrator and a referrer (the person is deactivated now: sent to sign in) are told the page is not theirs.
    for (const who of [admin, await createUser({ signedInBefore: true })]) {
      const http = await client(who);
      expect((await http.get("/app/security-events")).status()).toBe(403);
      expect((await http.get("/app/security-events/export.csv")).status()).toBe(403);
      await http.dispose();
    }
    expect((await anonymous.get("/app/security-events")).status()).toBe(302);
    await Promise.all([anonymous, boss].map((http) => http.dispose()));
  });
});
