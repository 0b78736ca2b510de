import { ADMIN_STATUSES } from "~/utils/statuses";
import { choice, formCheck, optionalText, requiredText, wholeNumber } from "./checks";

// The administrators' forms' rules without zod (see checks.ts); app/schemas/admin.server.ts builds the actions' schemas.

export const statusChangeCheck = formCheck({
  status: choice(ADMIN_STATUSES, "validation.status"),
  details: optionalText(1000),
  detailsEs: optionalText(1000),
  comments: optionalText(2000),
  serviceCoordinator: optionalText(100),
  eligibilityDetermination: optionalText(200),
});

/** The review link's days: 1 to 90, 14 when left empty. */
export const reviewLinkCheck = formCheck({ days: wholeNumber(1, 90, "validation.daysRange1to90") });

/** A new API key's days until it expires (none: until revoked), at most a year. */
export const API_KEY_MAX_DAYS = 365;
export const apiKeyCheck = formCheck({ keyName: requiredText("validation.apiKeyName"), days: wholeNumber(1, API_KEY_MAX_DAYS, "validation.daysRange1to365") });
