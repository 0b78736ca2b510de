import { generateAction } from "~/components/reports/generate-action.server";

/** POST /generate-report (SPEC §7): statuses, format, filename, created_after, created_before, county. */
export const action = generateAction("referral");
