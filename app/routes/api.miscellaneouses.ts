import { referenceOperations } from "~/api/services.server";
import { apiRoute } from "~/api/handler.server";

// The JSON API (docs/product-rules.md R100): the operations are described, and checked, in app/api/services.server.ts.
export const { loader, action } = apiRoute(referenceOperations.miscellaneous);
