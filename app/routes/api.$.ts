import { apiRoutes } from "~/api/handler.server";
import { API_OPERATIONS } from "~/api/operations.server";

// The JSON API (docs/product-rules.md R100): every call under /api, dispatched by the operation table
// (app/api/operations.server.ts), whose operations hold their paths, access and checks.
export const { loader, action } = apiRoutes(API_OPERATIONS);
