import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";
import { titleMeta } from "~/utils/meta";

export const loader = placeholderLoader("pages.drafts");
export const meta = titleMeta;
export default PlaceholderPage;
