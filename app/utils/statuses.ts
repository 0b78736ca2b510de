import type { ReferralStatus } from "../../db/schema";

/** The statuses an administrator records after submission (docs/product-rules.md R84). */
export const ADMIN_STATUSES = ["Received", "Processed", "Unable to Process", "Unable to Contact", "Eligible", "Not Eligible"] as const satisfies readonly ReferralStatus[];
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
