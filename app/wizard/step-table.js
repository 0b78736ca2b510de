// @ts-check
// The referral wizard's addresses and route modules, written once, in plain JavaScript (with its types in JSDoc) so
// that remix.config.js, which defines the wizard's routes from it, can read it as well as app/wizard/steps.ts, which
// builds the step order and the links from it. A route module is named by its file below app/.

/**
 * The wizard's frame around the steps and forms (whose referral it is, the sections and their badges), at the
 * wizard's base address, below the signed-in frame (app/routes/app.tsx, at /app).
 */
export const WIZARD_FRAME = /** @type {const} */ ({
  path: "child/:child/referral/:referral/user/:user",
  file: "wizard/layout.tsx",
});

/** @typedef {"referrer" | "child" | "family" | "reasons" | "details" | "documentation"} Section */

/**
 * @typedef {object} WizardStep
 * @property {string} key
 * @property {string} path Below the wizard's base address.
 * @property {Section | null} section The step indicator's section; the review (the last step, docs/product-rules.md
 *   R46) belongs to none, and is shown outside the wizard's frame.
 * @property {string} file Its route module.
 */

/** The steps (docs/product-rules.md R46, R47), in order: where "Save and continue" leads. */
export const WIZARD_STEPS = /** @type {const} @satisfies {readonly WizardStep[]} */ ([
  {
    key: "relationship",
    path: "referrer-information/relationship",
    section: "referrer",
    file: "wizard/steps/relationship.tsx",
  },
  { key: "proxy", path: "referrer-information/proxy", section: "referrer", file: "wizard/steps/proxy.tsx" },
  { key: "sex", path: "child-information/sex", section: "child", file: "wizard/steps/sex.tsx" },
  {
    key: "childLanguage",
    path: "child-information/language",
    section: "child",
    file: "wizard/steps/child-language.tsx",
  },
  { key: "address", path: "child-information/address", section: "child", file: "wizard/steps/address.tsx" },
  {
    key: "gestationalAge",
    path: "child-information/gestational-age",
    section: "child",
    file: "wizard/steps/gestational-age.tsx",
  },
  { key: "guardians", path: "family-information/guardian-list", section: "family", file: "wizard/steps/guardians.tsx" },
  {
    key: "familyLanguage",
    path: "family-information/language",
    section: "family",
    file: "wizard/steps/family-language.tsx",
  },
  {
    key: "interpreter",
    path: "family-information/interpreter",
    section: "family",
    file: "wizard/steps/interpreter.tsx",
  },
  {
    key: "fosterCare",
    path: "family-information/foster-care",
    section: "family",
    file: "wizard/steps/foster-care.tsx",
  },
  { key: "reasons", path: "reason/select", section: "reasons", file: "wizard/steps/reasons.tsx" },
  { key: "screening", path: "reason/screen", section: "reasons", file: "wizard/steps/screening.tsx" },
  { key: "details", path: "details/select", section: "details", file: "wizard/steps/details.tsx" },
  {
    key: "documents",
    path: "supporting-documentation/list",
    section: "documentation",
    file: "wizard/steps/documents.tsx",
  },
  { key: "review", path: "review", section: null, file: "wizard/review.tsx" },
]);

/**
 * @typedef {object} WizardForm
 * @property {string} key
 * @property {string} path Below the wizard's base address; `:name` is one segment (an id, or "new").
 * @property {(typeof WIZARD_STEPS)[number]["key"]} step The step it belongs to (the list it adds to), outside the
 *   step order.
 * @property {string} file Its route module.
 */

/** The add and edit forms a list step opens: one parent or guardian (step 8), one document (step 16). */
export const WIZARD_FORMS = /** @type {const} @satisfies {readonly WizardForm[]} */ ([
  {
    key: "guardian",
    path: "family-information/guardian/add-edit/:adult",
    step: "guardians",
    file: "wizard/steps/guardian.tsx",
  },
  { key: "document", path: "supporting-documentation/:document", step: "documents", file: "wizard/steps/document.tsx" },
]);

/** The confirmation once a referral is sent, outside the wizard's frame as the review is. */
export const WIZARD_SUBMITTED = /** @type {const} */ ({ path: "submitted", file: "wizard/submitted.tsx" });
