import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";

export const loader = placeholderLoader("pages.dashboard");
export default PlaceholderPage;
