import { referralOperations } from "~/api/referrals.server";
import { apiRoute } from "~/api/handler.server";

// The JSON API (docs/product-rules.md R100): the operations are described, and checked, in app/api/referrals.server.ts.
export const { loader, action } = apiRoute(referralOperations.list, referralOperations.create);
