// The captcha services (R2): reCAPTCHA, hCaptcha and Turnstile share one markup and one `siteverify` form.

export const CAPTCHA_PROVIDERS = {
  recaptcha: {
    script: "https://www.google.com/recaptcha/api.js",
    widgetClass: "g-recaptcha",
    tokenField: "g-recaptcha-response",
    verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
    origins: ["https://www.google.com", "https://www.gstatic.com", "https://recaptcha.google.com"],
    /** The script's global, whose render() draws the check again after a page was opened without a reload. */
    global: "grecaptcha",
  },
  hcaptcha: {
    script: "https://js.hcaptcha.com/1/api.js",
    widgetClass: "h-captcha",
    tokenField: "h-captcha-response",
    verifyUrl: "https://api.hcaptcha.com/siteverify",
    origins: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
    global: "hcaptcha",
  },
  turnstile: {
    script: "https://challenges.cloudflare.com/turnstile/v0/api.js",
    widgetClass: "cf-turnstile",
    tokenField: "cf-turnstile-response",
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    origins: ["https://challenges.cloudflare.com"],
    global: "turnstile",
  },
} as const;

export type CaptchaProvider = keyof typeof CAPTCHA_PROVIDERS;

/** The service a siteverify address belongs to, when the operator did not name it. */
export function captchaProviderOfUrl(url: string): CaptchaProvider | null {
  const host = new URL(url).hostname;
  if (host === "www.google.com" || host === "recaptcha.net" || host === "www.recaptcha.net") return "recaptcha";
  if (host.endsWith("hcaptcha.com")) return "hcaptcha";
  if (host === "challenges.cloudflare.com") return "turnstile";
  return null;
}
