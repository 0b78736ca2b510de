import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";

export const loader = placeholderLoader("pages.drafts");
export default PlaceholderPage;
