import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { DB } from "../app/db.server";
import { freePort, OwnServer, send, type Answer } from "./own-server";
import { createUser, openDataDir, sessionCookieOf, sessionSecret, yearsAgo, type TestUser } from "./support";

// Traces (docs/decisions/0017-traces-start-before-the-server.md): a server of the test's own, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver of the test's own, sends the spans of a child
// added and of one wizard step saved (a parent's name, e-mail and phone), each in one trace from the http server's
// span down to the model functions (and, on PostgreSQL, the queries); and no span says a thing about the child or the
// parent, nor any query string (docs/product-rules.md R146). Requests without a page: run once (@http).

test.describe.configure({ mode: "serial" });

/** One span as the receiver got it (OTLP's JSON encoding, ids in hex). */
interface Span {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Attribute[];
  events?: Array<{ name: string; attributes?: Attribute[] }>;
  status?: { code?: number; message?: string };
}
interface Attribute {
  key: string;
  value: AnyValue;
}
interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: Attribute[] };
}

const SERVER = 2;
const spans: Span[] = [];
let receiver: http.Server;
let dataDir: string;
let db: DB;
let server: OwnServer;
let user: TestUser;
let cookie: string;

/** The persona: a child and a parent, in the words a referrer types them. */
const tag = randomBytes(3).toString("hex");
const persona = {
  childFirstName: `Maximiliana${tag}`,
  childLastName: `Quattlebaum${tag}`,
  birthdate: yearsAgo(1, 17),
  parentFirstName: `Ottoline${tag}`,
  parentLastName: `Vanderkloot${tag}`,
  email: `ottoline.${tag}@example.com`,
  phone: "410-555-0147",
};
/** A value only the list's query string holds. */
const searchMarker = `searched${tag}`;

/** What must not be in any span: the persona's every field (the phone's digits, the date as written and as shown). */
function secrets(): string[] {
  const [year, month, day] = persona.birthdate.split("-");
  return [
    persona.childFirstName,
    persona.childLastName,
    persona.parentFirstName,
    persona.parentLastName,
    persona.email,
    persona.email.split("@")[0],
    "4105550147",
    "555-0147",
    "5550147",
    persona.birthdate,
    `${month}/${day}/${year}`,
    `${day}/${month}/${year}`,
    searchMarker,
  ];
}

function textsOf(value: AnyValue | undefined): string[] {
  if (!value) return [];
  if (value.arrayValue) return (value.arrayValue.values ?? []).flatMap(textsOf);
  if (value.kvlistValue)
    return (value.kvlistValue.values ?? []).flatMap((entry) => [entry.key, ...textsOf(entry.value)]);
  const scalar = value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue;
  return scalar === undefined ? [] : [String(scalar)];
}

/** Everything a span says: its name, its attributes, its events' attributes, its status. */
function textsOfSpan(span: Span): string[] {
  const attributes = [...(span.attributes ?? []), ...(span.events ?? []).flatMap((event) => event.attributes ?? [])];
  return [
    span.name,
    ...attributes.flatMap((attribute) => [attribute.key, ...textsOf(attribute.value)]),
    span.status?.message ?? "",
  ];
}

function attribute(span: Span, key: string): string | undefined {
  const found = span.attributes?.find((entry) => entry.key === key);
  return found ? textsOf(found.value)[0] : undefined;
}

/** The spans of one trace, and whether `span` descends from `ancestor` in it. */
function descends(span: Span, ancestor: Span, trace: Span[]): boolean {
  const byId = new Map(trace.map((each) => [each.spanId, each]));
  for (
    let at = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
    at;
    at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined
  ) {
    if (at.spanId === ancestor.spanId) return true;
  }
  return false;
}

function receive(request: http.IncomingMessage, response: http.ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    if (request.method !== "POST" || request.url !== "/v1/traces") {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      resourceSpans?: Array<{ scopeSpans?: Array<{ scope?: { name?: string }; spans?: Omit<Span, "scope">[] }> }>;
    };
    for (const resource of body.resourceSpans ?? []) {
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? []) spans.push({ ...span, scope: scope.scope?.name ?? "" });
    }
    response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
}

