import { settingWithDraft } from "~/test/referrals";
import { existsSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseWrites, type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import type { StoredFile } from "~/services/uploads.server";
import { createChild, deleteChild, startReferral } from "./child.server";
import {
  addDocument,
  deleteDocument,
  getDocument,
  getDocumentFile,
  listDocuments,
  sweepOrphanUploads,
  updateDocument,
} from "./document.server";
import { ForbiddenError, NotFoundError } from "./errors";
import type { CurrentUser } from "./user.server";

// Documents against a real SQLite file and a real uploads folder.

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
let ids: { child: number; referral: number; user: number };

beforeAll(async () => ({ test, owner, stranger, admin, ids } = await settingWithDraft(configuredTestDatabase)));
afterAll(() => test.close());

/** A file as the upload leaves it: written under a random name, not yet recorded. */
function uploaded(fileName = "screening.pdf"): StoredFile {
  const storedName = randomUUID();
  writeFileSync(path.join(test.dir, "uploads", storedName), "%PDF-1.7 test");
  return { storedName, fileName, kind: "pdf", contentType: "application/pdf", size: 13 };
}
const onDisk = (file: StoredFile) => existsSync(path.join(test.dir, "uploads", file.storedName));

describe("a referral's documents", () => {
  it("are listed apart, ordinary and consent, and the description alone changes", async () => {
    const report = uploaded();
    const consent = uploaded("consent.pdf");
    const { id } = await addDocument(
      test.db,
      owner,
      ids,
      { description: "Hearing screening", isConsent: false },
      report,
    );
    await addDocument(test.db, owner, ids, { description: "Signed consent", isConsent: true }, consent);
    const listed = await listDocuments(test.db, owner, ids);
    expect(listed.documents.map((document) => document.description)).toEqual(["Hearing screening"]);
    expect(listed.consentDocuments.map((document) => document.description)).toEqual(["Signed consent"]);

    await updateDocument(test.db, owner, ids, id, { description: "Hearing screening, March" });
    expect(await getDocument(test.db, owner, ids, id)).toMatchObject({
      description: "Hearing screening, March",
      fileName: "screening.pdf",
      size: 13,
    });
    expect((await getDocumentFile(test.db, owner, id)).storedName).toBe(report.storedName);
    expect(onDisk(report)).toBe(true);
  });

  it("are the creator's and the administrators' to download; anyone else is told they do not exist", async () => {
    const { id } = await addDocument(test.db, owner, ids, { description: "Letter", isConsent: false }, uploaded());
    expect((await getDocumentFile(test.db, admin, id)).fileName).toBe("screening.pdf");
    await expect(getDocumentFile(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDocument(test.db, stranger, ids, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateDocument(test.db, stranger, ids, id, { description: "x" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(deleteDocument(test.db, stranger, ids, id)).rejects.toBeInstanceOf(NotFoundError);
    // Administrators read, never change.
    await expect(deleteDocument(test.db, admin, ids, id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getDocumentFile(test.db, owner, id + 1000)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("take their file with them when deleted", async () => {
    const file = uploaded();
    const { id } = await addDocument(test.db, owner, ids, { description: "To delete", isConsent: false }, file);
    await deleteDocument(test.db, owner, ids, id);
    expect(onDisk(file)).toBe(false);
    await expect(getDocument(test.db, owner, ids, id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("leave no file behind when the save does not happen", async () => {
    const refused = uploaded();
    await expect(
      addDocument(test.db, stranger, ids, { description: "Not theirs", isConsent: false }, refused),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(onDisk(refused)).toBe(false);

    const allow = await refuseWrites(test.db, "referral_documents", "insert");
    const failed = uploaded();
    try {
      await expect(
        addDocument(test.db, owner, ids, { description: "Fails", isConsent: false }, failed),
      ).rejects.toThrow("refused for the test");
    } finally {
      await allow();
    }
    expect(onDisk(failed)).toBe(false);
  });

  it("go, files and all, with the child whose draft they belong to", async () => {
    const child = await createChild(
      test.db,
      owner,
      { id: null, firstName: "Mateo", lastName: "Ruiz", birthdate: "2025-09-01", stateOfResidence: "21" },
      "2026-11-21",
    );
    const referral = await startReferral(test.db, owner, child.id);
    const file = uploaded();
    await addDocument(
      test.db,
      owner,
      { child: child.id, referral: referral.id, user: owner.id },
      { description: "Report", isConsent: false },
      file,
    );
    await deleteChild(test.db, owner, child.id);
    expect(onDisk(file)).toBe(false);
  });

  it("are swept at start-up when a stopped server left a file no row names, once it is an hour old", async () => {
    const kept = uploaded();
    await addDocument(test.db, owner, ids, { description: "Kept", isConsent: false }, kept);
    const orphan = uploaded();
    expect(await sweepOrphanUploads(test.db)).toBe(0); // too recent: it may be an upload under way
    expect(await sweepOrphanUploads(test.db, { now: Date.now() + 2 * 60 * 60 * 1000 })).toBeGreaterThanOrEqual(1);
    expect(onDisk(orphan)).toBe(false);
    expect(onDisk(kept)).toBe(true);
  });

  it("are swept, when an upload was cut short by a stop, by the name it was being written under, once an hour old", async () => {
    const unfinished = path.join(test.dir, "uploads", `${randomUUID()}.part-0123abcd`);
    writeFileSync(unfinished, "%PDF-1.7 half");
    expect(await sweepOrphanUploads(test.db)).toBe(0); // it may still be arriving
    expect(existsSync(unfinished)).toBe(true);
    expect(await sweepOrphanUploads(test.db, { now: Date.now() + 2 * 60 * 60 * 1000 })).toBe(1);
    expect(existsSync(unfinished)).toBe(false);
  });
});
