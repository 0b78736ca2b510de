import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, errorResponse } from "~/api/errors.server";
import { fixedT, getLanguage } from "~/i18n/i18next.server";

/** Any other address under /api answers in the API's error format, not with an HTML page. */
async function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const t = await fixedT(await getLanguage(request), ["api", "common"]);
  return errorResponse(new ApiError("not_found"), t);
}

export const loader = notFound;
export const action = notFound;
