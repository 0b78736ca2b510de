import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { PublicShell } from "../shell/PublicShell";

/** A footer page, from locales/<language>/about.json under `page`. */
export function AboutPage({
  page,
  sections,
  children,
}: {
  page: "accessibility" | "privacy" | "contact";
  sections: Array<{ heading: string; body: string[] }>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("about");
  return (
    <PublicShell>
      <div className="usa-prose">
        <h1>{t(`${page}.title`)}</h1>
        <p className="usa-intro">{t(`${page}.intro`)}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{t(`${page}.${section.heading}`)}</h2>
            {section.body.length > 1 ? (
              <ul>
                {section.body.map((key) => (
                  <li key={key}>{t(`${page}.${key}`)}</li>
                ))}
              </ul>
            ) : (
              <p>{t(`${page}.${section.body[0]}`)}</p>
            )}
          </section>
        ))}
        {children}
      </div>
    </PublicShell>
  );
}
