import { referenceOperations } from "~/api/services.server";
import { apiRoute } from "~/api/handler.server";
import { route } from "~/utils/route.server";

// A JSON API call outside /api (R100).
const api = apiRoute(referenceOperations.dictionary);
export const loader = /* @__PURE__ */ route(api.loader);
export const action = /* @__PURE__ */ route(api.action);
