import { apiRoutes } from "~/api/handler.server";
import { API_OPERATIONS } from "~/api/operations.server";
import { route } from "~/utils/route.server";

// The JSON API (docs/product-rules.md R100): every call under /api, dispatched by the operation table
// (app/api/operations.server.ts), whose operations hold their paths, access and checks. They answer the models'
// refusals in the API's own format (app/api/errors.server.ts): route() names the request, and has nothing to map.
const api = apiRoutes(API_OPERATIONS);
export const loader = /* @__PURE__ */ route(api.loader);
export const action = /* @__PURE__ */ route(api.action);
