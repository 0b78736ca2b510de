import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredTestDatabase } from "~/test/database";
import { insertApiKey } from "~/test/api-keys";
import { addPerson } from "~/test/people";
import { addStaff, addSuperAdmin, CALVERT, HOWARD, keepPrograms } from "~/test/programs";
import { submittedIn as submittedReferralIn } from "~/test/referrals";
import type { TestDatabase } from "../../db/testing";
import { setUserActive } from "./admin-users.server";
import { callerOfApiKey, listApiKeys, revokeApiKey } from "./api-key.server";
import { NotFoundError } from "./errors";
import { setStaffPrograms } from "./program-staff.server";
import { transferReferral } from "./referral-program.server";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "./referral-admin.server";
import { getReferralForReviewLink } from "./referral-review.server";
import { getCurrentUser, type CurrentUser } from "./user.server";

// A state agency's security review (issue 50), each finding as its attack, on a real database: the attack must no
// longer work. Each test here failed before the finding was mended.

let test: TestDatabase;
let referrer: CurrentUser;
let superAdmin: CurrentUser;
let admin: CurrentUser;
let howardStaff: CurrentUser;
let programs: Record<string, number>;
let people = 0;

async function staffOf(county: string, domain: string): Promise<CurrentUser> {
  people += 1;
  return addStaff(test.db, superAdmin, `staff${people}@${domain}`, programs[county]);
}

const submittedIn = async (county: string) => (await submittedReferralIn(test.db, referrer, county)).referral;

const events = (kind: string) =>
  test.db.selectFrom("security_events").selectAll().where("kind", "=", kind).orderBy("id").execute();

/** What a role lets a person keep: a session, an API key and a review link of a referral sent to Howard County. */
async function keptAccess(person: CurrentUser) {
  const { createSession } = await import("~/auth/session.server");
  await createSession(test.db, person.id);
  const key = await insertApiKey(test.db, person.id);
  const link = await createReviewLink(test.db, person, await submittedIn(HOWARD), { reviewerName: "R", purpose: "P" });
  return { key, link };
}

/** The person's sessions, and the key and link `keptAccess` gave them, all ended. */
async function expectAccessEnded(person: CurrentUser, { key, link }: Awaited<ReturnType<typeof keptAccess>>) {
  expect(await test.db.selectFrom("sessions").select("id_hash").where("user_id", "=", person.id).execute()).toEqual([]);
  expect((await callerOfApiKey(test.db, key.key)).ok).toBe(false);
  expect(await getReferralForReviewLink(test.db, link.token, "en")).toBeNull();
}

beforeAll(async () => {
  test = await configuredTestDatabase();
  programs = await keepPrograms(test.db, {
    [HOWARD]: { approved_domains: "howard.example.org" },
    [CALVERT]: { approved_domains: "calvert.example.org" },
  });
  referrer = await addPerson(test.db, "nurse@example.com");
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  superAdmin = await addSuperAdmin(test.db, "boss@maryland.gov");
  howardStaff = await staffOf(HOWARD, "howard.example.org");
});
afterAll(() => test.close());

describe("1. API keys: listed and revoked by their maker and super administrators only", () => {
  it("keeps a program's staff and an administrator from seeing or revoking anyone else's key, the super administrator's above all", async () => {
    const integration = await insertApiKey(test.db, superAdmin.id, { name: "state integration" });
    const staffKey = await insertApiKey(test.db, howardStaff.id, { name: "howard intake" });
    const adminKey = await insertApiKey(test.db, admin.id, { name: "admin script" });

    const seen = async (actor: CurrentUser) => (await listApiKeys(test.db, actor)).map((key) => key.name);
    expect(await seen(howardStaff)).toEqual(["howard intake"]);
    expect(await seen(admin)).toEqual(["admin script"]);
    expect(await seen(superAdmin)).toEqual(
      expect.arrayContaining(["state integration", "howard intake", "admin script"]),
    );
    for (const actor of [howardStaff, admin]) {
      expect(JSON.stringify(await listApiKeys(test.db, actor))).not.toContain(superAdmin.email);
    }

    for (const [actor, key] of [
      [howardStaff, integration],
      [howardStaff, adminKey],
      [admin, integration],
      [admin, staffKey],
    ] as const) {
      await expect(revokeApiKey(test.db, actor, key.id)).rejects.toBeInstanceOf(NotFoundError);
    }
    expect((await callerOfApiKey(test.db, integration.key)).ok).toBe(true);
    expect((await callerOfApiKey(test.db, staffKey.key)).ok).toBe(true);

    await revokeApiKey(test.db, howardStaff, staffKey.id);
    await revokeApiKey(test.db, superAdmin, adminKey.id);
    expect((await callerOfApiKey(test.db, staffKey.key)).ok).toBe(false);
    expect((await callerOfApiKey(test.db, adminKey.key)).ok).toBe(false);
  });
});

