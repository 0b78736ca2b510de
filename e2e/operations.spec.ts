import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { freePort, OwnServer, send } from "./own-server";
import {
  createChild,
  createUser,
  fillReferral,
  openDataDir,
  referralIdOf,
  sessionCookieOf,
  sessionSecret,
  startReferral,
  yearsAgo,
} from "./support";

// What operators see (docs/operations.md): the log of a whole walk through the service holds no personal data; the
// metrics, gathered over two workers, count what was done, to the bearer of METRICS_TOKEN alone; /readyz says an
// instance is stopping while it still answers (docs/product-rules.md R143–R145).

const TOKEN = "metrics-token-of-the-tests-0123456789abcdef";
let dataDir: string | undefined;
let server: OwnServer | undefined;

async function startServer(env: Record<string, string>) {
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-operations-"));
  const opened = await openDataDir(dataDir);
  server = new OwnServer(dataDir, await sessionSecret(), await freePort(), { ...opened.env, ...env });
  await server.start();
  return { db: opened.db, server };
}

test.afterEach(async () => {
  await server?.kill();
  server = undefined;
  // A test without a server of its own made no data folder.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** The server's output, a JSON object a line. */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a line of the log is not JSON: ${line}`);
      }
    });
}

/** A choice in a group of radio buttons, by its group's legend and its label (USWDS hides the inputs). */
function choice(page: Page, legend: string, label: string) {
  return page.getByRole("group", { name: legend }).locator("label", { hasText: new RegExp(`^${label}$`) });
}

