import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// Every address under /app/referral/review goes to the external review page, keeping its token.
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/app/referral/review/external${new URL(request.url).search}`);
}
