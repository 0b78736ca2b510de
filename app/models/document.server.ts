import { holdRows, writeTransaction, type DB } from "~/db.server";
import { listStoredFiles, removeStoredFiles, sweepUnfinishedUploads, type StoredFile } from "~/services/uploads.server";
import type { WizardIds } from "~/utils/wizard-paths";
import { NotFoundError } from "./errors";
import { runAlone } from "./lease.server";
import { recordAccess, seenPart } from "./access-record.server";
import { referralForReviewToken } from "./referral-admin.server";
import { getDraftForEdit } from "./referral.server";
import type { CurrentUser } from "./user.server";
import { metrics } from "~/services/metrics.server";
import { traced } from "~/services/trace.server";

// Documents of a referral (R62, R67). A file on disk follows its row: removed with it, never left by a failed save.

export interface DocumentSummary {
  id: number;
  description: string;
  isConsent: boolean;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

const SUMMARY = ["id", "description", "is_consent", "file_name", "content_type", "size_bytes", "created_at"] as const;

function summary(row: {
  id: number;
  description: string;
  is_consent: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}): DocumentSummary {
  return {
    id: row.id,
    description: row.description,
    isConsent: row.is_consent === 1,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size_bytes,
    createdAt: row.created_at,
  };
}

/** A referral's documents, less those disabled: none is shown or counted. Checks no access. */
export function liveDocuments(db: DB, referralId: number) {
  return db.selectFrom("referral_documents").where("referral_id", "=", referralId).where("disabled", "=", 0);
}

/** The referral's documents, ordinary and consent apart, oldest first. */
export const listDocuments = traced(
  "model.listDocuments",
  async function listDocuments(db: DB, actor: CurrentUser, ids: WizardIds) {
    const referral = await getDraftForEdit(db, actor, ids);
    const rows = await liveDocuments(db, referral.id).select(SUMMARY).orderBy("id").execute();
    const all = rows.map(summary);
    return { documents: all.filter((row) => !row.isConsent), consentDocuments: all.filter((row) => row.isConsent) };
  },
);

async function documentRow(db: DB, referralId: number, documentId: number) {
  const row = await liveDocuments(db, referralId).selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!row) throw new NotFoundError("document");
  return row;
}

export const getDocument = traced(
  "model.getDocument",
  async function getDocument(db: DB, actor: CurrentUser, ids: WizardIds, documentId: number): Promise<DocumentSummary> {
    const referral = await getDraftForEdit(db, actor, ids);
    return summary(await documentRow(db, referral.id, documentId));
  },
);

/** One document, for whoever may read its referral, whatever its status; administrators' reads are recorded. */
export const readDocument = traced(
  "model.readDocument",
  async function readDocument(
    db: DB,
    actor: CurrentUser,
    documentId: number,
  ): Promise<DocumentSummary & { referralId: number }> {
    const row = await seenPart(db, actor, await documentWithReferral(db, documentId), {
      action: "view",
      entityType: "document",
    });
    return { ...summary(row), referralId: row.referral_id };
  },
);

