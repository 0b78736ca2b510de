import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage, errorKindForStatus } from "~/components/ErrorPage";
import { WordsUnavailableMessage } from "~/components/WordsUnavailable";
import { isWordsUnavailable } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { AppShell } from "~/components/shell/AppShell";
import { isNavigationOpen } from "~/services/preferences.server";
import { isProgramStaff } from "~/models/policy";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.db);
  return json({
    navOpen: await isNavigationOpen(request),
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    isProgramStaff: isProgramStaff(user),
    currentUser: { id: user.id, name: `${user.firstName} ${user.lastName}` },
  });
});

export default function AppLayout() {
  const { navOpen, isAdmin, isSuperAdmin, isProgramStaff, currentUser } = useLoaderData<typeof loader>();
  return (
    <AppShell
      navOpen={navOpen}
      isAdmin={isAdmin}
      isSuperAdmin={isSuperAdmin}
      isProgramStaff={isProgramStaff}
      user={currentUser}
    >
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/app");
  // In the browser, for its console; the server's log has it from entry.server.tsx (handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const kind = isRouteErrorResponse(error) ? errorKindForStatus(error.status) : "unexpected";
  return (
    <AppShell
      navOpen={layout?.navOpen ?? true}
      isAdmin={layout?.isAdmin ?? false}
      isSuperAdmin={layout?.isSuperAdmin ?? false}
      isProgramStaff={layout?.isProgramStaff ?? false}
      user={layout?.currentUser ?? null}
    >
      {isWordsUnavailable(error) ? <WordsUnavailableMessage /> : <ErrorPage kind={kind} />}
    </AppShell>
  );
}
