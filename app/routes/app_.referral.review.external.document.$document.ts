import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { getDocumentFileForReviewLink } from "~/models/document.server";
import { contentDisposition, openStoredFile } from "~/services/uploads.server";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

/** A document of the referral a live review link opens, for its holder (404 otherwise). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const document = await orHttpError(getDocumentFileForReviewLink(getDb(), token, idParam(params.document)));
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
