import { afterAll, beforeAll, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { fixedT } from "~/i18n/i18next.server";
import { insertApiKey } from "~/test/api-keys";
import { addPerson } from "~/test/people";
import { loader, action } from "~/routes/api.$";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { openApiDocument } from "./openapi.server";

// Thousands of malformed bodies and parameters to every call of the JSON API (docs/product-rules.md R100), through its
// route module as the server hands it a request, against a real database: none is answered 500, every refusal is the
// API's JSON error, and nothing of another person's changes. The calls' own answers are e2e/api.spec.ts's, over HTTP.

const ORIGIN = "http://localhost";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const HOME_PHONE = { areaCode: "301", prefix: "555", suffix: "0003" };

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
  // Thousands of calls from one caller: the limit per caller (a unit test of its own, api.server.test.ts) is raised.
  process.env.API_RATE_LIMIT = "1000000";
  (await import("~/config.server")).getConfig();
});
afterAll(() => test.close());

type Sent = { data?: unknown; raw?: Buffer; type?: string; multipart?: FormData };

/** A caller: a person's session cookie, an API key, forged credentials, or nobody. */
type Caller = Record<string, string>;

async function call(caller: Caller, path: string, method: string, sent?: Sent): Promise<Response> {
  const headers = new Headers(caller);
  let body: BodyInit | undefined;
  if (sent?.multipart) body = sent.multipart;
  else if (sent?.raw) {
    body = new Uint8Array(sent.raw);
    headers.set("Content-Type", sent.type ?? "application/json");
  } else if (sent) {
    body = JSON.stringify(sent.data);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(new URL(path, ORIGIN), { method: method.toUpperCase(), headers, body });
  const serve = request.method === "GET" || request.method === "HEAD" ? loader : action;
  // As the route is called: the params of its splat, the database and the client's address in the load context.
  return serve({
    request,
    params: { "*": path.replace(/^\/api\//, "").split("?")[0] },
    context: { db: test.db, clientIp: "192.0.2.20" },
  });
}

async function created(response: Response) {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

const sessionOf = async (userId: number): Promise<Caller> => ({
  Cookie: (await createSession(test.db, userId)).split(";")[0],
});

/** Everything of a person's the API reaches, as a text to compare. */
async function everythingOf(userId: number) {
  const db = test.db;
  const referrals = await db
    .selectFrom("referrals")
    .selectAll()
    .where("created_by_id", "=", userId)
    .orderBy("id")
    .execute();
  const ids = referrals.map((row) => row.id);
  const of = (table: "adults" | "referral_documents" | "referral_races" | "referral_reasons") =>
    ids.length ? db.selectFrom(table).selectAll().where("referral_id", "in", ids).execute() : Promise.resolve([]);
  return JSON.stringify({
    user: await db.selectFrom("users").selectAll().where("id", "=", userId).execute(),
    children: await db.selectFrom("children").selectAll().where("created_by_id", "=", userId).orderBy("id").execute(),
    referrals,
    adults: await of("adults"),
    documents: await of("referral_documents"),
    races: await of("referral_races"),
    reasons: await of("referral_reasons"),
    addresses: await db.selectFrom("addresses").selectAll().where("created_by_id", "=", userId).orderBy("id").execute(),
    phones: await db
      .selectFrom("phone_numbers")
      .selectAll()
      .where("created_by_id", "=", userId)
      .orderBy("id")
      .execute(),
  });
}

/** A person's records of every kind the API reaches, made through it. */
async function recordsOf(caller: Caller, name: string) {
  const birthdate = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const child = await created(
    await call(caller, "/api/children", "post", {
      data: { firstName: "Ana", lastName: name, birthdate, stateOfResidence: "21" },
    }),
  );
  const referral = await created(await call(caller, "/api/referrals", "post", { data: { child: child["@id"] } }));
  const adult = await created(
    await call(caller, "/api/adults", "post", {
      data: {
        referral: referral["@id"],
        firstName: "Rosa",
        lastName: name,
        childRelationship: "1",
        homePhoneNumber: HOME_PHONE,
      },
    }),
  );
  const upload = new FormData();
  upload.set("description", name);
  upload.set("file", new Blob([PDF], { type: "application/pdf" }), "a.pdf");
  const document = await created(
    await call(caller, `/api/referrals/${referral.id}/referral_documents`, "post", { multipart: upload }),
  );
  const address = await created(
    await call(caller, "/api/addresses", "post", {
      data: { line1: "1 Main St", city: "Annapolis", zip: "21401", county: "24003" },
    }),
  );
  const phone = await created(
    await call(caller, "/api/phone_numbers", "post", { data: { areaCode: "410", prefix: "555", suffix: "0000" } }),
  );
  return { child, referral, adult, document, address, phone };
}

it("answers thousands of malformed bodies and parameters to every call with no 500, and changes nothing of another person's", async () => {
  const [caller, victim, admin] = [
    await addPerson(test.db, "caller@example.com"),
    await addPerson(test.db, "victim@example.com"),
    await addPerson(test.db, "admin@maryland.gov", { admin: true }),
  ];
  const theirs = await recordsOf(await sessionOf(victim.id), "Theirs");
  const before = await everythingOf(victim.id);
  const mine = await sessionOf(caller.id);
  const my = await recordsOf(mine, "Mine");
  /** The caller's record and the victim's, by the path's resource. */
  const records: Record<string, [unknown, unknown]> = {
    referrals: [my.referral.id, theirs.referral.id],
    children: [my.child.id, theirs.child.id],
    adults: [my.adult.id, theirs.adult.id],
    referral_documents: [my.document.id, theirs.document.id],
    addresses: [my.address.id, theirs.address.id],
    phone_numbers: [my.phone.id, theirs.phone.id],
    users: [caller.id, victim.id],
    // The programs are everyone's to read and the super administrators' to change (R136): none is the caller's own.
    local_programs: [1, 2],
  };

  type Schema = { properties?: Record<string, unknown> };
  type Op = { requestBody?: { content: Record<string, { schema: Schema }> } };
  const paths = openApiDocument(await fixedT("en", ["api", "common"]), ORIGIN).paths as Record<
    string,
    Record<string, Op>
  >;
  const badIds = [0, -1, "abc", "1e3", "99999999999999999999", "1;DROP TABLE users", "%00", "%2e%2e"];
  const strange: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    2 ** 53 + 1,
    "",
    "x".repeat(20_000),
    "2025-02-31",
    "9999-99-99",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "/api/children/-1",
    [],
    [null],
    {},
    { nested: { deeper: [1, 2, 3] } },
    "\u0000\uffff",
  ];
  const bodiesFor = (schema: Schema | undefined): Sent[] => {
    const bodies: Sent[] = [
      { raw: Buffer.from("{not json") },
      { raw: Buffer.from("[") },
      { raw: Buffer.from("x=1&y=2"), type: "application/x-www-form-urlencoded" },
      { raw: Buffer.from("hello"), type: "text/plain" },
      { raw: Buffer.from("--x\r\n\r\n"), type: "multipart/form-data; boundary=x" },
      { data: null },
      { data: [] },
      { data: "string" },
      { data: 42 },
      { data: { unknownField: 1 } },
      { data: Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field${index}`, index])) },
      // Hostile keys: an object's own "__proto__" as JSON writes it, the names every object inherits, a very long name.
      { raw: Buffer.from('{"__proto__": {"isAdmin": true, "roles": ["ROLE_SUPER_ADMIN"]}}') },
      { raw: Buffer.from('{"constructor": {"prototype": {"isAdmin": true}}}') },
      { data: { prototype: "x", hasOwnProperty: 1, toString: [] } },
      { data: { ["k".repeat(5000)]: 1 } },
    ];
    // Each field gets a third of the strange values, a different third for the next field.
    Object.keys(schema?.properties ?? {}).forEach((name, field) =>
      strange.forEach((value, index) => (index + field) % 3 === 0 && bodies.push({ data: { [name]: value } })),
    );
    return bodies;
  };
  const queries = [
    "page=-1",
    "page=99999999999",
    "page=1.5",
    "count=1000",
    "count=-10",
    "order[nope]=asc",
    "order[createdAt]=up",
    "createdAt[before]=yesterday",
    "createdAt[strictly_after]=2025-13-01",
    "not_equals[status]=Nope",
    "status[]=Draft",
    "page=1&page=2",
    "child.id=abc",
    "createdBy.id=-1",
    "type=Planets",
    "name=",
    "token=%00",
    `${"x".repeat(3000)}=1`,
    "lang=xx",
    // Hostile names: what every object inherits, as a list's own fields, orders, ranges and exclusions would be.
    "order[__proto__]=asc",
    "order[constructor]=desc",
    "order[toString]=asc",
    "__proto__=1",
    "constructor=x",
    "prototype=1",
    "not_equals[__proto__]=Draft",
    "not_equals[constructor]=Draft",
    "__proto__[before]=2025-01-01",
    "constructor[after]=2025-01-01",
    `order[${"a".repeat(3000)}]=asc`,
    "status=Draft&status=Submitted",
  ];

  const admins = await sessionOf(admin.id);
  const anonymous: Caller = {};
  const forged: Caller[] = [{ Cookie: "__session=forged; lang=%%%" }, { Authorization: "Bearer mdei_forged" }];
  // A key of the administrator's, so that a key's caller is tried too.
  const keyed: Caller = {
    Authorization: `Bearer ${(await insertApiKey(test.db, admin.id, { name: "Fuzz", scope: "write" })).key}`,
  };
  const requests: Array<[Caller, string, string, Sent?]> = [];
  for (const [template, operations] of Object.entries(paths)) {
    const resource = /^\/api\/(\w+)\/\{id\}/.exec(template)?.[1];
    const [myId, theirId] = resource ? records[resource] : [undefined, undefined];
    const at = (id: unknown) => template.replace("{id}", String(id)).replace("{key}", String(id));
    for (const [method, op] of Object.entries(operations)) {
      // Ids: another's, impossible ones; as the caller, anonymous, and with forged credentials.
      if (template.includes("{")) {
        const tried = template.includes("{key}")
          ? ["en", "sp", "xx", "EN", "..", "%2e%2e%2fetc"]
          : [theirId, ...badIds];
        tried.forEach((id, index) =>
          [mine, anonymous, ...(index === 0 ? forged : [])].forEach((who) => requests.push([who, at(id), method])),
        );
      }
      // Queries, on the caller's own record.
      const own = template.includes("{key}") ? at("en") : at(myId);
      for (const query of queries)
        for (const who of method === "get" ? [mine, admins, keyed] : [mine])
          requests.push([who, `${own}?${query}`, method]);
      // Bodies: every field given every strange value, on the caller's record and on the victim's.
      if (method !== "get" && method !== "delete") {
        const schema = op.requestBody ? Object.values(op.requestBody.content)[0].schema : undefined;
        bodiesFor(schema).forEach((sent, index) => {
          requests.push([mine, index % 2 ? at(theirId) : own, method, sent]);
          if (index % 5 === 0) requests.push([admins, own, method, sent]);
        });
      }
    }
  }
  expect(requests.length).toBeGreaterThan(2000);
  const failures: string[] = [];
  for (const [who, path, method, sent] of requests) {
    const response = await call(who, path, method, sent);
    if (response.status >= 500)
      failures.push(`${response.status} ${method} ${path} ${(await response.text()).slice(0, 200)}`);
    else if (response.status >= 400 && !(response.headers.get("content-type") ?? "").includes("json"))
      failures.push(`${response.status} not JSON ${method} ${path}`);
  }
  expect(failures.slice(0, 20)).toEqual([]);
  expect(await everythingOf(victim.id)).toBe(before);
}, 240_000);
