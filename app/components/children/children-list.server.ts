import { json, type AppLoadContext } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { CHILD_LIST, listChildren } from "~/models/child.server";
import { mayCreateChild } from "~/models/policy";
import type { CurrentUser } from "~/models/user.server";
import { listExports, parseListPageQuery } from "~/utils/list";

/**
 * The data of a children list page: the person's own children, or (administrators) everyone's
 * or one user's. An unknown date comparison in the address is answered 400 with the list empty.
 */
export async function loadChildrenList(db: AppLoadContext["db"], request: Request, actor: CurrentUser, owner?: { id: number; name: string }) {
  const url = new URL(request.url);
  const { title } = await getPageTranslation(request, ["children", "common"]);
  const language = await getLanguage(request);
  const { query, filterError } = parseListPageQuery(url.searchParams, CHILD_LIST, language);
  const { data, total } = filterError ? { data: [], total: 0 } : await listChildren(db, actor, query, owner?.id);
  return json(
    {
      title: owner ? title("children:list.ownerTitle", { name: owner.name }) : title("children:list.title"),
      failed: filterError,
      owner,
      state: query,
      total,
      rows: data.map((row) => ({
        id: row.id,
        name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(" "),
        birthdate: row.birthdate,
        createdAt: row.createdAt,
      })),
      filterError,
      canCreate: mayCreateChild(actor),
      language,
      exports: listExports("/app/children/export.csv", "children", query, owner ? { owner: String(owner.id) } : {}),
    },
    { status: filterError ? 400 : 200 },
  );
}
