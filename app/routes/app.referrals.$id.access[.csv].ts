import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProgram } from "~/auth/auth.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { accessRecordCsv } from "~/models/access-record.server";
import { csvResponse } from "~/utils/csv-response.server";
import { idParam, route } from "~/utils/route.server";

/** A referral's record of access (34 CFR 303.406) as CSV, for administrators. */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const referralId = idParam(params.id);
  const { t } = await getPageTranslation(request, ["admin"]);
  const csv = await accessRecordCsv(context.db, actor, referralId, await getLanguage(request), t);
  return csvResponse({ ...csv, fileName: `referral-${referralId}-access.csv` });
});
