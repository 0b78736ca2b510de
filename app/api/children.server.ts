import { z } from "zod";
import { createChild, deleteChild, getChild, updateChild, type ChildRow } from "~/models/child.server";
import { listChildren, type ChildSort } from "~/models/child-list.server";
import { ChildNameSchema } from "~/schemas/child";
import { operation } from "./handler.server";
import { idText, iri, listParameters, parseList, reference, type ListShape, nullable, check } from "./shapes.server";

// /api/children (R100): a referrer's children, on the model functions of the children's pages and
// checked by their own schema.

const CHILD_LIST_SHAPE: ListShape<ChildSort> = {
  sorts: { lastName: "name", birthdate: "birthdate", createdAt: "createdAt", updatedAt: "updatedAt" },
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  exact: { name: z.string().max(100), "createdBy.id": idText, createdBy: reference("users") },
  dates: { birthdate: "birthdate", createdAt: "createdAt" },
};

function childOut(child: ChildRow & { referrals?: Array<{ id: number }> }) {
  return {
    "@id": iri("children", child.id),
    id: child.id,
    prefix: child.prefix,
    firstName: child.firstName,
    middleName: child.middleName,
    lastName: child.lastName,
    suffix: child.suffix,
    birthdate: child.birthdate,
    stateOfResidence: child.stateOfResidence,
    createdAt: child.createdAt,
    updatedAt: child.updatedAt,
    createdBy: iri("users", child.createdById),
    ...(child.referrals ? { referrals: child.referrals.map((referral) => iri("referrals", referral.id)) } : {}),
  };
}

const ChildBody = z
  .object({
    prefix: nullable(z.string().max(20)),
    firstName: nullable(z.string().max(100)),
    middleName: nullable(z.string().max(100)),
    lastName: nullable(z.string().max(100)),
    suffix: nullable(z.string().max(20)),
    birthdate: nullable(z.string().max(10)),
    stateOfResidence: nullable(z.string().max(20)),
  })
  .strict();

export const childOperations = {
  list: operation({
    operationId: "listChildren",
    method: "GET",
    path: "/api/children",
    tag: "Children",
    access: "user",
    list: { params: listParameters(CHILD_LIST_SHAPE) },
    async run({ request, db, actor }) {
      const { query, exact } = parseList(new URL(request.url), CHILD_LIST_SHAPE);
      if (exact.name) query.text = { name: String(exact.name) };
      const { data, total } = await listChildren(
        db,
        actor,
        query,
        (exact["createdBy.id"] ?? exact.createdBy) as number | undefined,
      );
      return { data: data.map((child) => childOut(child)), total };
    },
  }),
  create: operation({
    operationId: "createChild",
    method: "POST",
    path: "/api/children",
    tag: "Children",
    access: "referrer",
    body: ChildBody,
    creates: true,
    async run({ db, actor, body }) {
      const { id } = await createChild(db, actor, check(ChildNameSchema, body));
      return childOut(await getChild(db, actor, id));
    },
  }),
  get: operation({
    operationId: "getChild",
    method: "GET",
    path: "/api/children/{id}",
    tag: "Children",
    access: "user",
    async run({ db, actor, id }) {
      return childOut(await getChild(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateChild",
    method: "PUT",
    path: "/api/children/{id}",
    tag: "Children",
    access: "referrer",
    body: ChildBody,
    async run({ db, actor, id, body }) {
      const current = childOut(await getChild(db, actor, id));
      await updateChild(db, actor, id, check(ChildNameSchema, { ...current, ...body, id: undefined }));
      return childOut(await getChild(db, actor, id));
    },
  }),
  remove: operation({
    operationId: "deleteChild",
    method: "DELETE",
    path: "/api/children/{id}",
    tag: "Children",
    access: "referrer",
    async run({ db, actor, id }) {
      await deleteChild(db, actor, id);
    },
  }),
};
