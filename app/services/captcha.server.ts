import { getConfig } from "~/config.server";

/** The registration captcha (R2), off unless configured; refuses when the service says no or cannot be reached. */
export async function verifyCaptcha(token: string | undefined | null, remoteIp: string | undefined): Promise<boolean> {
  const { captcha } = getConfig();
  if (!captcha) return true;
  if (!token) return false;
  try {
    const body = new URLSearchParams({
      secret: captcha.secret,
      response: token,
      ...(remoteIp ? { remoteip: remoteIp } : {}),
    });
    const response = await fetch(captcha.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    const result = (await response.json()) as { success?: unknown };
    return response.ok && result.success === true;
  } catch {
    return false;
  }
}

/** What the registration page needs to draw the check: the service and the site key (the secret stays here). */
export function captchaWidget(): {
  provider: NonNullable<ReturnType<typeof getConfig>["captcha"]>["provider"];
  siteKey: string;
} | null {
  const { captcha } = getConfig();
  return captcha ? { provider: captcha.provider, siteKey: captcha.siteKey } : null;
}
