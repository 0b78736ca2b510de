import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentForm, type DocumentActionData, type DocumentAlerts } from "~/components/documents/DocumentForm";
import { refused, submitForm, type Refusal } from "~/components/ui/page.server";
import { requireUser } from "~/auth/auth.server";
import { getPageTranslation } from "~/i18n/page.server";
import { addDocument, getDocument, updateDocument } from "~/models/document.server";
import { getDraftForEdit } from "~/models/referral.server";
import { loadStep, wizardIds } from "~/wizard/step.server";
import { DocumentSchema } from "~/schemas/referral";
import { redirectWithToast } from "~/services/toast.server";
import {
  BadUploadError,
  FileTooLargeError,
  parseUpload,
  removeStoredFiles,
  UploadRefusedError,
  type StoredFile,
} from "~/services/uploads.server";
import { idParam, route } from "~/utils/route.server";
import { readCarried, returnHref } from "~/wizard/carry";
import { ForbiddenError, InputError, NotFoundError } from "~/models/errors";
import { isBusyError } from "~/models/errors.server";
import type { CurrentUser } from "~/models/user.server";
import type { WizardIds } from "~/wizard/steps";
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
  const titleKey = document
    ? "documents.editTitle"
    : carried.isConsent
      ? "documents.addConsentTitle"
      : "documents.addTitle";
  return json({ title: title(`wizard:${titleKey}`), titleKey, ids, carried, document, back: returnHref(ids, carried) });
});

/** Who asks, and whose referral: what the action's two forms share. */
interface Act {
  request: Request;
  db: ActionFunctionArgs["context"]["db"];
  actor: CurrentUser;
  ids: WizardIds;
}

/** A refusal without the page's alerts (the form's own errors are in Conform's reply). */
const NO_ALERT: Refusal<DocumentAlerts> = { data: { tooLarge: null, failed: false } };

/** Editing changes the description only; the file stays (docs/product-rules.md R65). */
async function edit({ request, db, actor, ids }: Act, documentId: number) {
  const formData = await request.formData();
  return submitForm(
    request,
    formData,
    DocumentSchema,
    async (value) => {
      await updateDocument(db, actor, ids, documentId, value);
      return redirectWithToast(returnHref(ids, readCarried(formData)), { key: "toasts.documentUpdated" });
    },
    NO_ALERT,
  );
}

/**
 * The body read by parseUpload: its fields, the file kept for now, and how the form is refused when no file was kept
 * (over the limit: 413 and its alert; empty, of a kind not accepted, or none chosen: the file field's error).
 */
async function readUpload(
  request: Request,
): Promise<{ fields: FormData; file: StoredFile | null; refusal: Refusal<DocumentAlerts> }> {
  try {
    const { fields, file } = await parseUpload(request);
    return {
      fields,
      file,
      refusal: file ? NO_ALERT : { ...NO_ALERT, fieldErrors: { file: ["validation.fileRequired"] } },
    };
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    const { reason, fields } = error;
    if (reason instanceof FileTooLargeError)
      return { fields, file: null, refusal: { status: 413, data: { tooLarge: { size: reason.size }, failed: false } } };
    return {
      fields,
      file: null,
      refusal: {
        ...NO_ALERT,
        fieldErrors: { file: [reason.reason === "empty" ? "validation.fileEmpty" : "validation.fileType"] },
      },
    };
  }
}

/**
 * A new document: its file streamed in and kept, then recorded. Its fields are known only once the body is read, so
 * they are checked after the file; a refused or failed upload leaves no file behind.
 */
async function add({ request, db, actor, ids }: Act) {
  let upload: Awaited<ReturnType<typeof readUpload>>;
  try {
    upload = await readUpload(request);
  } catch (error) {
    // Not a form that can be read (not multipart, or cut off): nothing typed to show again.
    if (error instanceof BadUploadError)
      return json<DocumentActionData>({ status: "error", tooLarge: null, failed: true }, { status: 400 });
    throw error;
  }
  const { fields, file, refusal } = upload;
  let kept = false;
  try {
    return await submitForm(
      request,
      fields,
      DocumentSchema,
      async ({ description }, submission) => {
        if (!file) return refused(submission, refusal);
        const carried = readCarried(fields);
        try {
          await addDocument(db, actor, ids, { description, isConsent: carried.isConsent }, file);
        } catch (error) {
          // The model's refusals are the 404 and 403 pages' or submitForm's to answer; anything else failed on our
          // side.
          if (
            error instanceof NotFoundError ||
            error instanceof ForbiddenError ||
            error instanceof InputError ||
            isBusyError(error)
          )
            throw error;
          logFor(request).error({ err: error }, "saving a document failed");
          return refused(submission, { status: 500, data: { tooLarge: null, failed: true } });
        }
        kept = true;
        return redirectWithToast(returnHref(ids, carried), { key: "toasts.documentSaved" });
      },
      refusal,
    );
  } finally {
    if (!kept) await removeStoredFiles([file?.storedName]);
  }
}

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const act: Act = { request, db: context.db, actor: await requireUser(request, context.db), ids: wizardIds(params) };
  const documentId = documentParam(params.document);
  // Whose referral it is comes first: a stranger's upload is refused before any of it is read.
  if (documentId === null) {
    await getDraftForEdit(act.db, act.actor, act.ids);
    return add(act);
  }
  await getDocument(act.db, act.actor, act.ids, documentId);
  return edit(act, documentId);
});

export default function DocumentStep() {
  const data = useLoaderData<typeof loader>();
  return <DocumentForm {...data} />;
}