test("the log of a whole walk, from signing in to the API, is one JSON object a line and holds no personal data", async ({
  page,
  context,
  javaScriptOn,
}) => {
  test.setTimeout(120_000);
  const { db, server } = await startServer({ LOG_LEVEL: "info" });
  const base = server.base;
  const user = await createUser({ lastName: "Ballesteros" }, db);
  const birthdate = yearsAgo(1);
  const [year, month, day] = birthdate.split("-").map(Number);
  const persona = {
    child: ["Xiomara", "Zeledón"],
    guardian: ["Marisol", "Quintanilla"],
    email: "marisol.quintanilla@example.org",
    phones: ["4105559876", "4435557788"],
  };

  // Signing in, once wrong, then right.
  await page.goto(`${base}/login`);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password 1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The e-mail address or password is not right.")).toBeVisible();
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/app\//);

  // A child, by its date of birth and name.
  const answer = await page.goto(`${base}/app/children/edit/preverify`);
  const requestId = answer!.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByLabel("Month", { exact: true }).selectOption(String(month));
  await page.getByLabel("Year", { exact: true }).selectOption(String(year));
  await page.getByLabel("Day", { exact: true }).selectOption(String(day));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name", { exact: true }).fill(persona.child[0]);
  await page.getByLabel("Last name", { exact: true }).fill(persona.child[1]);
  await page.getByRole("button", { name: "Add the child" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Child's details: ${persona.child.join(" ")}`);

  // A referral's first steps, and a parent with a phone and an e-mail address.
  await page.getByRole("button", { name: "Start a new referral" }).click();
  await choice(page, "How are you related to the child?", "Audiologist").click();
  // Without JavaScript the relationship is kept first, and the same step then asks its own questions (R150).
  if (!javaScriptOn) await page.getByRole("button", { name: "Save and continue" }).click();
  await choice(page, "Does the family know about this referral and agree to it?", "Yes").click();
  await choice(page, "Is this referral because of a hearing screening the child did not pass?", "Yes").click();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your name and phone");
  const wizard = page.url().replace(/\/referrer-information\/proxy$/, "");
  await page.getByLabel("Phone number").fill(persona.phones[0]);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("The child's sex, race and ethnicity");
  await page.goto(`${wizard}/family-information/guardian-list`);
  await page.getByRole("link", { name: "Add a parent or guardian" }).click();
  await page.getByLabel("First name", { exact: true }).fill(persona.guardian[0]);
  await page.getByLabel("Last name", { exact: true }).fill(persona.guardian[1]);
  await page.getByLabel("Relationship to the child").selectOption("1");
  await page.getByLabel("E-mail address").fill(persona.email);
  await page.getByLabel("Mobile phone").fill(persona.phones[1]);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Parent or guardian added")).toBeVisible();

  // A search by the child's name (in the address), and the referral read through the API.
  await page.goto(`${base}/app/children?name=${encodeURIComponent(persona.child[1])}`);
  await expect(page.getByRole("link", { name: new RegExp(persona.child[0]) })).toBeVisible();
  const referralId = Number(/\/referral\/(\d+)\//.exec(wizard + "/")![1]);
  const read = await page.request.get(`${base}/api/referrals/${referralId}`);
  expect(read.status()).toBe(200);
  const referral = (await read.json()) as { referrerLastName: string; adults: string[] };
  expect(referral.referrerLastName).toBe("Ballesteros");
  const adult = await page.request.get(`${base}${referral.adults[0]}`);
  expect(JSON.stringify(await adult.json())).toContain(persona.guardian[1]);

  // Another referral, filled and submitted through the API: its mail is written to the outbox.
  const other = await createChild(user, { firstName: persona.child[0], lastName: persona.child[1], birthdate }, db);
  const ids = await fillReferral(user, await startReferral(user, other.id, db), { consent: 2 }, db);
  const cookie = await sessionCookieOf(user, db);
  const submitted = await send("POST", `${base}/api/referrals/${ids.referral}/submit`, {
    Cookie: cookie,
    Origin: base,
  });
  expect(submitted.status).toBe(200);
  await db.destroy();

  await server.stop();
  const output = server.output;
  const lines = logLines(output);
  // Nothing of the persona, of the account or of its session: in any form the pages or the address carried it.
  const cookies = (await context.cookies()).map((one) => one.value).filter((value) => value.length > 8);
  const forbidden = [
    ...persona.child,
    encodeURIComponent(persona.child[1]),
    ...persona.guardian,
    persona.email,
    user.email,
    user.password,
    "Ballesteros",
    "Pérez",
    ...persona.phones,
    ...persona.phones.map((phone) => `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`),
    ...persona.phones.map((phone) => phone.slice(3)),
    birthdate,
    `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/${year}`,
    cookie.split("=")[1],
    ...cookies,
  ];
  for (const text of forbidden) expect(output, `the log holds ${text}`).not.toContain(text);

  // Every request's line: its id, route, status, time, the worker, and the user it was answered for.
  const answered = lines.filter((line) => line.msg === "answered");
  expect(answered.length).toBeGreaterThan(15);
  for (const line of answered) {
    expect(Object.keys(line).sort()).toEqual(
      expect.arrayContaining([
        "durationMs",
        "hostname",
        "level",
        "method",
        "pid",
        "reqId",
        "route",
        "status",
        "time",
        "worker",
      ]),
    );
    expect(Object.keys(line)).not.toEqual(expect.arrayContaining(["url"]));
    expect(typeof line.durationMs).toBe("number");
  }
  expect(answered.map((line) => line.reqId)).toContain(requestId);
  const routes = new Set(answered.map((line) => line.route));
  for (const route of [
    "routes/login",
    "routes/app.children.edit.preverify",
    "routes/app.children._index",
    "api GET /api/referrals/{id}",
    "api POST /api/referrals/{id}/submit",
  ]) {
    expect(routes, route).toContain(route);
  }
  // The signed-in requests name the user by id; signing in with a wrong password names no one.
  expect(answered.filter((line) => line.userId === user.id).length).toBeGreaterThan(10);
  expect(lines.find((line) => line.msg === "Mail written to the outbox")).toMatchObject({
    kind: "submitted",
    level: "info",
  });
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** The value of one series of the metrics' text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("the metrics of two workers, gathered, count a known sequence of requests, to the bearer of the token alone @http", async () => {
  test.setTimeout(60_000);
  const { db, server } = await startServer({ WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" });
  const user = await createUser({}, db);
  // A referrer with a referral ready to submit and a Draft to upload to; an administrator to record a status.
  const referrer = await createUser({}, db);
  const child = await createChild(referrer, {}, db);
  const ready = await startReferral(referrer, child.id, db);
  await fillReferral(referrer, ready, { consent: 2 }, db);
  const draft = await startReferral(referrer, child.id, db);
  const referrerCookie = await sessionCookieOf(referrer, db);
  const admin = await createUser({ admin: true }, db);
  const adminCookie = await sessionCookieOf(admin, db);
  await db.destroy();
  await expect.poll(() => server.output.includes("Processes: 2 (WEB_CONCURRENCY), every one answering")).toBe(true);
  const base = server.base;
  // Each on a connection of its own: the workers take turns.
  for (let n = 0; n < 10; n += 1) expect((await send("GET", `${base}/login`)).status).toBe(200);
  for (let n = 0; n < 3; n += 1) expect((await send("GET", `${base}/no/such/page`)).status).toBe(404);
  const form = (password: string) => `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(password)}`;
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: base };
  for (let n = 0; n < 2; n += 1)
    expect((await send("POST", `${base}/login`, headers, form("not the password 1"))).status).toBe(400);
  // A submit, an upload of a PDF and a status recorded.
  const submitted = await send("POST", `${base}/api/referrals/${referralIdOf(ready)}/submit`, {
    Cookie: referrerCookie,
    Origin: base,
  });
  expect(submitted.status).toBe(200);
  const upload = new FormData();
  upload.set("description", "Signed consent");
  upload.set("file", new Blob([PDF], { type: "application/pdf" }), "consent.pdf");
  const uploaded = await fetch(`${base}/api/referrals/${referralIdOf(draft)}/referral_documents`, {
    method: "POST",
    headers: { Cookie: referrerCookie, Origin: base },
    body: upload,
  });
  expect(uploaded.status, await uploaded.text()).toBe(201);
  const status = new URLSearchParams({ intent: "status", status: "Received" }).toString();
  const recorded = await send("POST", `${base}${ready}/review`, { ...headers, Cookie: adminCookie }, status);
  expect(recorded.status).toBe(302);
  // A request id handed on by a trusted proxy (here, loopback) is kept and sent back.
  const proxied = await send("GET", `${base}/healthz`, { "X-Request-Id": "lb-7f3a" });
  expect(proxied.headers["x-request-id"]).toBe("lb-7f3a");

  // The token, or nothing.
  expect((await send("GET", `${base}/metrics`)).status).toBe(401);
  expect((await send("GET", `${base}/metrics`, { Authorization: "Bearer not-the-token" })).status).toBe(401);
  const scraped = await send("GET", `${base}/metrics`, { Authorization: `Bearer ${TOKEN}` });
  expect(scraped.status).toBe(200);
  expect(scraped.headers["content-type"]).toContain("text/plain");
  const text = scraped.body.toString();

  // Summed over both workers: ten pages, three addresses of no route, two refused sign-ins.
  expect(sample(text, 'http_requests_total{route="routes/login",method="GET",status="200"}')).toBe(10);
  expect(sample(text, 'http_request_duration_seconds_count{route="routes/login",method="GET",status="200"}')).toBe(10);
  expect(
    sample(text, 'http_request_duration_seconds_bucket{le="+Inf",route="routes/login",method="GET",status="200"}'),
  ).toBe(10);
  expect(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(3);
  expect(sample(text, 'http_requests_total{route="routes/login",method="POST",status="400"}')).toBe(2);
  expect(sample(text, 'sign_in_failures_total{step="password"}')).toBe(2);
  expect(sample(text, 'http_requests_total{route="routes/healthz",method="GET",status="200"}')).toBeGreaterThanOrEqual(
    1,
  );
  // Each worker's memory beside its limit, and the processes' own figures.
  for (const worker of ["1", "2"]) {
    expect(sample(text, `worker_heap_used_bytes{worker="${worker}"}`)).toBeGreaterThan(1_000_000);
    expect(sample(text, `worker_heap_limit_bytes{worker="${worker}"}`)).toBeGreaterThan(100_000_000);
  }
  expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  expect(text).toMatch(/^db_query_duration_seconds_count\{kind="select",outcome="ok"\} \d+/m);
  for (const name of [
    "mail_sent_total",
    "mail_failed_total",
    "uploads_total",
    "upload_bytes_total",
    "referrals_submitted_total",
    "reports_total",
  ]) {
    expect(text).toContain(`# TYPE ${name} counter`);
  }
  expect(sample(text, "referrals_submitted_total")).toBe(1);
  expect(sample(text, "mail_sent_total")).toBeGreaterThanOrEqual(2);
  expect(sample(text, "mail_failed_total")).toBe(0);
  expect(sample(text, "uploads_total")).toBe(1);
  expect(sample(text, "upload_bytes_total")).toBe(PDF.length);
  expect(sample(text, 'referral_status_changes_total{status="Received"}')).toBe(1);
  expect(
    sample(
      text,
      'http_requests_total{route="api POST /api/referrals/{id}/referral_documents",method="POST",status="201"}',
    ),
  ).toBe(1);
  expect(sample(text, "data_folder_free_bytes")).toBeGreaterThan(0);
  // On PostgreSQL, the pools of both workers: the connections they opened.
  if (process.env.DATABASE_URL) expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(2);
  else expect(sample(text, 'db_pool_connections{state="total"}')).toBe(0);
  expect(sample(text, "worker_restarts_total")).toBe(0);
  // No label holds an address, a query or a person: only the names above.
  expect(text).not.toContain(user.email);
  expect(text).not.toContain("/no/such/page");

  // A worker killed is started again, and counted by the first process.
  const [worker] = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .map(Number);
  process.kill(worker, "SIGKILL");
  // (A scrape that asked the dead worker waits out prom-client's 5 s for it, and answers 503.)
  const restarts = async () => {
    const answer = await fetch(`${base}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
      signal: AbortSignal.timeout(8000),
    }).catch(() => null);
    return answer?.status === 200 ? sample(await answer.text(), "worker_restarts_total") : answer?.status;
  };
  await expect.poll(restarts, { timeout: 30_000 }).toBe(1);
});

test("without METRICS_TOKEN, /metrics is no page of the server @http", async ({ request }) => {
  const answer = await request.get("/metrics");
  expect(answer.status()).toBe(404);
});

test("on SIGTERM /readyz answers 503 while the pages are still answered, then the server stops @http", async () => {
  const { db, server } = await startServer({ WEB_CONCURRENCY: "2", SHUTDOWN_DRAIN_SECONDS: "2" });
  await db.destroy();
  await expect.poll(() => server.output.includes("every one answering")).toBe(true);
  const ready = await send("GET", `${server.base}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.body.toString()).toBe("ready\n");

  process.kill(server.pid, "SIGTERM");
  await expect.poll(async () => (await send("GET", `${server.base}/readyz`)).status).toBe(503);
  const stopping = await send("GET", `${server.base}/readyz`);
  expect(stopping.body.toString()).toBe("the server is stopping\n");
  // Still answering what the load balancer sent before it saw the 503.
  expect((await send("GET", `${server.base}/login`)).status).toBe(200);
  // Then it stops of itself, once the drain is over.
  await expect
    .poll(
      () =>
        send("GET", `${server.base}/login`).then(
          () => "answering",
          () => "stopped",
        ),
      { timeout: 15_000 },
    )
    .toBe("stopped");
  expect(await server.stop()).toBe(0);
});
