import Bowser from "bowser";
import { IDLE_LIMIT_MS } from "~/auth/session.server";
import type { DB } from "~/db.server";
import { traced } from "~/services/trace.server";
import { NotFoundError } from "./errors";
import { mayEditProfile } from "./policy";
import { doneBy, recordSecurityEvent } from "./security-events.server";
import type { CurrentUser } from "./user.server";

// A person's own sessions (R110, ASVS 3.3.4): where they are signed in, and signing out
// everywhere but here. Only the owner reads or ends them; nobody else is told they exist.

export interface OwnSession {
  /**
   * The browser and system as the browser names them ("Firefox 133 · Windows"), or null when it said nothing usable.
   */
  device: string | null;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session this list is read in. */
  current: boolean;
}

/** "Firefox 133 · Windows" from a User-Agent, or null: browsers name themselves freely, so only a hint. */
function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return null;
  const name = [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ");
  return os.name ? `${name} · ${os.name}` : name;
}

/** How many sessions the list shows: the one asking and the last seen others; the button ends the rest too. */
const SESSIONS_SHOWN = 5;

/** The owner's live sessions, current first then most recent, at most SESSIONS_SHOWN, and how many others. */
export const listOwnSessions = traced(
  "model.listOwnSessions",
  async function listOwnSessions(
    db: DB,
    actor: CurrentUser,
    userId: number,
    currentIdHash: string,
    now = new Date(),
  ): Promise<{ sessions: OwnSession[]; others: number }> {
    if (!mayEditProfile(actor, userId)) throw new NotFoundError("user");
    const rows = await db
      .selectFrom("sessions")
      .select(["id_hash", "device", "address", "created_at", "last_seen_at"])
      .where("user_id", "=", userId)
      .where("awaiting", "is", null)
      .where("expires_at", ">", now.toISOString())
      .where("last_seen_at", ">=", new Date(now.getTime() - IDLE_LIMIT_MS).toISOString())
      .orderBy("last_seen_at", "desc")
      .execute();
    const sessions = rows
      .map((row) => ({
        device: deviceOf(row.device),
        address: row.address,
        signedInAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        current: row.id_hash === currentIdHash,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
    return {
      sessions: sessions.slice(0, SESSIONS_SHOWN),
      others: sessions.filter((session) => !session.current).length,
    };
  },
);

/** Signs the owner out of every other session (a lost phone, a shared computer), a security event; answers how many. */
export const endOtherSessions = traced(
  "model.endOtherSessions",
  async function endOtherSessions(
    db: DB,
    actor: CurrentUser,
    userId: number,
    currentIdHash: string,
    clientIp: string,
  ): Promise<number> {
    if (!mayEditProfile(actor, userId)) throw new NotFoundError("user");
    const ended = await db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where("id_hash", "<>", currentIdHash)
      .executeTakeFirst();
    await recordSecurityEvent(db, {
      kind: "otherSessionsEnded",
      ...doneBy(actor),
      subjectUserId: userId,
      address: clientIp,
    });
    return Number(ended.numDeletedRows);
  },
);