/** Records an uploaded file; if the referral may not take it or the save fails, the file is removed. */
export const addDocument = traced(
  "model.addDocument",
  async function addDocument(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    input: { description: string; isConsent: boolean },
    file: StoredFile,
  ): Promise<{ id: number }> {
    try {
      const kept = await writeTransaction(db, async (trx) => {
        // R135: the referral's row, held until the commit, so writes of the same referral take turns.
        await holdRows(trx, "referrals", "id", [ids.referral]);
        const referral = await getDraftForEdit(trx, actor, ids);
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("referral_documents")
          .values({
            referral_id: referral.id,
            description: input.description,
            is_consent: input.isConsent ? 1 : 0,
            file_name: file.fileName,
            file_path: file.storedName,
            content_type: file.contentType,
            size_bytes: file.size,
            created_by_id: actor.id,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx.updateTable("referrals").set({ updated_at: now }).where("id", "=", referral.id).execute();
        return row;
      });
      metrics.uploads.inc();
      metrics.uploadBytes.inc(file.size);
      return kept;
    } catch (error) {
      await removeStoredFiles([file.storedName]);
      throw error;
    }
  },
);

/** Changes the description only: the file stays as it was (R65). */
export const updateDocument = traced(
  "model.updateDocument",
  async function updateDocument(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    documentId: number,
    input: { description: string },
  ): Promise<void> {
    await writeTransaction(db, async (trx) => {
      // R135, as in addDocument.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      const row = await documentRow(trx, referral.id, documentId);
      const now = new Date().toISOString();
      await trx
        .updateTable("referral_documents")
        .set({ description: input.description, updated_at: now })
        .where("id", "=", row.id)
        .execute();
      await trx.updateTable("referrals").set({ updated_at: now }).where("id", "=", referral.id).execute();
    });
  },
);

export const deleteDocument = traced(
  "model.deleteDocument",
  async function deleteDocument(db: DB, actor: CurrentUser, ids: WizardIds, documentId: number): Promise<void> {
    const storedName = await writeTransaction(db, async (trx) => {
      // R135, as in addDocument.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      const row = await documentRow(trx, referral.id, documentId);
      await trx.deleteFrom("referral_documents").where("id", "=", row.id).execute();
      await trx
        .updateTable("referrals")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", referral.id)
        .execute();
      return row.file_path;
    });
    await removeStoredFiles([storedName]);
  },
);

/** A document's file, for the creator and administrators (recorded); anyone else NotFoundError. */
export const getDocumentFile = traced(
  "model.getDocumentFile",
  async function getDocumentFile(db: DB, actor: CurrentUser, documentId: number) {
    const row = await seenPart(db, actor, await documentWithReferral(db, documentId), {
      action: "download",
      entityType: "document",
    });
    return { storedName: row.file_path, fileName: row.file_name, contentType: row.content_type, size: row.size_bytes };
  },
);

/** A document of the referral a live review link opens, for the link's holder; else NotFoundError. */
export const getDocumentFileForReviewLink = traced(
  "model.getDocumentFileForReviewLink",
  async function getDocumentFileForReviewLink(db: DB, token: string | null | undefined, documentId: number) {
    const link = await referralForReviewToken(db, token);
    const row = link ? await documentWithReferral(db, documentId) : null;
    if (!link || !row || row.referral_id !== link.referralId) throw new NotFoundError("document");
    await recordAccess(
      db,
      { reviewLinkId: link.linkId },
      [{ referralId: row.referral_id, createdById: row.created_by_id }],
      {
        action: "download",
        entityType: "document",
        entityId: documentId,
      },
    );
    return { storedName: row.file_path, fileName: row.file_name, contentType: row.content_type, size: row.size_bytes };
  },
);

/** A live document, its file and the facts of its referral that say who may read it. Checks no access. */
function documentWithReferral(db: DB, documentId: number) {
  return db
    .selectFrom("referral_documents as d")
    .innerJoin("referrals as r", "r.id", "d.referral_id")
    .select([...SUMMARY.map((column) => `d.${column}` as const), "d.file_path", "d.referral_id"])
    .select(["r.created_by_id", "r.status", "r.local_program_id"])
    .where("d.id", "=", documentId)
    .where("d.disabled", "=", 0)
    .executeTakeFirst();
}

/** Read before deleting the referrals (their rows go with them); remove the files after the commit. */
export const storedFilesOf = traced(
  "model.storedFilesOf",
  async function storedFilesOf(db: DB, referralIds: number[]): Promise<string[]> {
    if (!referralIds.length) return [];
    const rows = await db
      .selectFrom("referral_documents")
      .select("file_path")
      .where("referral_id", "in", referralIds)
      .execute();
    return rows.map((row) => row.file_path);
  },
);

/**
 * Removes unreferenced or unfinished files older than an hour (left by an interrupted upload). One instance at a
 * time (R122); 0 when another is sweeping.
 */
export const sweepOrphanUploads = traced(
  "model.sweepOrphanUploads",
  async function sweepOrphanUploads(db: DB, { olderThanMs = 60 * 60 * 1000, now = Date.now() } = {}): Promise<number> {
    const removed = await runAlone(db, "sweep-uploads", SWEEP_LEASE_MS, async () => {
      const old = (await listStoredFiles())
        .filter((file) => now - file.modifiedMs > olderThanMs)
        .map((file) => file.storedName);
      const orphans: string[] = [];
      for (let start = 0; start < old.length; start += 500) {
        const names = old.slice(start, start + 500);
        const known = new Set(
          (await db.selectFrom("referral_documents").select("file_path").where("file_path", "in", names).execute()).map(
            (row) => row.file_path,
          ),
        );
        orphans.push(...names.filter((name) => !known.has(name)));
      }
      await removeStoredFiles(orphans);
      return orphans.length + (await sweepUnfinishedUploads(olderThanMs, now));
    });
    return removed ?? 0;
  },
);

/** Longer than a sweep of the largest folder takes; a lease an instance left by dying runs out after it. */
const SWEEP_LEASE_MS = 10 * 60 * 1000;
