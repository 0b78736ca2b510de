import * as z from "zod/mini";
import { optionalText, requiredCode, requiredText } from "./fields";

/** Maryland's ZIP codes run from 20588 to 21930; anything outside 205xx–219xx is another state. */
export const MARYLAND_ZIP = /^2(0[5-9]|1\d)\d{2}$/;

export const zip = z
  .string("validation.addressZip")
  .check(
    z.trim(),
    z.minLength(1, { error: "validation.addressZip", abort: true }),
    z.regex(MARYLAND_ZIP, "validation.zipMaryland"),
  );

/** An address of the address book (the child's address step asks the same, app/schemas/referral.ts). */
export const addressFields = {
  line1: requiredText("validation.addressLine1"),
  line2: optionalText(100),
  city: requiredText("validation.addressCity", 60),
  zip,
  county: requiredCode("validation.addressCounty"),
  nickname: optionalText(60),
};

export const AddressSchema = z.object(addressFields);
export type AddressFormValue = z.output<typeof AddressSchema>;
