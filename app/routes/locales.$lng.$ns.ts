import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNamespace, resourcesVersion } from "~/i18n/resources.server";
import { route } from "~/utils/route.server";

// Versioned addresses, so each file is cached for good and a deployment asks for new ones.
export const loader = /* @__PURE__ */ route(function loader({ params, request }: LoaderFunctionArgs) {
  const namespace = getNamespace(params.lng ?? "", (params.ns ?? "").replace(/\.json$/, ""));
  if (!namespace) return new Response("Not found", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === resourcesVersion;
  return new Response(JSON.stringify(namespace), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
});
