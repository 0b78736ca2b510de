import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/auth.server";
import { getPageTranslation } from "~/i18n/page.server";
import { accessRecord } from "~/models/referral-admin.server";
import { toCsvLine } from "~/utils/csv";
import { idParam, orHttpError } from "~/utils/route.server";

/** A referral's record of access (34 CFR 303.406) as CSV, for administrators. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const referralId = idParam(params.id);
  const events = await orHttpError(accessRecord(context.db, actor, referralId));
  const { t } = await getPageTranslation(request, ["admin"]);
  const lines = [
    toCsvLine([t("admin:access.when"), t("admin:access.who"), t("admin:access.what")]),
    ...events.map((event) =>
      toCsvLine([
        event.at,
        event.actor_review_token_id
          ? t("admin:access.reviewLink", { id: event.actor_review_token_id })
          : `${event.first_name ?? ""} ${event.last_name ?? ""} <${event.email ?? ""}>`,
        event.action === "download" ? t("admin:access.download", { id: event.entity_id }) : t("admin:access.view"),
      ]),
    ),
  ];
  return new Response(`\uFEFF${lines.join("")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="referral-${referralId}-access.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