describe("2. review links end with the authority of whoever made them", () => {
  const input = { reviewerName: "Dana Díaz", purpose: "Second opinion" };

  it("ends a referral's live links when it moves to another program", async () => {
    const referral = await submittedIn(HOWARD);
    const byStaff = await createReviewLink(test.db, howardStaff, referral, { ...input, days: 90 });
    const byAdmin = await createReviewLink(test.db, admin, referral, input);
    expect(await getReferralForReviewLink(test.db, byStaff.token, "en")).not.toBeNull();
    // At most 30 days, whatever was asked.
    expect(Date.parse(byStaff.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);

    await transferReferral(test.db, howardStaff, referral, {
      toProgramId: programs[CALVERT],
      reason: "Moved to Calvert",
    });
    expect(await getReferralForReviewLink(test.db, byStaff.token, "en")).toBeNull();
    expect(await getReferralForReviewLink(test.db, byAdmin.token, "en")).toBeNull();
    const ended = (await listReviewLinks(test.db, admin, referral)).map((link) => link.ended_reason);
    expect(ended).toEqual(["transferred", "transferred"]);
  });

  it("ends a maker's links when they lose the role or are deactivated, and not anyone else's", async () => {
    const referral = await submittedIn(HOWARD);
    const leaving = await staffOf(HOWARD, "howard.example.org");
    const staying = await staffOf(HOWARD, "howard.example.org");
    const ofLeaving = await createReviewLink(test.db, leaving, referral, input);
    const ofStaying = await createReviewLink(test.db, staying, referral, input);
    await setStaffPrograms(test.db, superAdmin, leaving.id, []);
    expect(await getReferralForReviewLink(test.db, ofLeaving.token, "en")).toBeNull();
    expect(await getReferralForReviewLink(test.db, ofStaying.token, "en")).not.toBeNull();

    const deactivated = await staffOf(HOWARD, "howard.example.org");
    const ofDeactivated = await createReviewLink(test.db, deactivated, referral, input);
    await setUserActive(test.db, superAdmin, deactivated.id, false);
    expect(await getReferralForReviewLink(test.db, ofDeactivated.token, "en")).toBeNull();

    // A role taken away outside the application (straight in the database) ends the link when it is next used.
    const quiet = await staffOf(HOWARD, "howard.example.org");
    const ofQuiet = await createReviewLink(test.db, quiet, referral, input);
    await test.db.deleteFrom("user_local_programs").where("user_id", "=", quiet.id).execute();
    expect(await getReferralForReviewLink(test.db, ofQuiet.token, "en")).toBeNull();

    const reasons = Object.fromEntries(
      (await listReviewLinks(test.db, admin, referral)).map((link) => [link.id, link.ended_reason]),
    );
    expect(reasons).toEqual({
      [ofLeaving.id]: "roleLost",
      [ofStaying.id]: null,
      [ofDeactivated.id]: "deactivated",
      [ofQuiet.id]: "roleLost",
    });
  });

  it("records making, revoking and ending a link as security events", async () => {
    const referral = await submittedIn(HOWARD);
    const before = {
      made: (await events("reviewLinkMade")).length,
      revoked: (await events("reviewLinkRevoked")).length,
    };
    const link = await createReviewLink(test.db, howardStaff, referral, input);
    await revokeReviewLink(test.db, admin, referral, link.id);
    const made = (await events("reviewLinkMade")).slice(before.made);
    const revoked = (await events("reviewLinkRevoked")).slice(before.revoked);
    expect(made).toMatchObject([
      { actor_user_id: howardStaff.id, subject_user_id: howardStaff.id, details: JSON.stringify({ referral }) },
    ]);
    expect(revoked).toMatchObject([
      { actor_user_id: admin.id, subject_user_id: howardStaff.id, details: JSON.stringify({ referral }) },
    ]);
    expect(await events("reviewLinkEnded")).toContainEqual(
      expect.objectContaining({ details: expect.stringContaining('"reason":"transferred"') }),
    );
  });
});

describe("4. a security event names the key it is about apart from the key it was done with", () => {
  it("says a key revoked on a page was revoked, not used; one revoked through the API names the key that did it", async () => {
    const { fixedT } = await import("~/i18n/i18next.server");
    const { parseListQuery } = await import("~/utils/list");
    const { listSecurityEvents, SECURITY_EVENT_LIST } = await import("./security-events.server");
    const t = await fixedT("en", ["admin", "common"]);
    const revokedOnPage = await insertApiKey(test.db, superAdmin.id, { name: "old feed" });
    const revokedByCall = await insertApiKey(test.db, superAdmin.id, { name: "older feed" });
    const caller = await insertApiKey(test.db, superAdmin.id, { name: "admin tool" });
    await revokeApiKey(test.db, superAdmin, revokedOnPage.id);
    await revokeApiKey(test.db, { ...superAdmin, via: { channel: "api", apiKeyId: caller.id } }, revokedByCall.id);

    const query = parseListQuery(new URLSearchParams("kind=apiKeyRevoked"), SECURITY_EVENT_LIST, "en");
    const rows = (await listSecurityEvents(test.db, superAdmin, query, "en", t)).data;
    const onPage = rows.find((row) => row.what.includes("old feed"))!;
    const byCall = rows.find((row) => row.what.includes("older feed"))!;
    expect(onPage.who).not.toContain("API key");
    expect(byCall.who).toContain('with the API key "admin tool"');
    expect(byCall.who).not.toContain("older feed");
  });
});

describe("12. the SQLite database file is readable by its owner only", () => {
  it("makes a new file 0600, and narrows one an earlier start left 0644, with its write-ahead log", async () => {
    const { mkdtempSync, rmSync, statSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { openDatabase } = await import("~/db.server");
    const dir = mkdtempSync(path.join(tmpdir(), "mode-"));
    const mode = (file: string) => statSync(file).mode & 0o777;
    try {
      const fresh = openDatabase(path.join(dir, "new.db"));
      await fresh.selectNoFrom((eb) => eb.val(1).as("one")).execute();
      expect(mode(path.join(dir, "new.db"))).toBe(0o600);
      expect(mode(path.join(dir, "new.db-wal"))).toBe(0o600);
      await fresh.destroy();

      const old = path.join(dir, "old.db");
      writeFileSync(old, "", { mode: 0o644 });
      writeFileSync(`${old}-wal`, "", { mode: 0o644 });
      const reopened = openDatabase(old);
      expect(mode(old)).toBe(0o600);
      expect(mode(`${old}-wal`)).toBe(0o600);
      await reopened.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("13. smaller findings", () => {
  it("answers 404 for a translations file named after what every object inherits", async () => {
    const { loader } = await import("~/routes/locales.$lng.$ns");
    const status = async (lng: string, ns: string) =>
      (
        loader({
          params: { lng, ns },
          request: new Request(`http://localhost/locales/${lng}/${ns}`),
          context: {},
        } as never) as Response
      ).status;
    expect(await status("en", "common.json")).toBe(200);
    for (const [lng, ns] of [
      ["en", "constructor"],
      ["en", "__proto__"],
      ["en", "hasOwnProperty.json"],
      ["constructor", "name"],
      ["toString", "length"],
    ]) {
      expect(await status(lng, ns)).toBe(404);
    }
  });

  it("refuses a production start without SECRETS_KEY before writing a key file beside the data", async () => {
    const { existsSync, mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { loadConfig, productionChecks } = await import("~/config.server");
    const dir = mkdtempSync(path.join(tmpdir(), "production-"));
    try {
      const config = loadConfig({
        DATA_DIR: dir,
        NODE_ENV: "production",
        APP_URL: "https://referrals.example.org",
        SMTP_URL: "smtp://mail.example.org",
      });
      expect(productionChecks(config, { administratorExists: true }).errors).toEqual([
        expect.stringMatching(/^SECRETS_KEY is not set/),
      ]);
      expect(existsSync(path.join(dir, "secrets-key"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("records signing out as a security event, and why", async () => {
    const { createSession } = await import("~/auth/session.server");
    const { signOut } = await import("./sign-in.server");
    const person = await addPerson(test.db, "leaving@example.com");
    const cookie = (await createSession(test.db, person.id)).split(";")[0];
    await signOut(test.db, new Request("http://localhost/logout", { headers: { Cookie: cookie } }), "192.0.2.9", true);
    expect(await events("signedOut")).toContainEqual(
      expect.objectContaining({
        actor_user_id: person.id,
        subject_user_id: person.id,
        address: "192.0.2.9",
        details: JSON.stringify({ reason: "idle" }),
      }),
    );
  });

  it("names in the record of access the e-mail a viewer had when they looked", async () => {
    const { accessRecordOf } = await import("./access-record.server");
    const { getReferralForReview } = await import("./referral-review.server");
    const { fixedT } = await import("~/i18n/i18next.server");
    const referral = await submittedIn(HOWARD);
    const viewer = await addPerson(test.db, "looker@maryland.gov", { admin: true });
    const row = await test.db
      .selectFrom("referrals")
      .select(["child_id", "created_by_id"])
      .where("id", "=", referral)
      .executeTakeFirstOrThrow();
    await getReferralForReview(test.db, viewer, { referral, child: row.child_id, user: row.created_by_id }, "en");
    await test.db
      .updateTable("users")
      .set({ email: "someone.else@maryland.gov" })
      .where("id", "=", viewer.id)
      .execute();
    const record = await accessRecordOf(test.db, superAdmin, referral, "en", await fixedT("en", ["admin", "common"]));
    expect(record.map((line) => line.who)).toContainEqual(expect.stringContaining("<looker@maryland.gov>"));
    expect(JSON.stringify(record)).not.toContain("someone.else");
  });

  it("sends a referrer's families at most ten notices a day, to whatever addresses they typed", async () => {
    const path = await import("node:path");
    const { readOutbox } = await import("~/test/outbox");
    const sent = (to: string) => readOutbox(path.join(test.dir, "outbox")).filter((mail) => mail.to === to);
    const prolific = await addPerson(test.db, "prolific@example.com");
    await submittedReferralIn(test.db, prolific, HOWARD, { relationship: "5", familyEmail: "first@example.net" });
    expect(sent("first@example.net")).toHaveLength(1);
    await test.db
      .updateTable("rate_limits")
      .set({ hits: 10 })
      .where("bucket", "=", "familyNotice")
      .where("key", "=", String(prolific.id))
      .execute();
    await submittedReferralIn(test.db, prolific, HOWARD, { relationship: "5", familyEmail: "eleventh@example.net" });
    expect(sent("eleventh@example.net")).toEqual([]);
  });
});

describe("6. strangers cannot lock an owner out, and IPv6 is counted by its /64", () => {
  const PASSWORD = "correct horse 12";

  it("past the account's limit, still takes the owner's right password from an address with no failures, and refuses addresses that failed", async () => {
    const { addRegisteredPerson } = await import("~/test/people");
    const { signInFrom } = await import("~/test/sign-in");
    const { SignInError, SignInLimitedError } = await import("./sign-in.server");
    const owner = await addRegisteredPerson(test.db, "owner.lockout@example.com", { password: PASSWORD });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await expect(signInFrom(test.db, owner, "a wrong guess 12", `198.51.100.${attempt + 1}`)).rejects.toBeInstanceOf(
        SignInError,
      );
    }
    // A stranger's next guesses: from an address that failed, refused unheard; from a new one, one more guess, wrong.
    await expect(signInFrom(test.db, owner, PASSWORD, "198.51.100.7")).rejects.toBeInstanceOf(SignInLimitedError);
    await expect(signInFrom(test.db, owner, "another guess 34", "203.0.113.99")).rejects.toBeInstanceOf(SignInError);
    await expect(signInFrom(test.db, owner, PASSWORD, "203.0.113.99")).rejects.toBeInstanceOf(SignInLimitedError);
    // The owner, at home.
    expect((await signInFrom(test.db, owner, PASSWORD, "192.0.2.200")).userId).toBe(owner.id);
  });

  it("counts the addresses of one IPv6 /64 as one", async () => {
    const { addRegisteredPerson } = await import("~/test/people");
    const { signInFrom } = await import("~/test/sign-in");
    const { SignInError, SignInLimitedError } = await import("./sign-in.server");
    const owner = await addRegisteredPerson(test.db, "owner.ipv6@example.com", { password: PASSWORD });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await expect(
        signInFrom(test.db, owner, "a wrong guess 12", `2001:db8:1:2::${attempt.toString(16)}`),
      ).rejects.toBeInstanceOf(SignInError);
    }
    await expect(signInFrom(test.db, owner, "a wrong guess 12", "2001:db8:1:2:aaaa::1")).rejects.toBeInstanceOf(
      SignInLimitedError,
    );
    expect((await signInFrom(test.db, owner, PASSWORD, "2001:db8:1:3::1")).userId).toBe(owner.id);
    const { addressKey } = await import("~/services/rate-limit.server");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
  });
});

describe("10. the child's name stays in the record", () => {
  it("names the referral by its number, not the child, in the subjects of the referrer's mail", async () => {
    const path = await import("node:path");
    const { readOutbox } = await import("~/test/outbox");
    const { recordStatusChange } = await import("./referral-status.server");
    const { referral, lastName } = await submittedReferralIn(test.db, referrer, HOWARD);
    await recordStatusChange(test.db, admin, referral, { status: "Eligible" });
    const subjects = readOutbox(path.join(test.dir, "outbox"), referrer.email)
      .filter((mail) => mail.subject.includes(String(referral)))
      .map((mail) => mail.subject);
    expect(subjects).toEqual([`Your referral ${referral} was submitted`, `Referral ${referral}: Eligible`]);
    const everySubject = readOutbox(path.join(test.dir, "outbox"), referrer.email).map((mail) => mail.subject);
    expect(everySubject.join("\n")).not.toContain(lastName);
  });

  it("names no child in the title of the child's page, nor of its delete question, which the browser's history keeps", async () => {
    const { createSession } = await import("~/auth/session.server");
    const { loader } = await import("~/routes/app.children.details.$id");
    const { child, lastName } = await submittedReferralIn(test.db, referrer, HOWARD);
    const cookie = (await createSession(test.db, referrer.id)).split(";")[0];
    const titleOf = async (search: string) => {
      const request = new Request(`http://localhost/app/children/details/${child}${search}`, {
        headers: { Cookie: cookie },
      });
      const answer = (await loader({
        request,
        params: { id: String(child) },
        context: { db: test.db, clientIp: "192.0.2.1" },
      } as never)) as Response;
      return ((await answer.json()) as { title: string }).title;
    };
    expect(await titleOf("?lang=en")).toMatch(/^Child's details \|/);
    expect(await titleOf("?lang=en&delete=1")).toMatch(/^Delete this child\?/);
    expect(await titleOf("?lang=sp")).not.toContain(lastName);
  });
});

describe("11. registration tells nobody who has an account", () => {
  it("answers an address that has an account as it answers a new one, and mails its owner instead", async () => {
    const path = await import("node:path");
    const { readOutbox } = await import("~/test/outbox");
    const { addRegisteredPerson, SECURITY_ANSWERS } = await import("~/test/people");
    const { register } = await import("./account-flows.server");
    const registration = (email: string) => ({
      firstName: "Inés",
      lastName: "Mora",
      reference: "6",
      email,
      password: "tres tristes 12",
      securityQuestion1: "1",
      securityQuestion2: "2",
      ...SECURITY_ANSWERS,
      primaryLanguage: "en" as const,
      homePhoneNumber: null,
      workPhoneNumber: null,
      mobilePhoneNumber: null,
    });
    const mails = (to: string) => readOutbox(path.join(test.dir, "outbox"), to).map((mail) => mail.subject);
    const known = await addRegisteredPerson(test.db, "ines.known@example.com", { password: "a password 1234" });
    const newcomer = await register(test.db, registration("ines.new@example.com") as never, "192.0.2.31");
    const again = await register(test.db, registration(known.email) as never, "192.0.2.31");
    expect(again).toEqual(newcomer);
    expect(mails(known.email)).toEqual(["Someone tried to register with your e-mail address"]);
    expect(mails("ines.new@example.com")).toEqual(["Verify your e-mail address"]);

    // An account still waiting for its verification gets the link again.
    await register(test.db, registration("ines.new@example.com") as never, "192.0.2.31");
    expect(mails("ines.new@example.com")).toEqual(["Verify your e-mail address", "Verify your e-mail address"]);
  });
});

describe("5. a role follows the address", () => {
  it("ends the staff role of those a program's domains no longer cover: their sessions, keys and review links with it", async () => {
    const { updateLocalProgram } = await import("./local-program.server");
    await test.db
      .updateTable("local_programs")
      .set({ approved_domains: "howard.example.org,contractor.example.net" })
      .where("id", "=", programs[HOWARD])
      .execute();
    const contractor = await staffOf(HOWARD, "contractor.example.net");
    const stays = await staffOf(HOWARD, "howard.example.org");
    const access = await keptAccess(contractor);

    const program = await test.db
      .selectFrom("local_programs")
      .selectAll()
      .where("id", "=", programs[HOWARD])
      .executeTakeFirstOrThrow();
    await updateLocalProgram(test.db, superAdmin, programs[HOWARD], {
      nameEn: program.name,
      nameEs: program.name_es,
      intakeEmail: "new.intake@howard.example.org",
      phone: program.phone ?? undefined,
      approvedDomains: ["howard.example.org"],
    } as never);

    expect((await getCurrentUser(test.db, contractor.id))?.localProgramIds).toEqual([]);
    expect((await getCurrentUser(test.db, stays.id))?.localProgramIds).toEqual([programs[HOWARD]]);
    await expectAccessEnded(contractor, access);
    expect(await events("roleEndedByDomain")).toContainEqual(
      expect.objectContaining({ actor_user_id: superAdmin.id, subject_user_id: contractor.id }),
    );
    expect(await events("programChanged")).toContainEqual(expect.objectContaining({ actor_user_id: superAdmin.id }));
  });

  it("ends at start-up the administrator role of those a domain taken off ADMIN_EMAIL_DOMAINS leaves outside, with their sessions, keys and links", async () => {
    const { endAdminRolesOutsideDomains } = await import("./admin-users.server");
    const contractor = await addPerson(test.db, "admin@contractor.example.net", { admin: true });
    const owner = await addPerson(test.db, "owner@contractor.example.net", { admin: true });
    await test.db.insertInto("user_roles").values({ user_id: owner.id, role: "ROLE_SUPER_ADMIN" }).execute();
    const access = await keptAccess(contractor);

    // No list set: nobody could be promoted, and nobody is taken away.
    expect(await endAdminRolesOutsideDomains(test.db, [])).toBe(0);
    expect(await endAdminRolesOutsideDomains(test.db, ["maryland.gov", "contractor.example.net"])).toBe(0);
    expect(await endAdminRolesOutsideDomains(test.db, ["maryland.gov"])).toBe(1);

    expect((await getCurrentUser(test.db, contractor.id))?.isAdmin).toBe(false);
    expect((await getCurrentUser(test.db, owner.id))?.isSuperAdmin).toBe(true);
    expect((await getCurrentUser(test.db, admin.id))?.isAdmin).toBe(true);
    await expectAccessEnded(contractor, access);
    expect(await events("roleEndedByDomain")).toContainEqual(
      expect.objectContaining({
        actor_user_id: null,
        subject_user_id: contractor.id,
        details: JSON.stringify({ reason: "adminDomains" }),
      }),
    );
    expect(await endAdminRolesOutsideDomains(test.db, ["maryland.gov"])).toBe(0);
  });

  it("refuses a staff member's change of e-mail to an address outside their program's domains, asked or confirmed", async () => {
    const { unchangedProfile } = await import("~/test/people");
    const { updateProfile } = await import("./profile.server");
    const { createEmailVerification, verifyEmail } = await import("./account-token.server");
    const staff = await staffOf(HOWARD, "howard.example.org");
    const asked = {
      ...(await unchangedProfile(test.db, staff)),
      email: "me@personal.example.net",
      currentPassword: "whatever 1234",
    };
    await expect(updateProfile(test.db, staff, staff.id, asked)).rejects.toMatchObject({
      fieldErrors: { email: ["validation.emailOutsideRole"] },
    });
    // A link asked for before (or by another door) is refused when opened, and the account keeps its address.
    const token = await createEmailVerification(test.db, staff.id, { newEmail: "me@personal.example.net" });
    expect(await verifyEmail(test.db, token)).toBe("outsideRole");
    expect((await getCurrentUser(test.db, staff.id))?.email).toBe(staff.email);
  });
});

describe("8. a person sees where they are signed in, and signs out everywhere else", () => {
  it("lists the owner's sessions with browser, address and when, and ends every other one", async () => {
    const { addRegisteredPerson } = await import("~/test/people");
    const { readSession } = await import("~/auth/session.server");
    const { signIn } = await import("./sign-in.server");
    const { endOtherSessions, listOwnSessions } = await import("./own-sessions.server");
    const owner = await addRegisteredPerson(test.db, "two.browsers@example.com", { password: "correct horse 12" });
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const phone =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const here = await signIn(test.db, { email: owner.email, password: "correct horse 12" }, "192.0.2.50", firefox);
    const there = await signIn(test.db, { email: owner.email, password: "correct horse 12" }, "2001:db8::7", phone);
    const sessionOf = async (cookie: string) =>
      readSession(test.db, new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0] } }));
    const current = await sessionOf(here.cookie);
    if (current.status !== "active") throw new Error("not signed in");

    const listed = await listOwnSessions(test.db, owner, owner.id, current.sessionIdHash);
    expect(listed.others).toBe(1);
    expect(
      listed.sessions.map(({ device, address, current: isCurrent }) => ({ device, address, current: isCurrent })),
    ).toEqual([
      { device: "Firefox 133 · Windows", address: "192.0.2.50", current: true },
      { device: "Chrome 131 · Android", address: "2001:db8::7", current: false },
    ]);
    await expect(listOwnSessions(test.db, admin, owner.id, current.sessionIdHash)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(endOtherSessions(test.db, admin, owner.id, current.sessionIdHash, "192.0.2.1")).rejects.toBeInstanceOf(
      NotFoundError,
    );

    expect(await endOtherSessions(test.db, owner, owner.id, current.sessionIdHash, "192.0.2.50")).toBe(1);
    expect((await sessionOf(there.cookie)).status).toBe("expired");
    expect((await sessionOf(here.cookie)).status).toBe("active");
    expect(await events("otherSessionsEnded")).toContainEqual(
      expect.objectContaining({ actor_user_id: owner.id, subject_user_id: owner.id }),
    );
  });
});
