import { z } from "zod";
import {
  createAddress,
  deleteAddress,
  getAddressById,
  listAddressBook,
  updateAddressById,
  type Address,
} from "~/models/address.server";
import { AddressSchema } from "~/schemas/address";
import { ApiError } from "./errors.server";
import { operation } from "./handler.server";
import { idText, iri, nullable, check } from "./shapes.server";

// /api/addresses (R100): the address book, on the model functions of its pages and checked by
// their own schema.

function addressOut(address: Address) {
  return {
    "@id": iri("addresses", address.id),
    id: address.id,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    zip: address.zip,
    nickname: address.nickname,
    addressBook: address.address_book === 1,
    state: address.state,
    county: address.county,
    createdBy: iri("users", address.created_by_id),
  };
}

const AddressBody = z
  .object({
    line1: nullable(z.string().max(100)),
    line2: nullable(z.string().max(100)),
    city: nullable(z.string().max(60)),
    zip: nullable(z.string().max(10)),
    nickname: nullable(z.string().max(60)),
    // false: an address outside the book, as a referral is sent with (R18, R100).
    addressBook: z.boolean().optional(),
    // What GET gives that nobody changes: a record read and sent back whole may carry it; it is left aside.
    "@id": z.unknown().optional(),
    id: z.unknown().optional(),
    createdBy: z.unknown().optional(),
    state: z.literal("MD", { error: "validation.zipMaryland" }).optional(),
    county: nullable(z.string().max(20)),
  })
  .strict();

export const addressOperations = {
  list: operation({
    operationId: "listAddresses",
    method: "GET",
    path: "/api/addresses",
    tag: "Addresses",
    access: "user",
    query: z.object({ "createdBy.id": idText.optional() }).strict(),
    list: {
      params: [
        { name: "createdBy.id", description: "Whose address book (administrators).", schema: { type: "integer" } },
      ],
    },
    async run({ db, actor, query }) {
      const data = await listAddressBook(db, actor, query["createdBy.id"] ?? actor.id);
      return { data: data.map(addressOut), total: data.length };
    },
  }),
  create: operation({
    operationId: "createAddress",
    method: "POST",
    path: "/api/addresses",
    tag: "Addresses",
    access: "referrer",
    body: AddressBody,
    creates: true,
    async run({ db, actor, body }) {
      return addressOut(await createAddress(db, actor, check(AddressSchema, body), body.addressBook !== false));
    },
  }),
  get: operation({
    operationId: "getAddress",
    method: "GET",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "user",
    async run({ db, actor, id }) {
      return addressOut(await getAddressById(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateAddress",
    method: "PUT",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "referrer",
    body: AddressBody,
    async run({ db, actor, id, body }) {
      // Only the asker's own addresses change (404 for anyone else's), a book's as the page saves them.
      const current = addressOut(await getAddressById(db, actor, id));
      // An address stays in the book or out of it: sent back as it is, addressBook is no change.
      if (body.addressBook !== undefined && body.addressBook !== current.addressBook)
        throw new ApiError("invalid_input", { fields: { addressBook: ["api:fields.addressBook"] } });
      return addressOut(await updateAddressById(db, actor, id, check(AddressSchema, { ...current, ...body })));
    },
  }),
  remove: operation({
    operationId: "deleteAddress",
    method: "DELETE",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "referrer",
    async run({ db, actor, id }) {
      await deleteAddress(db, actor, actor.id, id);
    },
  }),
};
