import { holdRows, writeTransaction, type DB } from "~/db.server";
import { guardianPhoneIssue } from "~/schemas/referral";
import type { PhoneParts } from "~/utils/phone";
import type { WizardIds } from "~/utils/wizard-paths";
import { seenPart } from "./access-record.server";
import { InputError, InvalidChoiceError, NotFoundError } from "./errors";
import { unknownLookupCodes } from "./lookup.server";
import { insertPhone, phoneText } from "./phone.server";
import { getDraftForEdit } from "./referral.server";
import type { CurrentUser } from "./user.server";
import { nameColumns, nameOfRow } from "~/utils/person-name";
import { traced } from "~/services/trace.server";

// A referral's parents and guardians (R56, R147), written under the same Draft rule as its answers.

export interface AdultInput {
  prefix?: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  suffix?: string;
  childRelationship: string;
  preferredMethodOfContact?: string;
  bestTimeToContact?: string;
  email?: string;
  homePhoneNumber: PhoneParts | null;
  workPhoneNumber: PhoneParts | null;
  mobilePhoneNumber: PhoneParts | null;
}

const ADULT_PHONES = {
  homePhoneNumber: "home_phone_id",
  workPhoneNumber: "work_phone_id",
  mobilePhoneNumber: "mobile_phone_id",
} as const;

type PhoneIds = { home_phone_id: number | null; work_phone_id: number | null; mobile_phone_id: number | null };

/** A parent's or guardian's three phones, each read as the caller shows it. */
async function phonesOf<Phone>(row: PhoneIds, read: (id: number | null) => Promise<Phone>) {
  return {
    home: await read(row.home_phone_id),
    work: await read(row.work_phone_id),
    mobile: await read(row.mobile_phone_id),
  };
}

/** A referral's parents and guardians, oldest first, each with its name and phones as shown. Checks no access. */
export async function adultsWithPhones(db: DB, referralId: number) {
  const rows = await db.selectFrom("adults").selectAll().where("referral_id", "=", referralId).orderBy("id").execute();
  return Promise.all(
    rows.map(async (row) => ({
      row,
      name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(" "),
      phones: await phonesOf(row, (id) => phoneText(db, id)),
    })),
  );
}

export const listAdults = traced(
  "model.listAdults",
  async function listAdults(db: DB, actor: CurrentUser, ids: WizardIds) {
    const referral = await getDraftForEdit(db, actor, ids);
    const adults = await adultsWithPhones(db, referral.id);
    return adults.map(({ row, name, phones }) => ({
      id: row.id,
      name,
      childRelationship: row.child_relationship,
      phones: [phones.home, phones.work, phones.mobile].filter(Boolean),
    }));
  },
);

/** One parent or guardian of the Draft; NotFoundError when it is not the Draft's. Callers have checked access. */
async function adultOfDraft(db: DB, referralId: number, adultId: number) {
  const row = await db
    .selectFrom("adults")
    .selectAll()
    .where("id", "=", adultId)
    .where("referral_id", "=", referralId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("adult");
  return row;
}

export const getAdult = traced(
  "model.getAdult",
  async function getAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number) {
    const referral = await getDraftForEdit(db, actor, ids);
    const row = await adultOfDraft(db, referral.id, adultId);
    const phones = await phonesOf(row, (id) => phoneText(db, id));
    return {
      id: row.id,
      ...nameOfRow(row),
      childRelationship: row.child_relationship ?? "",
      preferredMethodOfContact: row.preferred_method_of_contact ?? "",
      bestTimeToContact: row.best_time_to_contact ?? "",
      email: row.email ?? "",
      homePhoneNumber: phones.home,
      workPhoneNumber: phones.work,
      mobilePhoneNumber: phones.mobile,
    };
  },
);

