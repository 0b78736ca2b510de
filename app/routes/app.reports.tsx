import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";

export const loader = placeholderLoader("pages.reports", { adminOnly: true });
export default PlaceholderPage;
