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
export const WIZARD_STEPS = /** @satisfies {readonly WizardStep[]} */ (
  /** @type {const} */ ([
    // key, section, path, file
    ["relationship", "referrer", "referrer-information/relationship", "wizard/steps/relationship.tsx"],
    ["proxy", "referrer", "referrer-information/proxy", "wizard/steps/proxy.tsx"],
    ["sex", "child", "child-information/sex", "wizard/steps/sex.tsx"],
    ["childLanguage", "child", "child-information/language", "wizard/steps/child-language.tsx"],
    ["address", "child", "child-information/address", "wizard/steps/address.tsx"],
    ["gestationalAge", "child", "child-information/gestational-age", "wizard/steps/gestational-age.tsx"],
    ["guardians", "family", "family-information/guardian-list", "wizard/steps/guardians.tsx"],
    ["familyLanguage", "family", "family-information/language", "wizard/steps/family-language.tsx"],
    ["interpreter", "family", "family-information/interpreter", "wizard/steps/interpreter.tsx"],
    ["fosterCare", "family", "family-information/foster-care", "wizard/steps/foster-care.tsx"],
    ["reasons", "reasons", "reason/select", "wizard/steps/reasons.tsx"],
    ["screening", "reasons", "reason/screen", "wizard/steps/screening.tsx"],
    ["details", "details", "details/select", "wizard/steps/details.tsx"],
    ["documents", "documentation", "supporting-documentation/list", "wizard/steps/documents.tsx"],
    ["review", null, "review", "wizard/review.tsx"],
  ]).map(([key, section, path, file]) => ({ key, section, path, file }))
);

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
