import { apiRoutes } from "~/api/handler.server";
import { API_OPERATIONS } from "~/api/operations.server";
import { route } from "~/utils/route.server";

// The JSON API (R100), dispatched by app/api/operations.server.ts; refusals are answered in the API's own format.
const api = apiRoutes(API_OPERATIONS);
export const loader = /* @__PURE__ */ route(api.loader);
export const action = /* @__PURE__ */ route(api.action);
