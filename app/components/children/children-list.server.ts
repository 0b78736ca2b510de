import { json, type AppLoadContext } from "@remix-run/node";
import { getPageTranslation } from "~/i18n/page.server";
import { CHILD_LIST, listChildren } from "~/models/child-list.server";
import { mayCreateChild } from "~/models/policy";
import type { CurrentUser } from "~/models/user.server";
import { loadListPage } from "~/components/list/list-page.server";

/** A children list page's data. An unknown date comparison answers 400 with an empty list. */
export async function loadChildrenList(
  db: AppLoadContext["db"],
  request: Request,
  actor: CurrentUser,
  owner?: { id: number; name: string },
) {
  const { title } = await getPageTranslation(request, ["children", "common"]);
  const { language, data, page, status } = await loadListPage(
    request,
    CHILD_LIST,
    (query) => listChildren(db, actor, query, owner?.id),
    {
      path: "/app/children/export.csv",
      name: "children",
      fixed: owner ? { owner: String(owner.id) } : {},
    },
  );
  return json(
    {
      title: owner ? title("children:list.ownerTitle", { name: owner.name }) : title("children:list.title"),
      ...page,
      owner,
      rows: data.map((row) => ({
        id: row.id,
        name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(" "),
        birthdate: row.birthdate,
        createdAt: row.createdAt,
      })),
      canCreate: mayCreateChild(actor),
      language,
    },
    { status },
  );
}
