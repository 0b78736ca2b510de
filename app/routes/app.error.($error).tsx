import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ERROR_KINDS, ErrorPage, errorKind } from "~/components/ErrorPage";
import { getPageTranslation } from "~/i18n/page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

// /app/error/{error}: the error page, named by its route parameter (not-found, forbidden, unexpected).
export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = errorKind(params.error);
  const { title } = await getPageTranslation(request);
  return json(
    { kind, title: title(`${ERROR_KINDS[kind].key}.title`), failed: true },
    { status: ERROR_KINDS[kind].status },
  );
});

export default function ErrorRoute() {
  const { kind } = useLoaderData<typeof loader>();
  return <ErrorPage kind={kind} />;
}
