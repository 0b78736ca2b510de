import { z } from "zod";
import { deleteDocument, readDocument, updateDocument } from "~/models/document.server";
import { wizardIdsOfPart } from "~/models/referral-record.server";
import { DocumentSchema } from "~/schemas/referral";
import { operation } from "./handler.server";
import { deletePartOperation, iri } from "./shapes.server";

// /api/referral_documents (R100), and the shape every document call answers with; uploads are under /api/referrals.

export function documentOut(document: Awaited<ReturnType<typeof readDocument>>) {
  return {
    "@id": iri("referral_documents", document.id),
    id: document.id,
    referral: iri("referrals", document.referralId),
    description: document.description,
    isConsent: document.isConsent,
    fileName: document.fileName,
    contentType: document.contentType,
    size: document.size,
    createdAt: document.createdAt,
    file: `/app/documents/${document.id}/file`,
  };
}

export const documentOperations = {
  get: operation({
    operationId: "getReferralDocument",
    method: "GET",
    path: "/api/referral_documents/{id}",
    tag: "Referral documents",
    access: "user",
    async run({ db, actor, id }) {
      return documentOut(await readDocument(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateReferralDocument",
    method: "PUT",
    path: "/api/referral_documents/{id}",
    tag: "Referral documents",
    access: "user",
    body: z.strictObject(DocumentSchema.shape),
    async run({ db, actor, id, body }) {
      const ids = await wizardIdsOfPart(db, actor, "referral_documents", id);
      await updateDocument(db, actor, ids, id, body);
      return documentOut(await readDocument(db, actor, id));
    },
  }),
  remove: deletePartOperation(
    {
      operationId: "deleteReferralDocument",
      path: "/api/referral_documents/{id}",
      tag: "Referral documents",
      table: "referral_documents",
    },
    deleteDocument,
  ),
};
