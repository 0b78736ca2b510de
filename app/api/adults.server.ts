import { z } from "zod";
import { wizardIdsOf, wizardIdsOfPart } from "~/models/referral-record.server";
import { deleteAdult, readAdult, saveAdult } from "~/models/referral-adults.server";
import { GuardianSchema } from "~/schemas/referral";
import { ApiError } from "./errors.server";
import { operation, type Context } from "./handler.server";
import {
  check,
  deletePartOperation,
  iri,
  nullable,
  PhoneObject,
  phoneOut,
  phonesAsText,
  reference,
} from "./shapes.server";

// /api/adults (R100): the parents and guardians of a referral, on the wizard's model functions
// and checked by the guardian step's schema.

const AdultBody = z
  .object({
    referral: reference("referrals").optional(),
    prefix: nullable(z.string().max(20)),
    firstName: nullable(z.string().max(100)),
    middleName: nullable(z.string().max(100)),
    lastName: nullable(z.string().max(100)),
    suffix: nullable(z.string().max(20)),
    childRelationship: nullable(z.string().max(20)),
    preferredMethodOfContact: nullable(z.string().max(20)),
    bestTimeToContact: nullable(z.string().max(100)),
    email: nullable(z.string().max(254)),
    homePhoneNumber: nullable(PhoneObject),
    workPhoneNumber: nullable(PhoneObject),
    mobilePhoneNumber: nullable(PhoneObject),
  })
  .strict();
type AdultBodyValue = z.infer<typeof AdultBody>;

async function adultOut(context: Context<unknown, unknown>, id: number) {
  const { row, phones } = await readAdult(context.db, context.actor, id);
  return {
    "@id": iri("adults", row.id),
    id: row.id,
    referral: iri("referrals", row.referral_id),
    prefix: row.prefix,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    suffix: row.suffix,
    childRelationship: row.child_relationship,
    preferredMethodOfContact: row.preferred_method_of_contact,
    bestTimeToContact: row.best_time_to_contact,
    email: row.email,
    homePhoneNumber: phoneOut(phones.home, phones.home?.id),
    workPhoneNumber: phoneOut(phones.work, phones.work?.id),
    mobilePhoneNumber: phoneOut(phones.mobile, phones.mobile?.id),
  };
}

function adultInput(value: AdultBodyValue) {
  const checked = check(GuardianSchema, { ...value, referral: undefined, ...phonesAsText(value) });
  return {
    ...checked,
    homePhoneNumber: checked.homePhoneNumber ?? null,
    workPhoneNumber: checked.workPhoneNumber ?? null,
    mobilePhoneNumber: checked.mobilePhoneNumber ?? null,
  };
}

export const adultOperations = {
  create: operation({
    operationId: "createAdult",
    method: "POST",
    path: "/api/adults",
    tag: "Adults",
    access: "user",
    body: AdultBody,
    creates: true,
    async run(context) {
      const { db, body } = context;
      if (body.referral === undefined)
        throw new ApiError("invalid_input", { fields: { referral: ["api:fields.required"] } });
      const ids = await wizardIdsOf(db, context.actor, body.referral);
      const { id } = await saveAdult(db, context.actor, ids, null, adultInput(body));
      return adultOut(context, id);
    },
  }),
  get: operation({
    operationId: "getAdult",
    method: "GET",
    path: "/api/adults/{id}",
    tag: "Adults",
    access: "user",
    async run(context) {
      return adultOut(context, context.id);
    },
  }),
  update: operation({
    operationId: "updateAdult",
    method: "PUT",
    path: "/api/adults/{id}",
    tag: "Adults",
    access: "user",
    body: AdultBody,
    async run(context) {
      const { db, id, body } = context;
      const ids = await wizardIdsOfPart(db, context.actor, "adults", id);
      if (body.referral !== undefined && body.referral !== ids.referral)
        throw new ApiError("invalid_input", { fields: { referral: ["api:fields.readOnly"] } });
      const current = await adultOut(context, id);
      const merged = { ...current, "@id": undefined, id: undefined, referral: undefined, ...body } as AdultBodyValue;
      await saveAdult(db, context.actor, ids, id, adultInput(merged));
      return adultOut(context, id);
    },
  }),
  remove: deletePartOperation(
    { operationId: "deleteAdult", path: "/api/adults/{id}", tag: "Adults", table: "adults" },
    deleteAdult,
  ),
};
