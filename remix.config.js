import { WIZARD_FORMS, WIZARD_FRAME, WIZARD_STEPS, WIZARD_SUBMITTED } from "./app/wizard/step-table.js";

/**
 * The referral wizard's routes, from its step table: its frame with the steps (but the review) and their forms in it,
 * and the review and the confirmation beside the frame, at its address; all in the signed-in frame, the flat route
 * of app/routes/app.tsx (at /app). Every other route is a file in app/routes.
 *
 * @param {import('@remix-run/dev').UNSAFE_DefineRoutesFunction} defineRoutes
 */
function wizardRoutes(defineRoutes) {
  const routes = defineRoutes((route) => {
    route(WIZARD_FRAME.path, WIZARD_FRAME.file, () => {
      for (const page of [...WIZARD_STEPS.filter((step) => step.section !== null), ...WIZARD_FORMS])
        route(page.path, page.file);
    });
    for (const page of [...WIZARD_STEPS.filter((step) => step.section === null), WIZARD_SUBMITTED]) {
      route(`${WIZARD_FRAME.path}/${page.path}`, page.file);
    }
  });
  for (const route of Object.values(routes)) if (route.parentId === "root") route.parentId = "routes/app";
  return routes;
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Tests, the server entry and the build helpers sit beside the code they serve; none is a route.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  routes: wizardRoutes,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
