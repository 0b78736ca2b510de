import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18next.server";
import { listExports, parseListPageQuery, type ListQuery, type ListSpec } from "~/utils/list";

/** Where a list's CSV export is answered, the name of its file, and the parameters every export of it carries. */
interface ExportAt {
  path: string;
  name: string;
  fixed?: Record<string, string>;
}

/**
 * What every list page loads: the query (an unknown date comparison shows no rows and answers 400), the rows the
 * model lets the actor see, and the export links.
 */
export async function loadListPage<Sort extends string, Row>(
  request: Request,
  spec: ListSpec<Sort>,
  list: (query: ListQuery<Sort>, language: Language) => Promise<{ data: Row[]; total: number }>,
  exportAt: ExportAt,
) {
  const language = await getLanguage(request);
  const { query, filterError } = parseListPageQuery(new URL(request.url).searchParams, spec, language);
  const { data, total } = filterError ? { data: [] as Row[], total: 0 } : await list(query, language);
  return {
    language,
    data,
    page: {
      failed: filterError,
      filterError,
      state: query,
      total,
      exports: listExports(exportAt.path, exportAt.name, query, exportAt.fixed),
    },
    status: filterError ? 400 : 200,
  };
}
