import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import type { DB } from "../app/db.server";
import { freePort, open, OwnServer, send } from "./own-server";
import {
  createChild,
  createUser,
  fillReferral,
  openDataDir,
  sessionCookieOf,
  sessionSecret,
  startReferral,
  type TestUser,
} from "./support";

// The production server stopped dead (SIGKILL: no handler runs, as in a crash or a power cut of
// the process) in the middle of an upload, a submit and a report, then started again on the same
// data folder. What was acknowledged before is all there, nothing half-written is listed or
// served, and (on SQLite, whose file the server writes itself) SQLite's integrity check passes. These
// tests run a server of their own (killing the shared one would break the other tests), one after
// the other; on the PostgreSQL run, over a database of its own.

const MB = 1024 * 1024;
/** Referrals past the Draft stage, so that the report takes long enough to be stopped part-way. */
const REPORT_ROWS = 10_000;

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let server: OwnServer;
let dataDir: string;
let owner: TestUser;
let admin: TestUser;
let ownerCookie: string;
let adminCookie: string;
/** The server's database: app.db in its data folder, or on the PostgreSQL run a database of its own. */
let database: string;
const onSqlite = () => !database.startsWith("postgres");

/** A short-lived connection to the server's database: none stays open across a kill. */
async function withDb<T>(work: (db: DB) => Promise<T>): Promise<T> {
  const { openDatabase } = await import("../app/db.server");
  const db = openDatabase(database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

function integrityCheck(): string {
  const sqlite = new SQLite(database, { fileMustExist: true });
  try {
    return (sqlite.pragma("integrity_check") as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join("\n");
  } finally {
    sqlite.close();
  }
}

/** What was acknowledged (a 302 or a 200 came back) and must never be lost. */
const kept = {
  referrals: [] as number[],
  documents: new Map<number, string>(),
  reports: new Map<string, string>(),
  submittedCount: 0,
};
let keptRows: { referrals: unknown[]; documents: unknown[] };

function keptRowsNow() {
  return withDb(async (db) => ({
    referrals: await db.selectFrom("referrals").selectAll().where("id", "in", kept.referrals).orderBy("id").execute(),
    documents: await db
      .selectFrom("referral_documents")
      .selectAll()
      .where("referral_id", "in", kept.referrals)
      .orderBy("id")
      .execute(),
  }));
}

function submittedCount() {
  return withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("referrals")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("status", "=", "Submitted")
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
}

async function remember() {
  keptRows = await keptRowsNow();
  kept.submittedCount = await submittedCount();
}

/** After a restart: the database is whole, and every acknowledged record and file is there. */
async function expectNothingLost() {
  if (onSqlite()) expect(integrityCheck()).toBe("ok");
  expect(await keptRowsNow()).toEqual(keptRows);
  expect(await submittedCount()).toBeGreaterThanOrEqual(kept.submittedCount);
  for (const [id, hash] of kept.documents) {
    const download = await send("GET", `${server.base}/app/documents/${id}/file`, { Cookie: ownerCookie });
    expect(download.status, `document ${id}`).toBe(200);
    expect(sha(download.body), `document ${id}`).toBe(hash);
  }
  for (const [name, hash] of kept.reports) {
    const download = await send("GET", `${server.base}/app/reports/file/${name}`, { Cookie: adminCookie });
    expect(download.status, name).toBe(200);
    expect(sha(download.body), name).toBe(hash);
  }
}

/** A filled Draft of the owner's, ready to submit; returns its wizard address. */
async function filledDraft(): Promise<{ wizard: string; id: number }> {
  return withDb(async (db) => {
    const child = await createChild(owner, { firstName: "Lucía", lastName: "Pérez" }, db);
    const wizard = await startReferral(owner, child.id, db);
    const { referral } = await fillReferral(owner, wizard, { consent: 2 }, db);
    return { wizard, id: referral };
  });
}

function multipart(boundary: string, description: string, fileName: string, size: number) {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, length: head.length + size + tail.length };
}

/** A whole upload of a PDF; returns the answer and the file's bytes. */
async function upload(wizard: string, description: string, size: number) {
  const boundary = `----reliability${randomBytes(8).toString("hex")}`;
  const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);
  const { head, tail } = multipart(boundary, description, "evaluation.pdf", size);
  const answer = await send(
    "POST",
    `${server.base}${wizard}/supporting-documentation/new`,
    { Cookie: ownerCookie, Origin: server.base, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    Buffer.concat([head, bytes, tail]),
  );
  return { answer, bytes };
}

function submit(wizard: string) {
  const { request, answer } = open("POST", `${server.base}${wizard}/review`, {
    Cookie: ownerCookie,
    Origin: server.base,
    "Content-Type": "application/x-www-form-urlencoded",
  });
  request.end("intent=submit");
  return { request, answer };
}

function statusOf(id: number) {
  return withDb((db) =>
    db.selectFrom("referrals").select(["status", "submission_date"]).where("id", "=", id).executeTakeFirstOrThrow(),
  );
}

test.describe.configure({ mode: "serial" });

test.describe("the server killed mid-request @http", () => {
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "referral-reliability-"));
    const { db, env } = await openDataDir(dataDir);
    database = env.DATABASE_URL ?? path.join(dataDir, "app.db");
    try {
      owner = await createUser({}, db);
      admin = await createUser({ admin: true, domain: "maryland.gov" }, db);
      ownerCookie = await sessionCookieOf(owner, db);
      adminCookie = await sessionCookieOf(admin, db);
      // Submitted referrals without an address, enough to make the report take a while.
      const child = await createChild(owner, { firstName: "Bulk", lastName: "Report" }, db);
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < REPORT_ROWS; start += 1000) {
          const rows = Array.from({ length: 1000 }, () => ({
            child_id: child.id,
            created_by_id: owner.id,
            status: "Submitted" as const,
            has_been_copied: 0 as const,
            created_at: now,
            updated_at: now,
            submission_date: now,
            status_updated_at: now,
          }));
          await trx.insertInto("referrals").values(rows).execute();
        }
      });
    } finally {
      await db.destroy();
    }
    server = new OwnServer(dataDir, await sessionSecret(), await freePort(), env);
    await server.start();

    // Two referrals submitted with a document each, through the server as a person would.
    for (const description of ["Hearing screening", "Evaluation"]) {
      const { wizard, id } = await filledDraft();
      const { answer, bytes } = await upload(wizard, description, 200_000);
      expect(answer.status).toBe(302);
      const submitted = await submit(wizard).answer;
      expect(submitted.status).toBe(302);
      expect(submitted.headers.location).toBe(`${wizard}/submitted`);
      kept.referrals.push(id);
      const [document] = await withDb((db) =>
        db.selectFrom("referral_documents").select("id").where("referral_id", "=", id).execute(),
      );
      kept.documents.set(document.id, sha(bytes));
    }
    await remember();
    expect(keptRows.documents).toHaveLength(2);
  });

  test.afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach("server output", { body: server.output, contentType: "text/plain" });
  });

  test("killed during a 30 MB upload: no document row, and the partial file is never listed or served", async () => {
    const { wizard, id } = await filledDraft();
    const uploads = path.join(dataDir, "uploads");
    const before = new Set(readdirSync(uploads));
    const size = 30 * MB - 64 * 1024;
    const boundary = `----reliability${randomBytes(8).toString("hex")}`;
    const { head, length } = multipart(boundary, "Killed upload", "evaluation.pdf", size);
    const { request, answer } = open("POST", `${server.base}${wizard}/supporting-documentation/new`, {
      Cookie: ownerCookie,
      Origin: server.base,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(length),
    });
    answer.catch(() => undefined);
    request.write(head);
    request.write(Buffer.from("%PDF-1.7\n"));
    // 12 MB of the 30 go out; the kill comes once the server has written 8 MB of them to disk.
    const chunk = Buffer.alloc(MB, 0x20);
    for (let sent = 0; sent < 12 * MB; sent += MB) {
      if (!request.write(chunk)) await once(request, "drain");
    }
    const partial = await expect
      .poll(
        () =>
          readdirSync(uploads).filter((name) => !before.has(name) && statSync(path.join(uploads, name)).size >= 8 * MB),
        { timeout: 10_000 },
      )
      .toHaveLength(1)
      .then(() => readdirSync(uploads).find((name) => !before.has(name))!);
    await server.kill();
    request.destroy();
    const partialSize = statSync(path.join(uploads, partial)).size;
    expect(partialSize).toBeLessThan(size);

    await server.start();
    await expectNothingLost();
    expect(
      await withDb((db) =>
        db
          .selectFrom("referral_documents")
          .select("id")
          .where((eb) => eb.or([eb("referral_id", "=", id), eb("file_path", "=", partial)]))
          .execute(),
      ),
    ).toEqual([]);
    const list = await send("GET", `${server.base}${wizard}/supporting-documentation/list`, { Cookie: ownerCookie });
    expect(list.status).toBe(200);
    expect(list.body.toString()).not.toContain("Killed upload");
    // Downloads go through a document row: the next id there would be is not found.
    const last = await withDb((db) =>
      db
        .selectFrom("referral_documents")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow(),
    );
    expect(
      (await send("GET", `${server.base}/app/documents/${Number(last.id) + 1}/file`, { Cookie: ownerCookie })).status,
    ).toBe(404);
    // Left on disk, named by nothing (the start-up sweep removes such files once an hour old:
    // sweepOrphanUploads' unit test).
    expect(readdirSync(uploads)).toContain(partial);

    // The same upload, whole, works after the restart.
    const { answer: again, bytes } = await upload(wizard, "Evaluation, sent again", MB);
    expect(again.status).toBe(302);
    const [document] = await withDb((db) =>
      db.selectFrom("referral_documents").select(["id", "size_bytes"]).where("referral_id", "=", id).execute(),
    );
    expect(document.size_bytes).toBe(MB);
    expect(
      sha((await send("GET", `${server.base}/app/documents/${document.id}/file`, { Cookie: ownerCookie })).body),
    ).toBe(sha(bytes));
  });

  test("killed right after a submit is sent: the referral is wholly submitted or wholly a Draft, and submits after the restart", async () => {
    const { wizard, id } = await filledDraft();
    const { request, answer } = submit(wizard);
    answer.catch(() => undefined);
    await once(request, "finish");
    await server.kill();
    await server.start();
    await expectNothingLost();
    const after = await statusOf(id);
    test.info().annotations.push({ type: "outcome", description: `the kill left the referral ${after.status}` });
    // Either outcome is whole: no Submitted status without its date, no date on a Draft.
    if (after.status === "Submitted") expect(after.submission_date).not.toBeNull();
    else expect(after).toEqual({ status: "Draft", submission_date: null });

    const again = await submit(wizard).answer;
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(`${wizard}/submitted`);
    expect((await statusOf(id)).status).toBe("Submitted");
    kept.referrals.push(id);
    await remember();
  });

  test("killed during report generation: no report is listed and the partial file is not served", async () => {
    const reports = path.join(dataDir, "reports");
    const before = new Set(readdirSync(reports));
    const { request, answer } = open("POST", `${server.base}/generate-report`, {
      Cookie: adminCookie,
      Origin: server.base,
      "Content-Type": "application/json",
      Accept: "application/x-ndjson",
    });
    answer.catch(() => undefined);
    // The progress lines say how far the report is: the kill comes with the first one.
    const progress = new Promise<{ done: number; total: number }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const [line] = text.split("\n").slice(0, -1); // a whole line only
          if (line) resolve(JSON.parse(line));
        });
        response.on("end", () => reject(new Error(`the report ended without progress: ${text}`)));
      });
    });
    request.end(JSON.stringify({ format: "csv", filename: "killed" }));
    const first = await progress;
    await server.kill();
    expect(first.total).toBeGreaterThanOrEqual(REPORT_ROWS);
    expect(first.done).toBeLessThan(first.total);
    // The report's file was being written: it is there, part-way, under its temporary name (docs/product-rules.md
    // R122).
    const left = readdirSync(reports).filter((name) => !before.has(name));
    expect(left).toEqual([expect.stringMatching(/^killed-[0-9a-f]{8}\.csv\.part-[0-9a-f]{8}$/)]);
    expect(statSync(path.join(reports, left[0])).size).toBeGreaterThan(0);

    await server.start();
    await expectNothingLost();
    expect(
      await withDb((db) =>
        db.selectFrom("generated_reports").select("file_name").where("file_name", "like", "killed%").execute(),
      ),
    ).toEqual([]);
    const page = await send("GET", `${server.base}/app/reports`, { Cookie: adminCookie });
    expect(page.status).toBe(200);
    expect(page.body.toString()).not.toContain("killed-");
    for (const name of left)
      expect((await send("GET", `${server.base}/app/reports/file/${name}`, { Cookie: adminCookie })).status, name).toBe(
        404,
      );
  });

  test("killed just after a submit and a report were answered: the referral stays submitted, the report listed and whole", async () => {
    const { wizard, id } = await filledDraft();
    const submitted = await submit(wizard).answer;
    expect(submitted.status).toBe(302);
    expect(submitted.headers.location).toBe(`${wizard}/submitted`);
    kept.referrals.push(id);
    await remember();
    // The referrals with an address in Anne Arundel: the ones submitted through the server.
    const answer = await send(
      "POST",
      `${server.base}/generate-report`,
      { Cookie: adminCookie, Origin: server.base, "Content-Type": "application/json" },
      JSON.stringify({ format: "csv", filename: "kept", county: "24003" }),
    );
    await server.kill();
    expect(answer.status).toBe(200);
    const { filename, rows } = JSON.parse(answer.body.toString()) as { filename: string; rows: number };
    expect(rows).toBe(kept.referrals.length);
    const status = await statusOf(id);
    expect(status.status).toBe("Submitted");

    await server.start();
    expect(await statusOf(id)).toEqual(status);
    const download = await send("GET", `${server.base}/app/reports/file/${filename}`, { Cookie: adminCookie });
    expect(download.status).toBe(200);
    const lines = download.body.toString().trim().split(/\r?\n/);
    expect(lines).toHaveLength(rows + 1);
    const page = await send("GET", `${server.base}/app/reports`, { Cookie: adminCookie });
    expect(page.body.toString()).toContain(filename);
    kept.reports.set(filename, sha(download.body));
    await expectNothingLost();
  });
});
