import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import { createSession, readSession } from "~/auth/session.server";
import { fixedT } from "~/i18n/i18next.server";
import { workAfterAnswers } from "~/services/after-answer.server";
import { RATE_LIMITS } from "~/services/rate-limit.server";
import { readOutbox } from "~/test/outbox";
import { addRegisteredPerson, SECURITY_ANSWERS, unchangedProfile } from "~/test/people";
import { parseListQuery } from "~/utils/list";
import { verifyEmail } from "./account-token.server";
import { forgotPassword, submitNewPassword, submitSecurityAnswers } from "./account-flows.server";
import { promoteUser, sendPasswordReset, setUserActive } from "./admin-users.server";
import { createApiKey, revokeApiKey } from "./api-key.server";
import { ForbiddenError, InputError } from "./errors";
import { updateProfile } from "./profile.server";
import {
  beginSecondFactorSetup,
  confirmSecondFactor,
  resetSecondFactor,
  secondFactorHistory,
} from "./second-factor.server";
import {
  listSecurityEvents,
  recordSecurityEvent,
  SECURITY_EVENT_LIST,
  securityEventsCsv,
  sweepSecurityEvents,
  type SecurityEventKind,
} from "./security-events.server";
import { signIn } from "./sign-in.server";
import type { CurrentUser } from "./user.server";

// The security events (docs/product-rules.md R133) on a real database: each way into an account that changes writes
// one, through recordSecurityEvent; only a super administrator reads them, filtered and as CSV; none holds a password,
// a code or a token; after 400 days they are swept.

const PASSWORD = "correct horse 12";
const IP = "198.51.100.40";
let test: TestDatabase;
let people = 0;
let superAdmin: CurrentUser;

beforeAll(async () => {
  test = await configuredTestDatabase();
  superAdmin = await person({ admin: true });
  await test.db.insertInto("user_roles").values({ user_id: superAdmin.id, role: "ROLE_SUPER_ADMIN" }).execute();
  superAdmin = { ...superAdmin, isSuperAdmin: true };
});
afterAll(() => test.close());
afterEach(() => vi.useRealTimers());

async function person({ admin = false } = {}): Promise<CurrentUser> {
  people += 1;
  return addRegisteredPerson(test.db, `events${people}@${admin ? "maryland.gov" : "example.com"}`, {
    password: PASSWORD,
    admin,
  });
}

/** The events about one account, oldest first, as stored. */
async function eventsOf(userId: number) {
  return test.db
    .selectFrom("security_events")
    .selectAll()
    .where("subject_user_id", "=", userId)
    .orderBy("id")
    .execute();
}
const kindsOf = async (userId: number) => (await eventsOf(userId)).map((event) => event.kind as SecurityEventKind);

/** An administrator with an authenticator app, and the codes it would show at a time. */
async function administratorWithApp() {
  const admin = await person({ admin: true });
  const cookie = (await createSession(test.db, admin.id)).split(";")[0];
  const { sessionIdHash } = (await readSession(test.db, new Request("http://x/", { headers: { Cookie: cookie } }))) as {
    sessionIdHash: string;
  };
  const { secret } = await beginSecondFactorSetup(test.db, admin, sessionIdHash);
  const codeAt = async (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  };
  return { admin, sessionIdHash, codeAt };
}

describe("signing in", () => {
  it("records each sign-in, each refusal with its reason and the address, and the first attempt stopped by a limit", async () => {
    const owner = await person();
    await signIn(test.db, { email: owner.email, password: PASSWORD }, IP);
    await expect(signIn(test.db, { email: owner.email, password: "not the one 123" }, IP)).rejects.toThrow();
    await expect(
      signIn(test.db, { email: "nobody-here@example.com", password: "not the one 123" }, IP),
    ).rejects.toThrow();
    const events = await eventsOf(owner.id);
    expect(events.map((event) => [event.kind, event.address, event.details])).toEqual([
      ["signIn", IP, null],
      ["signInFailed", IP, JSON.stringify({ reason: "invalid" })],
    ]);
    const unknown = await test.db
      .selectFrom("security_events")
      .selectAll()
      .where("kind", "=", "signInFailed")
      .where("subject_user_id", "is", null)
      .execute();
    expect(unknown.at(-1)).toMatchObject({ address: IP, details: JSON.stringify({ reason: "unknownAccount" }) });

    // Past the limit, the first refusal is an event; the ones after it are not.
    for (let attempt = 0; attempt < RATE_LIMITS.signIn.limit + 3; attempt += 1) {
      await signIn(test.db, { email: owner.email, password: "not the one 123" }, "203.0.113.9").catch(() => undefined);
    }
    expect((await kindsOf(owner.id)).filter((kind) => kind === "signInLimited")).toHaveLength(1);
  });

  it("records wrong codes, codes used before, the lock, and a set-up; never the code itself", async () => {
    const { admin, sessionIdHash: sessionHash, codeAt } = await administratorWithApp();
    const t0 = Date.parse("2026-11-27T10:00:05Z");
    const right = await codeAt(t0);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(confirmSecondFactor(test.db, admin, sessionHash, "000000", IP)).rejects.toBeInstanceOf(InputError);
    }
    const kinds = await kindsOf(admin.id);
    expect(kinds.filter((kind) => kind === "codeWrong")).toHaveLength(5);
    expect(kinds).toContain("codeLocked");
    await test.db
      .updateTable("code_guards")
      .set({ failures: 0, locked_until: null })
      .where("user_id", "=", admin.id)
      .execute();
    await confirmSecondFactor(test.db, admin, sessionHash, right, IP);
    expect(await kindsOf(admin.id)).toContain("secondFactorAdded");
    const stored = JSON.stringify(await eventsOf(admin.id));
    expect(stored).not.toContain(right);
    expect(stored).not.toContain("000000");
    // The account's page still shows its second factor's history, now read from the security events.
    expect((await secondFactorHistory(test.db, superAdmin, admin.id)).map((row) => row.action)).toEqual([
      "secondFactorAdded",
    ]);
  });
});

