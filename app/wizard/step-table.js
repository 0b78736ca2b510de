// @ts-check
// The referral wizard's addresses, written once, in plain JavaScript (with its types in JSDoc) so that the build's
// configuration can read it as well as app/wizard/steps.ts, which builds the step order and the links from it.

/**
 * The wizard's frame around the steps and forms (whose referral it is, the sections and their badges), at the
 * wizard's base address, below the signed-in frame (app/routes/app.tsx, at /app).
 */
export const WIZARD_FRAME = /** @type {const} */ ({ path: "child/:child/referral/:referral/user/:user" });

/** @typedef {"referrer" | "child" | "family" | "reasons" | "details" | "documentation"} Section */

/**
 * @typedef {object} WizardStep
 * @property {string} key
 * @property {string} path Below the wizard's base address.
 * @property {Section | null} section The step indicator's section; the review (the last step, docs/product-rules.md
 *   R46) belongs to none, and is shown outside the wizard's frame.
 */

/** The steps (docs/product-rules.md R46, R47), in order: where "Save and continue" leads. */
export const WIZARD_STEPS = /** @type {const} @satisfies {readonly WizardStep[]} */ ([
  { key: "relationship", path: "referrer-information/relationship", section: "referrer" },
  { key: "proxy", path: "referrer-information/proxy", section: "referrer" },
  { key: "sex", path: "child-information/sex", section: "child" },
  { key: "childLanguage", path: "child-information/language", section: "child" },
  { key: "address", path: "child-information/address", section: "child" },
  { key: "gestationalAge", path: "child-information/gestational-age", section: "child" },
  { key: "guardians", path: "family-information/guardian-list", section: "family" },
  { key: "familyLanguage", path: "family-information/language", section: "family" },
  { key: "interpreter", path: "family-information/interpreter", section: "family" },
  { key: "fosterCare", path: "family-information/foster-care", section: "family" },
  { key: "reasons", path: "reason/select", section: "reasons" },
  { key: "screening", path: "reason/screen", section: "reasons" },
  { key: "details", path: "details/select", section: "details" },
  { key: "documents", path: "supporting-documentation/list", section: "documentation" },
  { key: "review", path: "review", section: null },
]);

/**
 * @typedef {object} WizardForm
 * @property {string} key
 * @property {string} path Below the wizard's base address; `:name` is one segment (an id, or "new").
 * @property {(typeof WIZARD_STEPS)[number]["key"]} step The step it belongs to (the list it adds to), outside the step order.
 */

/** The add and edit forms a list step opens: one parent or guardian (step 8), one document (step 16). */
export const WIZARD_FORMS = /** @type {const} @satisfies {readonly WizardForm[]} */ ([
  { key: "guardian", path: "family-information/guardian/add-edit/:adult", step: "guardians" },
  { key: "document", path: "supporting-documentation/:document", step: "documents" },
]);

/** The confirmation once a referral is sent, outside the wizard's frame as the review is. */
export const WIZARD_SUBMITTED = /** @type {const} */ ({ path: "submitted" });

