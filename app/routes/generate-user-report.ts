import { generateAction } from "~/components/reports/generate-action.server";

/** POST /generate-user-report (SPEC §7): format, filename, primary_language, last_login_after, last_login_before. */
export const action = generateAction("user");
