import type { DB } from "~/db.server";
import { signIn } from "~/models/sign-in.server";

/** A person signing in with this password from this address, as the sign-in page asks. */
export function signInFrom(db: DB, person: { email: string }, password: string, address: string) {
  return signIn(db, { email: person.email, password }, address);
}
