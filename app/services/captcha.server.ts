import { getConfig } from "~/config.server";

/**
 * The registration captcha check. Off unless CAPTCHA_VERIFY_URL and CAPTCHA_SECRET are set (no
 * captcha service is reachable offline); then it asks that service, in the `siteverify` form that
 * reCAPTCHA, hCaptcha and Turnstile share, and refuses when it says no or cannot be reached.
 */
export async function verifyCaptcha(token: string | undefined, remoteIp: string | undefined): Promise<boolean> {
  const { CAPTCHA_VERIFY_URL, CAPTCHA_SECRET } = getConfig();
  if (!CAPTCHA_VERIFY_URL || !CAPTCHA_SECRET) return true;
  if (!token) return false;
  try {
    const body = new URLSearchParams({ secret: CAPTCHA_SECRET, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    const response = await fetch(CAPTCHA_VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    const result = (await response.json()) as { success?: unknown };
    return response.ok && result.success === true;
  } catch {
    return false;
  }
}
