import { z } from "zod";
import { ADMIN_STATUSES } from "~/utils/statuses";
import { API_KEY_MAX_DAYS } from "./admin-checks";
import { choice, optionalText, requiredText } from "./fields.server";

// The administrators' forms on a referral (issue 9). Messages are keys in common:validation.

export const StatusChangeSchema = z.object({
  status: choice(ADMIN_STATUSES, "validation.status"),
  details: optionalText(1000),
  detailsEs: optionalText(1000),
  comments: optionalText(2000),
  serviceCoordinator: optionalText(100),
  eligibilityDetermination: optionalText(200),
});

export const ReviewLinkSchema = z.object({
  days: z.coerce
    .number({ invalid_type_error: "validation.wholeNumber" })
    .int("validation.wholeNumber")
    .min(1, "validation.daysRange1to90")
    .max(90, "validation.daysRange1to90")
    .default(14),
});

/**
 * A new API key (issue 11): a name to tell it by, and days until it expires (none: until revoked).
 * The field is keyName: an input named "name" would hide the form element's own `name`.
 */
export const ApiKeySchema = z.object({
  keyName: requiredText("validation.apiKeyName"),
  days: z.coerce
    .number({ invalid_type_error: "validation.wholeNumber" })
    .int("validation.wholeNumber")
    .min(1, "validation.daysRange1to365")
    .max(API_KEY_MAX_DAYS, "validation.daysRange1to365")
    .optional(),
});