/** The spans of the trace whose server span answered `method` `route`, once they have all come. */
async function traceOf(
  method: string,
  route: string,
  complete: (trace: Span[]) => boolean,
): Promise<{ root: Span; trace: Span[] }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const root = spans.find(
      (span) =>
        span.kind === SERVER &&
        attribute(span, "http.request.method") === method &&
        attribute(span, "http.route") === route,
    );
    const trace = root ? spans.filter((span) => span.traceId === root.traceId) : [];
    if (root && complete(trace)) return { root, trace };
    if (Date.now() > deadline) {
      throw new Error(
        `no complete trace of ${method} ${route} within 15 s; the spans received:\n${spans.map((span) => `${span.scope} ${span.name}`).join("\n")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");

function post(path: string, form: Record<string, string>): Promise<Answer> {
  return send(
    "POST",
    `${server.base}${path}`,
    { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie },
    new URLSearchParams(form).toString(),
  );
}

test.beforeAll(async () => {
  receiver = http.createServer(receive);
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-traces-"));
  const opened = await openDataDir(dataDir);
  db = opened.db;
  user = await createUser({}, db);
  cookie = await sessionCookieOf(user, db);
  server = new OwnServer(dataDir, await sessionSecret(), await freePort(), {
    ...opened.env,
    // Two workers, as production runs: each starts OpenTelemetry before it loads the server.
    WEB_CONCURRENCY: "2",
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_BSP_SCHEDULE_DELAY: "200",
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a wizard step saved is one trace from the request to the model functions, and no span holds the child's or the parent's data @http", async () => {
  // A child added, on to a new referral (its name and birth date typed).
  const added = await post("/app/children/edit/name", {
    id: "",
    birthdate: persona.birthdate,
    stateOfResidence: "21",
    firstName: persona.childFirstName,
    lastName: persona.childLastName,
    next: "referral",
  });
  expect(added.status, added.body.toString()).toBe(302);
  const wizard = /^(\/app\/child\/\d+\/referral\/\d+\/user\/\d+)\//.exec(added.headers.location ?? "")?.[1];
  expect(wizard, added.headers.location).toBeTruthy();

  // The list filtered by the child's name, in the query string.
  const searched = await send(
    "GET",
    `${server.base}/app/referrals/drafts?childName=${encodeURIComponent(persona.childLastName)}&marker=${searchMarker}`,
    {
      Cookie: cookie,
    },
  );
  expect(searched.status).toBe(200);

  // The wizard's step: a parent or guardian, with their e-mail and phone.
  const saved = await post(`${wizard}/family-information/guardian/add-edit/new`, {
    firstName: persona.parentFirstName,
    lastName: persona.parentLastName,
    childRelationship: "1",
    email: persona.email,
    homePhoneNumber: persona.phone,
  });
  expect(saved.status, saved.body.toString()).toBe(302);
  expect(saved.headers.location).toBe(`${wizard}/family-information/guardian-list`);

  const stepRoute = "/app/child/:child/referral/:referral/user/:user/family-information/guardian/add-edit/:adult";
  const { root, trace } = await traceOf("POST", stepRoute, (spans) =>
    spans.some((span) => span.name === "model.saveAdult"),
  );
  // The http server's span, named by the route's path, not by the ids in its address.
  expect(root.name).toBe(`POST ${stepRoute}`);
  expect(root.scope).toBe("@opentelemetry/instrumentation-http");
  expect(attribute(root, "http.response.status_code")).toBe("302");
  expect(attribute(root, "url.path")).toBe(`${wizard}/family-information/guardian/add-edit/new`);
  // Express's handler, the route's action, and the model functions it called, each below the one before.
  const express = trace.find((span) => span.scope === "@opentelemetry/instrumentation-express");
  const action = trace.find((span) => span.name === "action wizard/steps/guardian");
  const save = trace.find((span) => span.name === "model.saveAdult");
  expect(express, "express's span").toBeDefined();
  expect(action, "the action's span").toBeDefined();
  expect(save, "the model's span").toBeDefined();
  expect(descends(express!, root, trace)).toBe(true);
  expect(descends(action!, express!, trace)).toBe(true);
  expect(descends(save!, action!, trace)).toBe(true);
  expect(attribute(save!, "code.function.name")).toBe("saveAdult");
  expect(save!.attributes?.map((entry) => entry.key)).toEqual(["code.function.name"]);
  // The child added, and the search, were traced as well.
  await traceOf("POST", "/app/children/edit/name", (spans) =>
    spans.some((span) => span.name === "model.createChildWithReferral"),
  );
  await traceOf("GET", "/app/referrals/drafts", (spans) =>
    spans.some((span) => span.name.startsWith("loader routes/app.referrals.drafts")),
  );

  if (onPostgres) {
    // PostgreSQL's queries, below the model function that made them, without their values.
    const queries = trace.filter(
      (span) => span.scope === "@opentelemetry/instrumentation-pg" && attribute(span, "db.query.text"),
    );
    expect(queries.length, "pg spans in the step's trace").toBeGreaterThan(0);
    expect(queries.some((query) => descends(query, save!, trace))).toBe(true);
  }

  // Nothing about the persona, nor any query string, anywhere in any span.
  const said = spans.flatMap((span) => textsOfSpan(span).map((text) => ({ span: `${span.scope} ${span.name}`, text })));
  for (const secret of secrets()) {
    expect(
      said.filter(({ text }) => text.toLowerCase().includes(secret.toLowerCase())),
      `a span holds ${secret}`,
    ).toEqual([]);
  }
  expect(said.filter(({ text }) => /[?&](childName|marker)=/.test(text)).map(({ span }) => span)).toEqual([]);
  expect(spans.flatMap((span) => span.attributes ?? []).filter((entry) => entry.key === "url.query")).toEqual([]);
});
