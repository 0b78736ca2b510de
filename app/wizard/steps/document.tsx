import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentForm, type DocumentActionData } from "~/components/documents/DocumentForm";
import { requireUser } from "~/auth/auth.server";
import { getPageTranslation } from "~/i18n/page.server";
import { addDocument, getDocument, updateDocument } from "~/models/document.server";
import { getDraftForEdit } from "~/models/referral.server";
import { loadStep, wizardIds } from "~/wizard/step.server";
import { DocumentSchema } from "~/schemas/referral";
import { redirectWithToast } from "~/services/toast.server";
import { BadUploadError, FileTooLargeError, parseUpload, removeStoredFiles, UploadRefusedError, type StoredFile } from "~/services/uploads.server";
import { idParam, route } from "~/utils/route.server";
import { readCarried, returnHref } from "~/wizard/carry";
import { ForbiddenError, NotFoundError } from "~/models/errors";
import { logFor } from "~/services/log.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

const documentParam = (value: string | undefined) => (value === "new" ? null : idParam(value));

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids } = await loadStep(db, request, params, "documents");
  const documentId = documentParam(params.document);
  const document = documentId === null ? null : await getDocument(db, actor, ids, documentId);
  const carried = readCarried(new URL(request.url).searchParams);
  if (document) carried.isConsent = document.isConsent;
  const { title } = await getPageTranslation(request, ["wizard", "common"]);
  const titleKey = document ? "documents.editTitle" : carried.isConsent ? "documents.addConsentTitle" : "documents.addTitle";
  return json({ title: title(`wizard:${titleKey}`), titleKey, ids, carried, document, back: returnHref(ids, carried) });
});

const reply = (data: DocumentActionData, status: number) => json(data, { status });

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context.db);
  const ids = wizardIds(params);
  const db = context.db;
  const documentId = documentParam(params.document);
  // Whose referral it is comes first: a stranger's upload is refused before any of it is read.
  if (documentId === null) await getDraftForEdit(db, actor, ids);
  else await getDocument(db, actor, ids, documentId);

  if (documentId !== null) {
    // Editing changes the description only; the file stays (docs/product-rules.md R65).
    const formData = await request.formData();
    const carried = readCarried(formData);
    const submission = parseWithZod(formData, { schema: DocumentSchema });
    if (submission.status !== "success") return reply({ result: submission.reply() }, 400);
    await updateDocument(db, actor, ids, documentId, submission.value);
    return redirectWithToast(returnHref(ids, carried), { key: "toasts.documentUpdated" });
  }

  let fields: FormData;
  let file: StoredFile | null;
  try {
    ({ fields, file } = await parseUpload(request));
  } catch (error) {
    if (error instanceof UploadRefusedError) {
      const submission = parseWithZod(error.fields, { schema: DocumentSchema });
      if (error.reason instanceof FileTooLargeError) return reply({ result: submission.reply(), tooLarge: { size: error.reason.size } }, 413);
      return reply(
        { result: submission.reply({ fieldErrors: { file: [error.reason.reason === "empty" ? "validation.fileEmpty" : "validation.fileType"] } }) },
        400,
      );
    }
    if (error instanceof BadUploadError) return reply({ failed: true }, 400);
    throw error;
  }
  const carried = readCarried(fields);
  const submission = parseWithZod(fields, { schema: DocumentSchema });
  if (submission.status !== "success" || !file) {
    await removeStoredFiles([file?.storedName]);
    const fileErrors = file ? {} : { file: ["validation.fileRequired"] };
    return reply(
      { result: submission.reply({ fieldErrors: { ...(submission.status === "error" ? submission.error : {}), ...fileErrors } as Record<string, string[]> }) },
      400,
    );
  }
  try {
    await addDocument(db, actor, ids, { description: submission.value.description, isConsent: carried.isConsent }, file);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError) throw error;
    logFor(request).error({ err: error }, "saving a document failed");
    return reply({ result: submission.reply(), failed: true }, 500);
  }
  return redirectWithToast(returnHref(ids, carried), { key: "toasts.documentSaved" });
});

export default function DocumentStep() {
  const data = useLoaderData<typeof loader>();
  return <DocumentForm {...data} />;
}
