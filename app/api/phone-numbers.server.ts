import { z } from "zod";
import type { AppLoadContext } from "@remix-run/node";
import { createPhone, deletePhone, getPhone, listPhones, updatePhone, type PhoneRow } from "~/models/phone.server";
import type { CurrentUser } from "~/models/user.server";
import type { PhoneParts } from "~/utils/phone";
import { operation } from "./handler.server";
import { idText, iri, listParameters, parseList, PhoneObject, type ListShape } from "./shapes.server";

// /api/phone_numbers (R100): a referrer's phone numbers, on the model functions of the profile
// and checked as the pages check them.

const phoneRowOut = (row: PhoneRow) => ({
  "@id": iri("phone_numbers", row.id),
  id: row.id,
  areaCode: row.areaCode,
  prefix: row.prefix,
  suffix: row.suffix,
  createdBy: iri("users", row.createdById),
  createdAt: row.createdAt,
});

/** The list call: in the order made, filtered by whose the numbers are. */
const PHONE_LIST: ListShape<"id"> = {
  sorts: {},
  defaultSort: "id",
  defaultOrder: "asc",
  exact: { "createdBy.id": idText },
  dates: {},
};

async function updated(db: AppLoadContext["db"], actor: CurrentUser, id: number, parts: PhoneParts) {
  await updatePhone(db, actor, id, parts);
  return phoneRowOut(await getPhone(db, actor, id));
}

export const phoneOperations = {
  list: operation({
    operationId: "listPhoneNumbers",
    method: "GET",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    list: { params: listParameters(PHONE_LIST) },
    async run({ request, db, actor }) {
      const { query, exact } = parseList(new URL(request.url), PHONE_LIST);
      const { data, total } = await listPhones(db, actor, {
        page: query.page,
        count: query.count,
        ownerId: exact["createdBy.id"] as number | undefined,
      });
      return { data: data.map(phoneRowOut), total };
    },
  }),
  create: operation({
    operationId: "createPhoneNumber",
    method: "POST",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject,
    creates: true,
    async run({ db, actor, body }) {
      return phoneRowOut(await getPhone(db, actor, await createPhone(db, actor, body)));
    },
  }),
  get: operation({
    operationId: "getPhoneNumber",
    method: "GET",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    async run({ db, actor, id }) {
      return phoneRowOut(await getPhone(db, actor, id));
    },
  }),
  // PUT on the collection (R100): the phone number named by the body's id, as PUT /api/phone_numbers/{id}.
  updateNamed: operation({
    operationId: "updatePhoneNumberById",
    method: "PUT",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject.extend({ id: z.number().int().positive() }),
    async run({ db, actor, body: { id, ...parts } }) {
      return updated(db, actor, id, parts);
    },
  }),
  update: operation({
    operationId: "updatePhoneNumber",
    method: "PUT",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject,
    async run({ db, actor, id, body }) {
      return updated(db, actor, id, body);
    },
  }),
  remove: operation({
    operationId: "deletePhoneNumber",
    method: "DELETE",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    async run({ db, actor, id }) {
      await deletePhone(db, actor, id);
    },
  }),
};
