import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { getPageTranslation } from "~/i18n/page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

// Any unknown address under /app/ shows the error page, with a 404 so it is never mistaken for a page.
export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request);
  return json({ title: title("errors.notFound.title"), failed: true }, { status: 404 });
});

export default function UnknownAppPage() {
  return <ErrorPage kind="not-found" />;
}
