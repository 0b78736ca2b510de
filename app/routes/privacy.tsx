import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AboutPage } from "~/components/about/AboutPage";
import { getPageTranslation } from "~/i18n/page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "about"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request, ["about", "common"]);
  return json({ title: title("about:privacy.title") });
});

export default function Privacy() {
  const { t } = useTranslation("about");
  return (
    <AboutPage
      page="privacy"
      sections={[
        { heading: "whatHeading", body: ["what"] },
        { heading: "whyHeading", body: ["why"] },
        { heading: "whoHeading", body: ["who"] },
        { heading: "cookiesHeading", body: ["cookies"] },
        { heading: "rightsHeading", body: ["rights"] },
      ]}
    >
      <p>
        <Link to="/contact">{t("accessibility.helpLink")}</Link>
      </p>
    </AboutPage>
  );
}
