import type { ProfileUpdate } from "~/schemas/account.server";
import type { DB } from "~/db.server";
import { promoteUser, setUserActive } from "./admin-users.server";
import { FieldsForbiddenError, InputError, NotFoundError } from "./errors";
import { mayEditProfile } from "./policy";
import { getProfile, updateProfile, type Profile, type ProfileChange } from "./profile.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

/** What a program asks of an account at once (PUT /api/users/{id}): its state and, by its owner, its profile. */
export interface AccountUpdate {
  /** The account's state as asked; a value equal to the account's changes nothing. */
  state: { locked?: boolean; enabled?: boolean; roles?: string[] };
  /** The changed profile fields, and the new profile, read and checked only once the asker may change it. */
  profile: { changed: string[]; read: () => ProfileUpdate };
}

/** The requested state vs. the account's. Unverifying or removing a role is refused on its field (R91). */
function stateChanges(current: Profile, asked: AccountUpdate["state"]) {
  const fields: Record<string, string[]> = {};
  if (asked.enabled === false && current.enabled) fields.enabled = ["api:fields.enabledStays"];
  const askedRoles = asked.roles ?? current.roles;
  const removed = current.roles.filter((role) => !askedRoles.includes(role));
  if (removed.length || (askedRoles.includes("ROLE_SUPER_ADMIN") && !current.roles.includes("ROLE_SUPER_ADMIN")))
    fields.roles = ["api:fields.rolesOneWay"];
  if (Object.keys(fields).length) throw new InputError(fields);
  let active: boolean | undefined;
  if (asked.locked === true && !current.locked) active = false;
  else if (asked.locked === false && current.locked) active = true;
  else if (asked.enabled === true && !current.enabled && asked.locked === undefined) active = true;
  return { active, promote: askedRoles.includes("ROLE_ADMIN") && !current.roles.includes("ROLE_ADMIN") };
}

/**
 * Changes state and profile together, refusing request errors before any write. State changes (R90, R91) come first,
 * promotion first of all as the one that may be refused. `signedIn`: a session caller, renewed on a new password.
 */
export const updateAccount = traced(
  "model.updateAccount",
  async function updateAccount(
    db: DB,
    actor: CurrentUser,
    userId: number,
    update: AccountUpdate,
    { signedIn, approvedDomains }: { signedIn: boolean; approvedDomains: readonly string[] },
  ): Promise<ProfileChange | null> {
    const current = await getProfile(db, actor, userId);
    const state = stateChanges(current, update.state);
    const { changed } = update.profile;
    if (changed.length && !mayEditProfile(actor, userId)) {
      if (!actor.isAdmin) throw new NotFoundError("user");
      throw new FieldsForbiddenError(Object.fromEntries(changed.map((name) => [name, ["api:fields.notYours"]])));
    }
    const profile = changed.length ? update.profile.read() : null;
    if (state.promote) await promoteUser(db, actor, userId, approvedDomains);
    if (state.active !== undefined) await setUserActive(db, actor, userId, state.active);
    return profile ? updateProfile(db, actor, userId, profile, { signedIn }) : null;
  },
);
