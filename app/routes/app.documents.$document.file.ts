import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { getDocumentFile } from "~/models/document.server";
import { downloadResponse } from "~/services/uploads.server";
import { idParam, route } from "~/utils/route.server";

/**
 * A referral document's file, for the referral's creator and administrators (404 for anyone
 * else): always as a download, under its original (cleaned) name, never run or shown inline.
 */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context.db);
  return downloadResponse(await getDocumentFile(context.db, actor, idParam(params.document)));
});
