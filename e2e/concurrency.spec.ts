import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { DB } from "../app/db.server";
import { readOutbox } from "../app/test/outbox";
import { freePort, OwnServer, send } from "./own-server";
import {
  appCode,
  createChild,
  createUser,
  fillReferral,
  openDataDir,
  referralIdOf,
  sessionCookieOf,
  sessionSecret,
  startReferral,
  yearsAgo,
  type TestUser,
} from "./support";

// Many requests at the same moment, on two production servers over one database and one data folder
// (docs/product-rules.md R122), as a load balancer would spread them: each rule that must hold once
// (a submit, a reset link, a second step's code) holds once, whichever instance each request reached,
// and nothing acknowledged is lost. No answer may be a server error. The requests go without a page,
// the same with or without JavaScript: the tests run in one project (@http, see playwright.config.ts).

let dataDir: string;
let db: DB;
let a: OwnServer;
let b: OwnServer;
/** The settings and session secret the two instances share. */
let shared: { env: Record<string, string>; secret: string };

/** One answer of a race, with the request it answers, so that a failure names it. */
interface Sent {
  what: string;
  status: number;
  location: string;
  cookies: string[];
  body: string;
}

async function call(
  what: string,
  server: OwnServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Sent> {
  const answer = await send(method, `${server.base}${path}`, headers, body);
  return {
    what: `${what}: ${method} ${path.replace(/token=[^&]+/, "token=…")} on instance ${server === a ? "A" : "B"}`,
    status: answer.status,
    location: String(answer.headers.location ?? ""),
    cookies: answer.headers["set-cookie"] ?? [],
    body: answer.body.toString(),
  };
}

/** Even requests go to instance A, odd ones to B. */
const instance = (index: number) => (index % 2 ? b : a);

const json = (cookie: string) => ({ Cookie: cookie, "Content-Type": "application/json" });

/** A form posted as a browser without JavaScript posts it, from the instance's own page. */
function postForm(what: string, server: OwnServer, path: string, form: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base };
  if (cookie) headers.Cookie = cookie;
  return call(what, server, "POST", path, headers, new URLSearchParams(form).toString());
}

const sessionCookieIn = (answer: Sent) =>
  answer.cookies.find((cookie) => /^__(Host-)?session=./.test(cookie))?.split(";")[0] ?? "";

const bodyOf = <T>(answer: Sent) => JSON.parse(answer.body) as T;

