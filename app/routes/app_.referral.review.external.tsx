import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ReferralReview } from "~/components/referrals/ReferralReview";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { getReferralForReviewLink } from "~/models/referral-review.server";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "referrals", "wizard"] };

export const meta = pageMeta;

/** Read-only review through a review link (R94); a bad token shows the error alert and No Data. */
export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request, ["common", "referrals"]);
  const token = new URL(request.url).searchParams.get("token");
  let review = null;
  try {
    review = await getReferralForReviewLink(context.db, token, await getLanguage(request));
  } catch (error) {
    logFor(request).error({ err: error }, "fetching a referral by review link failed");
  }
  if (!review)
    return json({ title: title("pages.externalReview"), failed: true, review: null, token: null }, { status: 404 });
  return json({
    title: title("referrals:review.pageTitle", { number: String(review.id) }),
    failed: false,
    review,
    token,
  });
});

// The token must not leak in a Referer: app/server/security.ts sets no-referrer for /app/referral/review.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ExternalReview() {
  const { review, token } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PublicShell>
      {review && token ? (
        <ReferralReview
          review={review}
          failure={null}
          fileHref={(id) => `/app/referral/review/external/document/${id}?${new URLSearchParams({ token })}`}
        />
      ) : (
        <>
          <h1>{t("pages.externalReview")}</h1>
          <Alert kind="error" role="alert">
            {t("externalReview.errorFetching")}
          </Alert>
          <p className="no-data">{t("externalReview.noData")}</p>
        </>
      )}
    </PublicShell>
  );
}
