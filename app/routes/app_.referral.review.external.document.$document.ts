import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDocumentFileForReviewLink } from "~/models/document.server";
import { downloadResponse } from "~/services/uploads.server";
import { idParam, route } from "~/utils/route.server";

/** A document of the referral a live review link opens, for its holder (404 otherwise). */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return downloadResponse(await getDocumentFileForReviewLink(context.db, token, idParam(params.document)));
});
