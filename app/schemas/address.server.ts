import { z } from "zod";
import { MARYLAND_ZIP } from "./address-checks";
import { optionalText, requiredCode, requiredText } from "./fields.server";

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
