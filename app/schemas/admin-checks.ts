import { ADMIN_STATUSES } from "~/utils/statuses";
import { choice, formCheck, optionalText, requiredText, wholeNumber } from "./checks";
import { secondFactorCode } from "./second-factor-checks";

// The administrators' forms' rules without zod (see checks.ts); app/schemas/admin.server.ts builds the actions' schemas.

export const statusChangeCheck = formCheck({
  status: choice(ADMIN_STATUSES, "validation.status"),
  details: optionalText(1000),
  detailsEs: optionalText(1000),
  comments: optionalText(2000),
  serviceCoordinator: optionalText(100),
  eligibilityDetermination: optionalText(200),
});

/** A review link: who will read it and why (R95), and its days: 1 to 90, 14 when left empty. */
export const reviewLinkCheck = formCheck({
  reviewerName: requiredText("validation.reviewerName"),
  purpose: requiredText("validation.reviewPurpose", 200),
  days: wholeNumber(1, 90, "validation.daysRange1to90"),
});

/** A new API key (docs/product-rules.md R101): what it may do, days until it ends (at most 90), the password and a code again. */
export const API_KEY_MAX_DAYS = 90;
export const API_KEY_SCOPES = ["read", "write"] as const;
export const apiKeyCheck = formCheck({
  keyName: requiredText("validation.apiKeyName"),
  scope: choice(API_KEY_SCOPES, "validation.apiKeyScope"),
  days: wholeNumber(1, API_KEY_MAX_DAYS, "validation.daysRange1to90"),
  currentPassword: requiredText("validation.currentPasswordForKey", 200),
  code: secondFactorCode,
});
