import { accountOperations } from "~/api/services.server";
import { apiRoute } from "~/api/handler.server";
import { route } from "~/utils/route.server";

// The JSON API (docs/product-rules.md R100): the operations are described, and checked, in app/api/services.server.ts.
const api = apiRoute(accountOperations.questions, accountOperations.answers);
export const loader = /* @__PURE__ */ route(api.loader);
export const action = /* @__PURE__ */ route(api.action);
