import { z } from "zod";
import { ADMIN_STATUSES } from "~/utils/statuses";
import { API_KEY_MAX_DAYS, API_KEY_SCOPES } from "./admin-checks";
import { SecondFactorCodeSchema } from "./second-factor.server";
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
  reviewerName: requiredText("validation.reviewerName"),
  purpose: requiredText("validation.reviewPurpose", 200),
  days: z.coerce
    .number({ invalid_type_error: "validation.wholeNumber" })
    .int("validation.wholeNumber")
    .min(1, "validation.daysRange1to90")
    .max(90, "validation.daysRange1to90")
    .default(14),
});

/**
 * A new API key (docs/product-rules.md R101): a name to tell it by, its scope, days until it ends (1 to 90, 90 when left
 * empty), and the maker's password and a code of their app given again. The field is keyName: an input named "name"
 * would hide the form element's own `name`.
 */
export const ApiKeySchema = z.object({
  keyName: requiredText("validation.apiKeyName"),
  scope: choice(API_KEY_SCOPES, "validation.apiKeyScope"),
  days: z.coerce
    .number({ invalid_type_error: "validation.wholeNumber" })
    .int("validation.wholeNumber")
    .min(1, "validation.daysRange1to90")
    .max(API_KEY_MAX_DAYS, "validation.daysRange1to90")
    .default(API_KEY_MAX_DAYS),
  currentPassword: requiredText("validation.currentPasswordForKey", 200),
  code: SecondFactorCodeSchema.shape.code,
});
