import { phoneOperations } from "~/api/people.server";
import { apiRoute } from "~/api/handler.server";

// The JSON API (docs/product-rules.md R100): the operations are described, and checked, in app/api/people.server.ts.
export const { loader, action } = apiRoute(phoneOperations.list, phoneOperations.create, phoneOperations.updateNamed);
