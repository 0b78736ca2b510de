import { parseWithZod } from "@conform-to/zod/v4";
import QRCode from "qrcode";
import type { AppLoadContext } from "@remix-run/node";
import { getPageTranslation } from "~/i18n/page.server";
import { beginSecondFactorSetup, type CodeHolder } from "~/models/second-factor.server";
import { CodeLockedError } from "~/models/code-guard.server";
import { SignInLimitedError } from "~/models/sign-in.server";
import { RecoveryCodeSchema, SecondFactorCodeSchema } from "~/schemas/second-factor";
import { rateLimitMessage } from "~/services/rate-limit.server";
import { refused, submitForm, type Refusal } from "~/components/ui/page.server";

// What the second factor's pages share (R129): the set-up screen's key and QR code, and the
// answer to a form that takes a code.

/** The second factor's pages show a secret or recovery codes: no copy of them is kept by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/** The set-up screen: the key in groups of four letters, and its QR code as SVG. */
export async function setupScreen(db: AppLoadContext["db"], holder: CodeHolder, sessionIdHash: string) {
  const { secret, uri } = await beginSecondFactorSetup(db, holder, sessionIdHash);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return {
    secretKey: secret.replace(/(.{4})(?=.)/g, "$1 "),
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

export type CodeInput = { code: string } | { recoveryCode: string };

/**
 * Parses an app or recovery code, then calls `save`. A wrong or used code is said beside its field; too many
 * attempts or a lock as a form error with 429.
 */
export async function submitCode<Answer>(
  request: Request,
  formData: FormData,
  save: (input: CodeInput, redirectTo: string | undefined) => Promise<Answer>,
) {
  const recovery = formData.has("recoveryCode");
  const schema = recovery ? RecoveryCodeSchema : SecondFactorCodeSchema;
  try {
    return await submitForm(request, formData, schema, (value) =>
      save("recoveryCode" in value ? { recoveryCode: value.recoveryCode } : { code: value.code }, value.redirectTo),
    );
  } catch (error) {
    if (!(error instanceof SignInLimitedError)) throw error;
    return refusedAsLimited(request, parseWithZod(formData, { schema }), error, { headers: NO_STORE });
  }
}

/** Too many attempts or a locked second step: a form error with 429 and the wait. */
export async function refusedAsLimited<Data extends object>(
  request: Request,
  submission: Parameters<typeof refused>[0],
  error: SignInLimitedError,
  { headers, ...refusal }: Omit<Refusal<Data>, "status" | "formErrors"> & { headers?: Record<string, string> } = {},
) {
  const { t } = await getPageTranslation(request, ["common", "auth"]);
  const minutes = Math.ceil(error.retryAfterSeconds / 60);
  return refused(submission, {
    ...refusal,
    status: 429,
    headers: { "Retry-After": String(error.retryAfterSeconds), ...headers },
    formErrors: [
      error instanceof CodeLockedError ? t("auth:secondFactor.locked", { count: minutes }) : rateLimitMessage(t, error),
    ],
  });
}
