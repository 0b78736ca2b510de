import { getConfig } from "../app/config.server";
import { holdRows, openDatabase, writeTransaction, type DB } from "../app/db.server";
import { openSecret, sealedWithCurrentKey, sealSecret } from "../app/services/secret-box.server";
import { runAsCommand } from "./command";

// `npm run db:rotate-secrets`: seals again, under SECRETS_KEY, every authenticator key that an earlier key sealed
// (SECRETS_KEY_PREVIOUS, or the development key file of DATA_DIR). docs/security.md, "Keys at rest", tells the order:
// set the
// new key as SECRETS_KEY and the old one as SECRETS_KEY_PREVIOUS, restart, run this, then drop SECRETS_KEY_PREVIOUS.

/** How many keys it sealed again. */
export async function rotateSecrets(db: DB): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const holders = await trx.selectFrom("second_factors").select("user_id").orderBy("user_id").execute();
    let sealed = 0;
    for (const { user_id } of holders) {
      // Each person's row held first, as every change to a second step holds it (docs/product-rules.md R135): a set-up
      // made meanwhile, sealed with the current key already, is read here and not overwritten with the old secret.
      await holdRows(trx, "users", "id", [user_id]);
      const row = await trx
        .selectFrom("second_factors")
        .select(["user_id", "secret"])
        .where("user_id", "=", user_id)
        .executeTakeFirst();
      if (!row || sealedWithCurrentKey(row.secret)) continue;
      const context = `totp:${row.user_id}`;
      await trx
        .updateTable("second_factors")
        .set({ secret: sealSecret(openSecret(row.secret, context), context) })
        .where("user_id", "=", row.user_id)
        .execute();
      sealed += 1;
    }
    return sealed;
  });
}

async function main() {
  const config = getConfig();
  const db = openDatabase(config.database);
  try {
    const sealed = await rotateSecrets(db);
    console.log(
      `Sealed ${sealed} authenticator key(s) again with SECRETS_KEY; SECRETS_KEY_PREVIOUS may now be removed.`,
    );
  } finally {
    await db.destroy();
  }
}

runAsCommand(import.meta, main);
