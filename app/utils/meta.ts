import type { MetaFunction } from "@remix-run/node";

/**
 * Every page's loader returns its translated `title`; this puts it in <title>. When a page
 * failed, the root's pre-translated error title is used instead.
 */
export const titleMeta: MetaFunction = ({ data, error, matches }) => {
  if (error) {
    const root = matches.find((match) => match.id === "root")?.data as { errorTitle?: string } | undefined;
    return root?.errorTitle ? [{ title: root.errorTitle }] : [];
  }
  const title = (data as { title?: unknown } | undefined)?.title;
  return typeof title === "string" ? [{ title }] : [];
};
