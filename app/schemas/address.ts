import { z } from "zod";
import { optionalText, requiredCode, requiredText } from "./fields";

/** Maryland's ZIP codes run from 20588 to 21930; anything outside 205xx–219xx is another state. */
export const MARYLAND_ZIP = /^2(0[5-9]|1\d)\d{2}$/;

export const AddressSchema = z.object({
  line1: requiredText("validation.addressLine1"),
  line2: optionalText(100),
  city: requiredText("validation.addressCity", 60),
  zip: z
    .string({ required_error: "validation.addressZip" })
    .trim()
    .min(1, "validation.addressZip")
    .pipe(z.string().regex(MARYLAND_ZIP, "validation.zipMaryland")),
  county: requiredCode("validation.addressCounty"),
  nickname: optionalText(60),
});
export type AddressFormValue = z.infer<typeof AddressSchema>;