/** No answer was a server error: the ones that were are named, with what both servers wrote. */
function expectNoServerError(answers: Sent[]) {
  const failed = answers
    .filter((answer) => answer.status >= 500)
    .map((answer) => `${answer.what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const logs = `\ninstance A wrote:\n${a.output.slice(-3000)}\ninstance B wrote:\n${b.output.slice(-3000)}`;
  expect(failed, failed.length ? logs : undefined).toEqual([]);
}

/** The answers whose status is not one of those `allowed` for their kind of request. */
const unexpected = (answers: Sent[], allowed: (answer: Sent) => number[]) =>
  answers
    .filter((answer) => !allowed(answer).includes(answer.status))
    .map((answer) => `${answer.what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);

const submittedMails = (user: TestUser) => {
  const outbox = path.join(dataDir, "outbox");
  return existsSync(outbox)
    ? readOutbox(outbox, user.email).filter((mail) => /^Your referral \d+ was submitted$/.test(mail.subject))
    : [];
};

/** A session of the user past the password, waiting for the second step's code (R129), as the Cookie header. */
async function waitingSession(user: TestUser): Promise<string> {
  const { createSession } = await import("../app/auth/session.server");
  return (await createSession(db, user.id, new Date(), "code")).split(";")[0];
}

/**
 * A referrer who set up an authenticator app from their profile (the key read on one instance, confirmed on the other):
 * its key.
 */
async function withSecondFactor(user: TestUser): Promise<string> {
  const cookie = await sessionCookieOf(user, db);
  const page = `/app/profile/${user.id}/second-factor`;
  const shown = await call("set-up", a, "GET", page, { Cookie: cookie });
  const secret = (/data-secret-key[^>]*>([^<]+)</.exec(shown.body)?.[1] ?? "").replace(/\s+/g, "");
  expect(secret, `the key on ${page} (${shown.status})`).toMatch(/^[A-Z2-7]{32}$/);
  const confirmed = await postForm("confirm", b, page, { intent: "confirm", code: await appCode(secret) }, cookie);
  expect(confirmed.status, confirmed.body.slice(0, 300)).toBe(200);
  return secret;
}

test.describe.configure({ mode: "serial" });

test.describe("requests at the same moment on two instances @http", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "referral-concurrency-"));
    const opened = await openDataDir(dataDir);
    db = opened.db;
    const secret = await sessionSecret();
    shared = { env: opened.env, secret };
    a = new OwnServer(dataDir, secret, await freePort(), opened.env);
    b = new OwnServer(dataDir, secret, await freePort(), opened.env);
    await Promise.all([a.start(), b.start()]);
  });

  test.afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("40 people each saving and submitting their own Draft at once keep every answer and submit each referral once", async () => {
    test.setTimeout(90_000);
    const CLIENTS = 40;
    // Each Draft lacks only the consent answer, which the save gives: a save that was lost would leave it incomplete.
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, index) => {
        const user = await createUser({}, db);
        const child = await createChild(
          user,
          {
            firstName: `Carrera${index}`,
            lastName: `Paralela${randomBytes(3).toString("hex")}`,
            birthdate: yearsAgo(1, index),
          },
          db,
        );
        const wizard = await startReferral(user, child.id, db);
        await fillReferral(user, wizard, {}, db);
        return {
          user,
          id: referralIdOf(wizard),
          cookie: await sessionCookieOf(user, db),
          details: `Client ${index} says ${randomBytes(6).toString("hex")}.`,
        };
      }),
    );

    const began = new Date().toISOString();
    // Each saves on one instance and submits on the other.
    const answers = await Promise.all(
      clients.map(async (client, index) => {
        const save = await call(
          `save ${index}`,
          instance(index),
          "PUT",
          `/api/referrals/${client.id}`,
          json(client.cookie),
          JSON.stringify({ additionalDetails: client.details, childParentConsent: 2 }),
        );
        const submit = await call(
          `submit ${index}`,
          instance(index + 1),
          "POST",
          `/api/referrals/${client.id}/submit`,
          { Cookie: client.cookie },
        );
        return { save, submit };
      }),
    );
    const ended = new Date().toISOString();

    const saves = answers.map(({ save }) => save);
    const submits = answers.map(({ submit }) => submit);
    expectNoServerError([...saves, ...submits]);
    // Nobody got in anybody's way: every save and every submit was acknowledged, each submit as the one that sent it.
    expect(unexpected(saves, () => [200])).toEqual([]);
    expect(unexpected(submits, () => [200])).toEqual([]);
    expect(
      submits.filter((submit) => !bodyOf<{ submitted: boolean }>(submit).submitted).map((submit) => submit.what),
    ).toEqual([]);

    // Each referral as its own client left it: its answer stored, Submitted once, during the race (R69).
    const ids = clients.map((client) => client.id);
    const rows = await db
      .selectFrom("referrals")
      .select(["id", "status", "submission_date", "additional_details", "child_parent_consent"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    const expected = [...clients]
      .sort((one, other) => one.id - other.id)
      .map((client) => ({
        id: client.id,
        status: "Submitted",
        submission_date: expect.any(String),
        additional_details: client.details,
        child_parent_consent: 2,
      }));
    expect(rows).toEqual(expected);
    for (const row of rows) {
      expect(
        row.submission_date! >= began && row.submission_date! <= ended,
        `referral ${row.id} submitted at ${row.submission_date}`,
      ).toBe(true);
    }
    // Submitting writes no status history today (app/models/referral-lifecycle.server.ts); should it come to, one row
    // "Draft → Submitted" each, never two.
    const history = await db
      .selectFrom("referral_status_history")
      .select(["referral_id", "from_status", "to_status"])
      .where("referral_id", "in", ids)
      .execute();
    expect(history.filter((row) => row.from_status !== "Draft" || row.to_status !== "Submitted")).toEqual([]);
    const historyRows = new Set(ids.map((id) => history.filter((row) => row.referral_id === id).length));
    expect([[0], [1]]).toContainEqual([...historyRows]);
    // One confirmation e-mail each.
    expect(clients.map((client) => submittedMails(client.user).length)).toEqual(Array(CLIENTS).fill(1));
  });

  test("submits, deletes, copies and saves of one Draft at once leave it either deleted or submitted once, and every copy made", async () => {
    const user = await createUser({}, db);
    const child = await createChild(
      user,
      { firstName: "Una", lastName: `Carrera${randomBytes(3).toString("hex")}` },
      db,
    );
    const wizard = await startReferral(user, child.id, db);
    await fillReferral(user, wizard, { consent: 2 }, db);
    const id = referralIdOf(wizard);
    const cookie = await sessionCookieOf(user, db);
    const original = (
      await db.selectFrom("referrals").select("additional_details").where("id", "=", id).executeTakeFirstOrThrow()
    ).additional_details;

    const plan = ["submit", "delete", "copy", "save", "submit", "copy", "delete", "save", "submit", "copy"] as const;
    const saved = new Map<string, string>();
    const answers = await Promise.all(
      plan.map((kind, index) => {
        const what = `${kind} ${index}`;
        const server = instance(index);
        if (kind === "submit") return call(what, server, "POST", `/api/referrals/${id}/submit`, { Cookie: cookie });
        if (kind === "delete") return call(what, server, "DELETE", `/api/referrals/${id}`, { Cookie: cookie });
        if (kind === "copy") return call(what, server, "POST", `/api/referrals/${id}/copy`, { Cookie: cookie });
        const details = `Saved by request ${index}: ${randomBytes(4).toString("hex")}.`;
        saved.set(what, details);
        return call(
          what,
          server,
          "PUT",
          `/api/referrals/${id}`,
          json(cookie),
          JSON.stringify({ additionalDetails: details }),
        );
      }),
    );
    const of = (kind: (typeof plan)[number]) => answers.filter((_, index) => plan[index] === kind);

    expectNoServerError(answers);
    // Each answer is one the rules give: a submit finds it (submitted now or already) or not; a delete is refused once
    // it is submitted (R72), a save too; anything on a deleted referral is told it does not exist.
    const allowed: Record<(typeof plan)[number], number[]> = {
      submit: [200, 404],
      delete: [204, 403, 404],
      copy: [201, 404],
      save: [200, 403, 404],
    };
    expect(unexpected(answers, (answer) => allowed[plan[answers.indexOf(answer)]])).toEqual([]);

    const submitted = of("submit").filter(
      (answer) => answer.status === 200 && bodyOf<{ submitted: boolean }>(answer).submitted,
    );
    const deleted = of("delete").filter((answer) => answer.status === 204);
    // Whichever came first won: deleted (then no submit found it), or submitted once (then no delete took it).
    expect(
      { submitted: submitted.length, deleted: deleted.length },
      answers.map((answer) => `${answer.what}: ${answer.status} ${answer.body.slice(0, 120)}`).join("\n"),
    ).toEqual(deleted.length ? { submitted: 0, deleted: 1 } : { submitted: 1, deleted: 0 });

    const row = await db
      .selectFrom("referrals")
      .select(["status", "submission_date", "additional_details"])
      .where("id", "=", id)
      .executeTakeFirst();
    const acknowledgedSaves = of("save")
      .filter((answer) => answer.status === 200)
      .map((answer) => saved.get(answer.what.split(":")[0])!);
    if (deleted.length) {
      expect(row).toBeUndefined();
    } else {
      expect(row).toEqual({
        status: "Submitted",
        submission_date: expect.stringMatching(/^\d{4}-/),
        additional_details: expect.any(String),
      });
      // A save acknowledged is kept (the last of them); none acknowledged, the answer is as it was.
      expect(acknowledgedSaves.length ? acknowledgedSaves : [original]).toContain(row!.additional_details);
      // The other saves came once it was submitted, and were refused: what was submitted stays as it was (R74).
      expect(of("save").filter((answer) => answer.status === 403).length).toBe(2 - acknowledgedSaves.length);
    }
    expect(submittedMails(user)).toHaveLength(submitted.length);

    // Every copy acknowledged is a Draft of the same child (R71) with the answers of the moment it was made; no other
    // was made.
    const copies = of("copy")
      .filter((answer) => answer.status === 201)
      .map((answer) => bodyOf<{ id: number }>(answer).id)
      .sort((one, other) => one - other);
    const others = await db
      .selectFrom("referrals")
      .select(["id", "status", "child_id", "has_been_copied", "submission_date", "additional_details"])
      .where("created_by_id", "=", user.id)
      .where("id", "<>", id)
      .orderBy("id")
      .execute();
    expect(others.map((other) => other.id)).toEqual(copies);
    for (const copy of others) {
      expect(copy).toMatchObject({ status: "Draft", child_id: child.id, has_been_copied: 1, submission_date: null });
      expect([original, ...saved.values()]).toContain(copy.additional_details);
    }
  });

  test("one reset link used ten times at once sets one of the new passwords, once", async () => {
    const user = await createUser({}, db);
    const { requestPasswordReset, answerSecurityQuestions } = await import("../app/models/account-token.server");
    const link = await requestPasswordReset(db, user.email);
    expect(link).not.toBeNull();
    const { token } = link!;
    // Its security questions answered (R9): the page asks for the new password.
    expect(await answerSecurityQuestions(db, token, "Rex", "Baltimore")).toEqual({ status: "ok" });
    const page = `/reset-password?token=${encodeURIComponent(token)}`;
    const form = await call("the page", b, "GET", page, {});
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="plainPassword"');

    const passwords = Array.from(
      { length: 10 },
      (_, index) => `parallel reset ${index} ${randomBytes(3).toString("hex")}`,
    );
    const answers = await Promise.all(
      passwords.map((password, index) =>
        postForm(`new password ${index}`, instance(index), page, { token, plainPassword: password }),
      ),
    );

    expectNoServerError(answers);
    // One was taken (on to sign-in); the others were told the link is used.
    const taken = answers.flatMap((answer, index) =>
      answer.status === 302 && answer.location === "/login" ? [index] : [],
    );
    expect(
      taken,
      answers.map((answer) => `${answer.what}: ${answer.status} ${answer.location}`).join("\n"),
    ).toHaveLength(1);
    const refused = answers.filter((_, index) => index !== taken[0]);
    expect(unexpected(refused, () => [400])).toEqual([]);
    for (const answer of refused) expect(answer.body, answer.what).toContain("This link cannot be used.");

    // The password stored is that one's, and no other's; the link is used up; one reset on the record (R10).
    const { verifyPassword } = await import("../app/auth/password.server");
    const { password_hash: hash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const opens = await Promise.all([...passwords, user.password].map((password) => verifyPassword(hash!, password)));
    expect(opens).toEqual([...passwords.map((_, index) => index === taken[0]), false]);
    const stored = await db
      .selectFrom("password_reset_tokens")
      .select("used_at")
      .where("user_id", "=", user.id)
      .execute();
    expect(stored).toEqual([{ used_at: expect.any(String) }]);
    const resets = await db
      .selectFrom("security_events")
      .select("id")
      .where("subject_user_id", "=", user.id)
      .where("kind", "=", "passwordReset")
      .execute();
    expect(resets).toHaveLength(1);
  });

  test("the second step's code sent ten times at once for one waiting sign-in signs in once (R129)", async () => {
    const user = await createUser({ signedInBefore: true }, db);
    const secret = await withSecondFactor(user);
    const waiting = await waitingSession(user);
    // The next 30 seconds' code: the set-up took the current one.
    const code = await appCode(secret, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postForm(`code ${index}`, instance(index), "/login/second-factor", { code, redirectTo: "" }, waiting),
      ),
    );

    expectNoServerError(answers);
    const accepted = answers.filter(
      (answer) => answer.status === 302 && answer.location === "/app/dashboard" && sessionCookieIn(answer),
    );
    expect(
      accepted,
      answers.map((answer) => `${answer.what}: ${answer.status} ${answer.location}`).join("\n"),
    ).toHaveLength(1);
    // The others: the code used already (400), too many at once (429), or the waiting session gone (403, or sent to
    // sign in).
    const refused = answers.filter((answer) => answer !== accepted[0]);
    expect(
      refused
        .filter((answer) => answer.status === 302 && !answer.location.startsWith("/login"))
        .map((answer) => answer.what),
    ).toEqual([]);
    expect(unexpected(refused, () => [302, 400, 403, 429])).toEqual([]);
    for (const answer of refused.filter((each) => each.status === 400))
      expect(answer.body, answer.what).toContain("That code was used already.");

    // One new session, which opens the dashboard on either instance; the waiting one opens nothing.
    const signedIn = sessionCookieIn(accepted[0]);
    for (const server of [a, b])
      expect((await call("dashboard", server, "GET", "/app/dashboard", { Cookie: signedIn })).status).toBe(200);
    expect((await call("dashboard", a, "GET", "/app/dashboard", { Cookie: waiting })).location).toMatch(/^\/login/);
    const sessions = await db.selectFrom("sessions").select("awaiting").where("user_id", "=", user.id).execute();
    // The profile's session (the set-up) and the new one.
    expect(sessions).toEqual([{ awaiting: null }, { awaiting: null }]);
  });

  test("the same code given at once to ten waiting sign-ins of one person is taken once (R129)", async () => {
    const user = await createUser({ signedInBefore: true }, db);
    const secret = await withSecondFactor(user);
    const waiting = await Promise.all(Array.from({ length: 10 }, () => waitingSession(user)));
    const code = await appCode(secret, 1);
    const answers = await Promise.all(
      waiting.map((cookie, index) =>
        postForm(
          `code for session ${index}`,
          instance(index),
          "/login/second-factor",
          { code, redirectTo: "" },
          cookie,
        ),
      ),
    );

    expectNoServerError(answers);
    const accepted = answers.filter(
      (answer) => answer.status === 302 && answer.location === "/app/dashboard" && sessionCookieIn(answer),
    );
    expect(
      accepted,
      answers.map((answer) => `${answer.what}: ${answer.status} ${answer.location}`).join("\n"),
    ).toHaveLength(1);
    // The others: the code used already (400), or the second step locked after that many codes at once (429).
    const refused = answers.filter((answer) => answer !== accepted[0]);
    expect(unexpected(refused, () => [400, 429])).toEqual([]);
    for (const answer of refused.filter((each) => each.status === 400))
      expect(answer.body, answer.what).toContain("That code was used already.");

    // One sign-in: the profile's session, the new one, and nine still waiting for a code.
    const sessions = await db.selectFrom("sessions").select("awaiting").where("user_id", "=", user.id).execute();
    expect(sessions.filter((session) => session.awaiting === null)).toHaveLength(2);
    expect(sessions.filter((session) => session.awaiting === "code")).toHaveLength(9);
    expect((await call("dashboard", b, "GET", "/app/dashboard", { Cookie: sessionCookieIn(accepted[0]) })).status).toBe(
      200,
    );
  });

  test("a third instance whose pools could not all fit the server's max_connections does not start, and names the settings (R135)", async () => {
    test.skip(!shared.env.DATABASE_URL, "PostgreSQL only: SQLite has no connections to count");
    const settings = { ...shared.env, DATABASE_POOL_SIZE: "60", WEB_CONCURRENCY: "2", DATABASE_INSTANCES: "3" };
    const crowded = new OwnServer(dataDir, shared.secret, await freePort(), settings);
    await expect(crowded.start()).rejects.toThrow(
      /DATABASE_POOL_SIZE: 60 connections × 3 processes .*× 3 instance\(s\) \(DATABASE_INSTANCES\) = 540, more than the \d+ the PostgreSQL server takes/,
    );
  });
});
