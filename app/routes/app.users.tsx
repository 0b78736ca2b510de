import { PlaceholderPage, placeholderLoader } from "~/components/shell/Placeholder";

export const loader = placeholderLoader("pages.users", { adminOnly: true });
export default PlaceholderPage;
