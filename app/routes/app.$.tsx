import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { getPageTranslation } from "~/i18n/page.server";
import { titleMeta } from "~/utils/meta";

// Any unknown address under /app/ shows the error page, with a 404 so it is never mistaken for a page.
export async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request);
  return json({ title: title("errors.notFound.title", { error: true }) }, { status: 404 });
}

export const meta = titleMeta;

export default function UnknownAppPage() {
  return <ErrorPage kind="not-found" />;
}
