import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";

export const loader = placeholderLoader("pages.children");
export default PlaceholderPage;
