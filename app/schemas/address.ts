import { z } from "zod";
import { optionalText, requiredCode, requiredText } from "./fields";

/** Maryland's ZIP codes run from 20588 to 21930; anything outside 205xx–219xx is another state. */
export const MARYLAND_ZIP = /^2(0[5-9]|1\d)\d{2}$/;

export const AddressSchema = z.object({
  line1: requiredText(100),
  line2: optionalText(100),
  city: requiredText(60),
  zip: z
    .string({ required_error: "validation.required" })
    .trim()
    .regex(MARYLAND_ZIP, "validation.zipMaryland"),
  county: requiredCode,
  nickname: optionalText(60),
});
export type AddressFormValue = z.infer<typeof AddressSchema>;
