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
  return json({ title: title("about:accessibility.title") });
});

export default function Accessibility() {
  const { t } = useTranslation("about");
  return (
    <AboutPage
      page="accessibility"
      sections={[
        { heading: "goalHeading", body: ["goal"] },
        { heading: "worksHeading", body: ["works1", "works2", "works3", "works4", "works5", "works6"] },
        { heading: "testingHeading", body: ["testing", "testing2", "testing3"] },
        { heading: "limitsHeading", body: ["limits"] },
        { heading: "helpHeading", body: ["help"] },
      ]}
    >
      <p>
        <Link to="/contact">{t("accessibility.helpLink")}</Link>
      </p>
    </AboutPage>
  );
}
