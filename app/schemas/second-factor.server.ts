import { z } from "zod";
import { requiredText } from "./fields.server";
import { SIX_DIGITS, withoutSpaces } from "./second-factor-checks";

// The second factor's forms (docs/product-rules.md R129); app/schemas/second-factor-checks.ts is the browser's check.

export const SecondFactorCodeSchema = z.object({
  code: z
    .string({ required_error: "validation.secondFactorCode" })
    .transform(withoutSpaces)
    .pipe(z.string({ required_error: "validation.secondFactorCode" }).regex(SIX_DIGITS, "validation.secondFactorCode")),
  redirectTo: z.string().optional(),
});

export const RecoveryCodeSchema = z.object({
  recoveryCode: requiredText("validation.recoveryCode", 60),
  redirectTo: z.string().optional(),
});
