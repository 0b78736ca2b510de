import * as z from "zod/mini";
import { choice, requiredText, wholeNumber } from "./fields";
import { secondFactorCode } from "./second-factor";

/** A new API key (R101). The field is keyName: an input named "name" would shadow the form element's `name`. */
export const API_KEY_MAX_DAYS = 90;
export const API_KEY_SCOPES = ["read", "write"] as const;
export const ApiKeySchema = z.object({
  keyName: requiredText("validation.apiKeyName"),
  scope: choice(API_KEY_SCOPES, "validation.apiKeyScope"),
  days: z._default(wholeNumber(1, API_KEY_MAX_DAYS, "validation.daysRange1to90"), API_KEY_MAX_DAYS),
  currentPassword: requiredText("validation.currentPasswordForKey", 200),
  code: secondFactorCode,
});
