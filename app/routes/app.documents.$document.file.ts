import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDb } from "~/db.server";
import { getDocumentFile } from "~/models/document.server";
import { contentDisposition, openStoredFile } from "~/services/uploads.server";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

/**
 * A referral document's file, for the referral's creator and administrators (404 for anyone
 * else): always as a download, under its original (cleaned) name, never run or shown inline.
 * X-Content-Type-Options: nosniff comes with every response (app/server/security.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const document = await orHttpError(getDocumentFile(getDb(), actor, idParam(params.document)));
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(document.storedName);
  } catch {
    notFound();
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(document.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
