import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AboutPage } from "~/components/about/AboutPage";
import { programContact } from "~/components/about/program-contact.server";
import { ProgramContact } from "~/components/about/ProgramContact";
import { getPageTranslation } from "~/i18n/page.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "about"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request, ["about", "common"]);
  return json({ title: title("about:contact.title"), contact: programContact() });
});

export default function Contact() {
  const { contact } = useLoaderData<typeof loader>();
  const { t } = useTranslation("about");
  return (
    <AboutPage page="contact" sections={[]}>
      <ProgramContact {...contact} />
      <p>
        <strong>{t("contact.urgent")}</strong>
      </p>
    </AboutPage>
  );
}
