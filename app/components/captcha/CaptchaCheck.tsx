import { useEffect, useRef } from "react";
import { useNonce } from "~/components/nonce";
import { ProgramContact, type ProgramContactInfo } from "~/components/about/ProgramContact";
import { useTranslation } from "~/i18n/react";
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from "~/services/captcha";

type Renderer = { render: (container: HTMLElement, options: { sitekey: string }) => unknown };

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The registration captcha (R2). React renders the element once and never touches it again, or hydration would
 * remove what the service's script drew. Navigated to, the page loads the script or asks it to redraw. Needs
 * JavaScript; without it the page says how else to reach the program.
 */
export function CaptchaCheck({
  provider,
  siteKey,
  contact,
}: {
  provider: CaptchaProvider;
  siteKey: string;
  contact: ProgramContactInfo;
}) {
  const { t } = useTranslation(["auth", "common"]);
  const nonce = useNonce();
  const service = CAPTCHA_PROVIDERS[provider];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current?.firstElementChild as HTMLElement | null | undefined;
    if (!element || element.childElementCount > 0) return;
    const loaded = (window as unknown as Record<string, Renderer | undefined>)[service.global];
    if (loaded?.render) {
      loaded.render(element, { sitekey: siteKey });
      return;
    }
    if (document.querySelector(`script[src="${service.script}"]`)) return;
    const script = document.createElement("script");
    script.src = service.script;
    script.async = true;
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }, [service, siteKey, nonce]);
  return (
    <div className="usa-form-group captcha-check">
      <p className="usa-hint">{t("register.captchaHint")}</p>
      <div
        ref={box}
        dangerouslySetInnerHTML={{
          __html: `<div class="${service.widgetClass}" data-sitekey="${escapeAttribute(siteKey)}"></div>`,
        }}
      />
      <div className="usa-alert usa-alert--warning without-script">
        <div className="usa-alert__body">
          <p className="usa-alert__text">{t("register.captchaNeedsScript")}</p>
          <ProgramContact {...contact} />
        </div>
      </div>
      <script src={service.script} async nonce={nonce} />
    </div>
  );
}