/** A parent or guardian, for whoever may read the referral, whatever its status; on the record of access (R95). */
export const readAdult = traced(
  "model.readAdult",
  async function readAdult(db: DB, actor: CurrentUser, adultId: number) {
    const found = await db
      .selectFrom("adults as a")
      .innerJoin("referrals as r", "r.id", "a.referral_id")
      .selectAll("a")
      .select(["r.created_by_id", "r.status", "r.local_program_id"])
      .where("a.id", "=", adultId)
      .executeTakeFirst();
    const row = await seenPart(db, actor, found, { action: "view", entityType: "adult" });
    const phone = (id: number | null) =>
      id
        ? db
            .selectFrom("phone_numbers")
            .select(["id", "area_code", "prefix", "suffix"])
            .where("id", "=", id)
            .executeTakeFirst()
        : Promise.resolve(undefined);
    return { row, phones: await phonesOf(row, phone) };
  },
);

/** Adds (adultId null) or updates a parent or guardian, with at least one phone (R147). */
export const saveAdult = traced(
  "model.saveAdult",
  async function saveAdult(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    adultId: number | null,
    input: AdultInput,
  ): Promise<{ id: number }> {
    const errors = await unknownLookupCodes(db, [
      { field: "prefix", type: "Prefixes", code: input.prefix },
      { field: "suffix", type: "Suffixes", code: input.suffix },
      { field: "childRelationship", type: "FamilyRelationships", code: input.childRelationship },
      { field: "preferredMethodOfContact", type: "ContactMethods", code: input.preferredMethodOfContact },
    ]);
    if (Object.keys(errors).length) throw new InvalidChoiceError(errors);
    return writeTransaction(db, async (trx) => {
      // R135: writes of the same referral take turns.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      const existing = adultId === null ? null : await adultOfDraft(trx, referral.id, adultId);
      // Checked only after access, so one who may not write is not told the rule.
      const noPhone = guardianPhoneIssue(input);
      if (noPhone) throw new InputError({ [noPhone.path]: [noPhone.message] });
      const now = new Date().toISOString();
      const phones: Partial<Record<(typeof ADULT_PHONES)[keyof typeof ADULT_PHONES], number | null>> = {};
      const oldPhones: number[] = [];
      for (const [field, column] of Object.entries(ADULT_PHONES) as Array<
        [keyof typeof ADULT_PHONES, (typeof ADULT_PHONES)[keyof typeof ADULT_PHONES]]
      >) {
        phones[column] = await insertPhone(trx, input[field], actor.id);
        if (existing?.[column]) oldPhones.push(existing[column]!);
      }
      const columns = {
        ...nameColumns(input),
        child_relationship: input.childRelationship,
        preferred_method_of_contact: input.preferredMethodOfContact || null,
        best_time_to_contact: input.bestTimeToContact?.trim() || null,
        email: input.email || null,
        ...phones,
        updated_at: now,
      };
      let id: number;
      if (existing) {
        await trx.updateTable("adults").set(columns).where("id", "=", existing.id).execute();
        id = existing.id;
      } else {
        id = (
          await trx
            .insertInto("adults")
            .values({ ...columns, referral_id: referral.id, created_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }
      if (oldPhones.length) await trx.deleteFrom("phone_numbers").where("id", "in", oldPhones).execute();
      await trx.updateTable("referrals").set({ updated_at: now }).where("id", "=", referral.id).execute();
      return { id };
    });
  },
);

export const deleteAdult = traced(
  "model.deleteAdult",
  async function deleteAdult(db: DB, actor: CurrentUser, ids: WizardIds, adultId: number): Promise<void> {
    await writeTransaction(db, async (trx) => {
      // R135: writes of the same referral take turns.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      const row = await adultOfDraft(trx, referral.id, adultId);
      await trx.deleteFrom("adults").where("id", "=", row.id).execute();
      const phones = [row.home_phone_id, row.work_phone_id, row.mobile_phone_id].filter(
        (id): id is number => id !== null,
      );
      if (phones.length) await trx.deleteFrom("phone_numbers").where("id", "in", phones).execute();
      await trx
        .updateTable("referrals")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", referral.id)
        .execute();
    });
  },
);
