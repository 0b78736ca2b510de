import { holdRows, writeTransaction, type DB } from "~/db.server";
import type { WizardIds } from "~/utils/wizard-paths";
import { addReferralAddress, getAddress, saveAddress, type AddressInput } from "./address.server";
import { getDraftForEdit } from "./referral.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

/** The child's address on a Draft (step 5): one of the referrer's address book, or one typed here. */
export type ReferralAddressChoice = { bookId: number } | { address: AddressInput; saveToBook: boolean };

export const getReferralAddress = traced(
  "model.getReferralAddress",
  async function getReferralAddress(db: DB, actor: CurrentUser, ids: WizardIds) {
    const referral = await getDraftForEdit(db, actor, ids);
    if (!referral.address_id) return null;
    return (
      (await db.selectFrom("addresses").selectAll().where("id", "=", referral.address_id).executeTakeFirst()) ?? null
    );
  },
);

/** Sets the Draft's address: a book one as is (edits make a new one); a typed one stored, in the book if asked. */
export const setReferralAddress = traced(
  "model.setReferralAddress",
  async function setReferralAddress(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    choice: ReferralAddressChoice,
  ): Promise<number> {
    await getDraftForEdit(db, actor, ids);
    let addressId: number;
    if ("bookId" in choice) {
      addressId = (await getAddress(db, actor, actor.id, choice.bookId)).id;
    } else if (choice.saveToBook) {
      addressId = (await saveAddress(db, actor, actor.id, choice.address, null)).id;
    } else {
      addressId = await addReferralAddress(db, actor, choice.address);
    }
    await writeTransaction(db, async (trx) => {
      // R135: the referral's row, held until the commit, so writes of the same referral take turns.
      await holdRows(trx, "referrals", "id", [ids.referral]);
      const referral = await getDraftForEdit(trx, actor, ids);
      await trx
        .updateTable("referrals")
        .set({ address_id: addressId, updated_at: new Date().toISOString() })
        .where("id", "=", referral.id)
        .execute();
    });
    return addressId;
  },
);
