// Lint rules for app, db, e2e and bench (run from the project root by `npm run lint`).
import js from "@eslint/js";
import compat from "eslint-plugin-compat";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const remixForm = {
  name: "@remix-run/react",
  importNames: ["Form"],
  message: "Use Form and StatusButton from ~/components/ui/busy: a press is sent once and says it is working (R152).",
};

const focusedTest = {
  selector: "CallExpression[callee.property.name='only']",
  message: "A focused test stops the rest of the suite.",
};

// The database (app/db.server.ts, the schema under db/) and Kysely, by whatever path they are named.
const DATABASE = String.raw`^kysely(/|$)|(^|/)db\.server(\.ts)?$|(^|/)db(/|$)`;
const NOT_HERE = "Pages and the JSON API call app/models; they do not touch the database.";
const databaseImport = {
  selector: `ImportExpression[source.value=/${DATABASE.replaceAll("/", "\\x2F")}/]`,
  message: NOT_HERE,
};

// Newer methods of arrays and strings, which eslint-plugin-compat cannot see on a value of unknown type.
const newerMethods = {
  selector:
    "CallExpression[callee.property.name=/^(at|replaceAll|findLast|findLastIndex|toSorted|toReversed|toSpliced|flat|flatMap|matchAll)$/]",
  message:
    "Not in every supported browser (package.json browserslist, docs/product-rules.md R34): write it with older methods.",
};

// A loader or action not wrapped in route() would answer a model's refusal with 500, not the 404/403/503 page.
const ROUTE_HELPER =
  "Write it `export const loader = /* @__PURE__ */ route(async function loader(…) {…})` (app/utils/route.server.ts): a model's refusal is then the 404, 403 or 503 page, not a 500.";
const DATA_FUNCTION = "/^(loader|action)$/";
const routeExports = [
  `ExportNamedDeclaration > FunctionDeclaration[id.name=${DATA_FUNCTION}]`,
  `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=${DATA_FUNCTION}]:not([init.type='CallExpression'][init.callee.name='route'])`,
  `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ObjectPattern > Property[value.name=${DATA_FUNCTION}]`,
  `ExportSpecifier[exported.name=${DATA_FUNCTION}]`,
].map((selector) => ({ selector, message: ROUTE_HELPER }));

// esbuild drops a page's loader and action only if the route() call is marked pure; otherwise the loader's code stays
// in the browser bundle and fails there (route.server.ts is empty in the browser). No core rule reads comments.
const pureRoute = {
  meta: {
    type: "problem",
    schema: [],
    messages: { pure: "Annotate the call `/* @__PURE__ */ route(…)`, or the browser's build keeps it." },
  },
  create: (context) => ({
    [`ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=${DATA_FUNCTION}] > CallExpression.init[callee.name='route']`](
      call,
    ) {
      const comments = context.sourceCode.getCommentsBefore(call);
      if (!comments.some((comment) => /^\s*[@#]__PURE__\s*$/.test(comment.value)))
        context.report({ node: call, messageId: "pure" });
    },
  }),
};

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "app/styles/app.css"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Migrations take Kysely<any> on purpose: they are frozen in time, never the app's types.
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-syntax": ["error", focusedTest],
    },
  },
  {
    // Routes, root.tsx, app/api and pages' server modules use `context.db` and pass it to app/models; they never import
    // the database or Kysely. Their tests build their own database, so they may.
    files: [
      "app/routes/**",
      "app/wizard/steps/**",
      "app/wizard/{layout,review,submitted}.tsx",
      "app/wizard/step.server.ts",
      "app/components/**",
      "app/api/**",
      "app/root.tsx",
    ],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: DATABASE, message: NOT_HERE }], paths: [remixForm] }],
      "no-restricted-syntax": ["error", focusedTest, databaseImport],
    },
  },
  {
    files: ["app/components/ui/busy.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Browser code must run on the supported browsers ("browserslist", R34): newer APIs guarded or replaced.
    files: ["app/**/*.{ts,tsx}"],
    // app/utils/csv.ts is read and written by the server's exports and reports only.
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}", "app/server/**", "app/test/**", "app/utils/csv.ts"],
    plugins: { compat },
    // document.body predates every supported browser; the compat data lists it under Document only from Firefox 60.
    settings: { polyfills: ["document.body"] },
    rules: {
      "compat/compat": "error",
      // This block comes after the routes' one, so it repeats their rule against importing the database.
      "no-restricted-syntax": ["error", focusedTest, newerMethods, databaseImport],
    },
  },
  {
    // Route modules. This block follows the two above, so it repeats their rules.
    files: ["app/routes/**", "app/wizard/steps/**", "app/wizard/{layout,review,submitted}.tsx", "app/root.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { routes: { rules: { "pure-route": pureRoute } } },
    rules: {
      "no-restricted-syntax": ["error", focusedTest, newerMethods, databaseImport, ...routeExports],
      "routes/pure-route": "error",
    },
  },
  {
    // Layering: models and their rules never import the wizard's screens, routes, components or API. The wizard's two
    // tables (steps, answers) are data every layer reads.
    files: ["app/models/**", "app/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^~/(routes|components|api)/|^~/wizard/(?!answers$|present$|review-rows$|step-table$)",
              message:
                "app/models and app/schemas sit below the pages: move what both need down (e.g. app/utils, app/schemas).",
            },
          ],
        },
      ],
    },
  },
  {
    // Files a person can read whole (tests may run longer).
    files: ["app/**/*.{ts,tsx,mjs,js}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Prettier keeps code within 120 columns; this keeps the comments there too (strings and addresses may run on).
    files: ["**/*.{ts,tsx,mjs,js}"],
    rules: {
      "max-len": [
        "error",
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignorePattern: "eslint-disable",
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
