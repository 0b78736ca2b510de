import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/api/openapi.server";
import { fixedT } from "~/i18n/i18next.server";
import { route } from "~/utils/route.server";

/** GET /api/docs.json: the OpenAPI 3.1 description of the JSON API, made from its operations. */
export const loader = /* @__PURE__ */ route(async function loader({ request }: LoaderFunctionArgs) {
  const t = await fixedT("en", ["api", "common"]);
  return json(openApiDocument(t, new URL(request.url).origin), { headers: { "Cache-Control": "public, max-age=300" } });
});
