import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDocumentFile } from "~/models/document.server";
import { downloadResponse } from "~/services/uploads.server";
import { idParam, route } from "~/utils/route.server";

/** A document's file for its creator and administrators (else 404), always as a download. */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  return downloadResponse(await getDocumentFile(context.db, actor, idParam(params.document)));
});
