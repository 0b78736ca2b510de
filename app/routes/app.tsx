import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage, errorKindForStatus } from "~/components/ErrorPage";
import { AppShell } from "~/components/shell/AppShell";
import { isNavigationOpen } from "~/services/preferences.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ navOpen: await isNavigationOpen(request), isAdmin: false });
}

export default function AppLayout() {
  const { navOpen, isAdmin } = useLoaderData<typeof loader>();
  return (
    <AppShell navOpen={navOpen} isAdmin={isAdmin}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/app");
  if (!isRouteErrorResponse(error)) console.error(error);
  const kind = isRouteErrorResponse(error) ? errorKindForStatus(error.status) : "unexpected";
  return (
    <AppShell navOpen={layout?.navOpen ?? true} isAdmin={layout?.isAdmin ?? false}>
      <ErrorPage kind={kind} />
    </AppShell>
  );
}
