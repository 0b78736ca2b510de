import * as z from "zod/mini";
import { ADMIN_STATUSES } from "~/utils/statuses";
import { choice, optionalText, requiredText, wholeNumber } from "./fields";

export const StatusChangeSchema = z.object({
  status: choice(ADMIN_STATUSES, "validation.status"),
  details: optionalText(1000),
  detailsEs: optionalText(1000),
  comments: optionalText(2000),
  serviceCoordinator: optionalText(100),
  eligibilityDetermination: optionalText(200),
});

/** A review link (R95): at most 30 days, since it is a bearer credential to a child's whole record (R93). */
export const REVIEW_LINK_DEFAULT_DAYS = 14;
export const REVIEW_LINK_MAX_DAYS = 30;
export const ReviewLinkSchema = z.object({
  reviewerName: requiredText("validation.reviewerName"),
  purpose: requiredText("validation.reviewPurpose", 200),
  days: z._default(wholeNumber(1, REVIEW_LINK_MAX_DAYS, "validation.daysRange1to30"), REVIEW_LINK_DEFAULT_DAYS),
});