describe("keys, accounts, passwords and e-mail", () => {
  it("records a key made (with its name), revoked, and ended by its maker's deactivation; a promotion and a reset of the second step", async () => {
    const { admin, sessionIdHash: sessionHash, codeAt } = await administratorWithApp();
    const t0 = Date.parse("2026-11-27T11:00:05Z");
    await confirmSecondFactor(test.db, admin, sessionHash, await codeAt(t0), IP);
    const made = await createApiKey(
      test.db,
      admin,
      {
        name: "County warehouse",
        scope: "read",
        days: 30,
        password: PASSWORD,
        proof: { code: await codeAt(t0 + 60_000) },
      },
      IP,
    );
    const other = await createApiKey(
      test.db,
      admin,
      { name: "Nightly", scope: "write", days: 30, password: PASSWORD, proof: { code: await codeAt(t0 + 120_000) } },
      IP,
    );
    vi.useRealTimers();
    await revokeApiKey(test.db, superAdmin, made.id);
    await setUserActive(test.db, superAdmin, admin.id, false);
    await setUserActive(test.db, superAdmin, admin.id, true);
    await resetSecondFactor(test.db, superAdmin, admin.id);

    const events = await eventsOf(admin.id);
    const of = (kind: SecurityEventKind) => events.filter((event) => event.kind === kind);
    // The key each is about; none was done with a key (api_key_id, the means: pages).
    expect(
      of("apiKeyMade").map((event) => [
        event.subject_api_key_id,
        event.api_key_id,
        event.actor_user_id,
        event.address,
        event.details,
      ]),
    ).toEqual([
      [made.id, null, admin.id, IP, JSON.stringify({ key: "County warehouse" })],
      [other.id, null, admin.id, IP, JSON.stringify({ key: "Nightly" })],
    ]);
    expect(of("apiKeyRevoked")).toEqual([
      expect.objectContaining({ subject_api_key_id: made.id, api_key_id: null, actor_user_id: superAdmin.id }),
    ]);
    expect(of("apiKeyEnded")).toEqual([
      expect.objectContaining({
        subject_api_key_id: other.id,
        details: JSON.stringify({ key: "Nightly", reason: "deactivated" }),
      }),
    ]);
    expect(of("deactivated")).toEqual([expect.objectContaining({ actor_user_id: superAdmin.id })]);
    expect(of("activated")).toHaveLength(1);
    expect(of("secondFactorReset")).toEqual([expect.objectContaining({ actor_user_id: superAdmin.id })]);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
  });

  it("records a promotion, and an action through the JSON API with the key it came with", async () => {
    const referrer = await person({});
    await test.db
      .updateTable("users")
      .set({ email: `promoted${people}@maryland.gov`, last_login: new Date().toISOString() })
      .where("id", "=", referrer.id)
      .execute();
    const key = await test.db
      .insertInto("api_keys")
      .values({
        name: "Intake",
        key_hash: `hash-${people}`,
        key_start: "mdit_abcd",
        scope: "write",
        user_id: superAdmin.id,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await promoteUser(test.db, { ...superAdmin, via: { channel: "api", apiKeyId: key.id } }, referrer.id, [
      "maryland.gov",
    ]);
    expect(await eventsOf(referrer.id)).toEqual([
      expect.objectContaining({ kind: "promoted", actor_user_id: superAdmin.id, api_key_id: key.id }),
    ]);
  });

  it("records a password reset asked for, sent by an administrator and done; a password changed; a new e-mail asked for and confirmed", async () => {
    const owner = await person();
    await forgotPassword(test.db, { email: owner.email }, IP);
    await workAfterAnswers();
    expect(await kindsOf(owner.id)).toEqual(["passwordResetAsked"]);
    await test.db.deleteFrom("password_reset_tokens").where("user_id", "=", owner.id).execute();
    expect(await sendPasswordReset(test.db, superAdmin, owner.id)).toEqual({ sent: true });
    const [mail] = readOutbox(path.join(test.dir, "outbox"), owner.email).slice(-1);
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    await submitSecurityAnswers(test.db, { token, ...SECURITY_ANSWERS }, IP);
    expect(await submitNewPassword(test.db, { token, plainPassword: "a brand new one 77" }, IP)).toEqual({
      status: "reset",
    });

    const base = await unchangedProfile(test.db, owner);
    await updateProfile(test.db, owner, owner.id, {
      ...base,
      currentPassword: "a brand new one 77",
      newPassword: "another new one 88",
    });
    await updateProfile(test.db, owner, owner.id, {
      ...base,
      email: `moved${people}@example.com`,
      currentPassword: "another new one 88",
    });
    const [link] = readOutbox(path.join(test.dir, "outbox"), `moved${people}@example.com`);
    expect(await verifyEmail(test.db, /token=([\w-]+)/.exec(link.text)![1])).toBe("emailChanged");

    const events = await eventsOf(owner.id);
    expect(events.map((event) => event.kind)).toEqual([
      "passwordResetAsked",
      "passwordResetSent",
      "passwordReset",
      "passwordChanged",
      "emailChangeAsked",
      "emailChanged",
    ]);
    expect(events[1]).toMatchObject({ actor_user_id: superAdmin.id });
    const stored = JSON.stringify(events);
    for (const secret of [token, "a brand new one 77", "another new one 88", `moved${people}@example.com`])
      expect(stored).not.toContain(secret);
  });
});

describe("the page and its CSV", () => {
  const query = (search: string) => parseListQuery(new URLSearchParams(search), SECURITY_EVENT_LIST, "en");

  it("are a super administrator's only; filtered by person, kind and date; in US Eastern time, in both languages", async () => {
    const t = await fixedT("en", ["admin", "common"]);
    const admin = await person({ admin: true });
    await expect(listSecurityEvents(test.db, admin, query(""), "en", t)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(securityEventsCsv(test.db, admin, query(""), "en", t)).rejects.toBeInstanceOf(ForbiddenError);

    const target = await person();
    await test.db
      .updateTable("users")
      .set({ first_name: "Zoraida", last_name: "Quintana" })
      .where("id", "=", target.id)
      .execute();
    await recordSecurityEvent(
      test.db,
      { kind: "signInFailed", subjectUserId: target.id, address: IP, details: { reason: "invalid" } },
      new Date("2026-07-15T17:30:00Z"),
    );
    await recordSecurityEvent(
      test.db,
      { kind: "deactivated", actorUserId: superAdmin.id, subjectUserId: target.id },
      new Date("2026-08-01T12:00:00Z"),
    );

    const mine = await listSecurityEvents(test.db, superAdmin, query("person=quintana"), "en", t);
    expect(mine.total).toBe(2);
    expect(mine.data.map((row) => [row.when, row.what, row.who, row.address])).toEqual([
      ["08/01/2026, 8:00 AM EDT", "Account deactivated", `Rosa Núñez <${superAdmin.email}>`, ""],
      ["07/15/2026, 1:30 PM EDT", "Sign-in refused: wrong password", "", IP],
    ]);
    expect(mine.data[0].whose).toContain("Zoraida Quintana");
    expect(
      (await listSecurityEvents(test.db, superAdmin, query("person=quintana&kind=signInFailed"), "en", t)).total,
    ).toBe(1);
    expect(
      (await listSecurityEvents(test.db, superAdmin, query("person=quintana&atType=before&atFrom=2026-07-20"), "en", t))
        .total,
    ).toBe(1);

    const es = await fixedT("es", ["admin", "common"]);
    const csv = await securityEventsCsv(
      test.db,
      superAdmin,
      parseListQuery(new URLSearchParams("person=quintana"), SECURITY_EVENT_LIST, "es"),
      "es",
      es,
    );
    const rows = [csv.header];
    for await (const page of csv.pages) rows.push(...page);
    expect(rows[0]).toEqual(["Cuándo", "Qué", "Quién lo hizo", "Cuenta afectada", "Desde la dirección"]);
    expect(rows[2]).toEqual([
      "15/07/2026, 1:30 p.m. EDT",
      "Inicio de sesión rechazado: contraseña incorrecta",
      "",
      expect.stringContaining("Zoraida"),
      IP,
    ]);
  });

  it("are swept after 400 days", async () => {
    const target = await person();
    const now = new Date("2026-11-26T12:00:00Z");
    await recordSecurityEvent(
      test.db,
      { kind: "signIn", subjectUserId: target.id },
      new Date(now.getTime() - 401 * 86_400_000),
    );
    await recordSecurityEvent(
      test.db,
      { kind: "signIn", subjectUserId: target.id },
      new Date(now.getTime() - 399 * 86_400_000),
    );
    expect(await sweepSecurityEvents(test.db, now)).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(target.id)).toHaveLength(1);
  });
});
