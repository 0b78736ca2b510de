import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { submitReferral } from "~/models/referral-lifecycle.server";
import type { CurrentUser } from "~/models/user.server";
import { insertApiKey } from "~/test/api-keys";
import { configuredTestDatabase } from "~/test/database";
import { addPerson } from "~/test/people";
import { addStaff, addSuperAdmin, BALTIMORE_COUNTY, HOWARD, keepPrograms } from "~/test/programs";
import { addChild, completeDraft } from "~/test/referrals";
import type { TestDatabase } from "../../db/testing";
import { handle } from "./handler.server";
import { API_OPERATIONS } from "./operations.server";

// The local programs through the JSON API (docs/product-rules.md R136-R139), against a real SQLite file: which
// referrals a program's staff read (R137), the programs as anyone reads them and as super administrators keep them
// (R136), who is a program's staff (R138), and a referral's move to another program (R139).

let test: TestDatabase;
let referrer: CurrentUser;
let admin: CurrentUser;
let superAdmin: CurrentUser;
let howardStaff: CurrentUser;
let baltimoreStaff: CurrentUser;
let programs: Record<string, number>;

interface Call {
  id?: number;
  json?: unknown;
  query?: Record<string, string>;
  /** Sent with `Authorization: Bearer` rather than a session. */
  key?: string;
}

type ApiError = { status: number; code: string; reason?: string; fields?: Record<string, string[]> };

const OPERATIONS = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));

/** One call as its route makes it, the caller signed in by a session of their own (or by an API key). */
async function api(who: CurrentUser | null, operationId: string, { id, json, query, key }: Call = {}) {
  const op = OPERATIONS.get(operationId)!;
  const url = new URL(op.path.replace("{id}", String(id ?? "")), "http://localhost");
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers();
  if (key) headers.set("Authorization", `Bearer ${key}`);
  else if (who) headers.set("Cookie", (await createSession(test.db, who.id)).split(";")[0]);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(url, {
    method: op.method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const response = await handle(
    test.db,
    API_OPERATIONS.filter((candidate) => candidate.path === op.path),
    request,
    id === undefined ? {} : { id: String(id) },
  );
  const body =
    response.status === 204 ? null : ((await response.json()) as Record<string, unknown> & { error?: ApiError });
  return { status: response.status, body: body as Record<string, any>, error: body?.error };
}

/** A referral of the referrer's, submitted with an address in the county given: its program's (R137). */
async function submittedIn(county: string): Promise<number> {
  const child = await addChild(test.db, referrer);
  const ids = await completeDraft(test.db, referrer, child.id, { county });
  expect((await submitReferral(test.db, referrer, ids.referral)).submitted).toBe(true);
  return ids.referral;
}

/** A person the super administrator makes staff of a program, on a domain it approves (R138). */
const staffOf = (email: string, county: string) => addStaff(test.db, superAdmin, email, programs[county]);

const listedIds = async (who: CurrentUser) => {
  const { status, body } = await api(who, "listReferrals", { query: { count: "100" } });
  expect(status).toBe(200);
  return (body.data as Array<{ id: number }>).map((row) => row.id);
};

beforeAll(async () => {
  test = await configuredTestDatabase();
  // Each county's staff domain, as a super administrator keeps it (R136).
  programs = await keepPrograms(test.db, {
    [HOWARD]: { approved_domains: "howardcountymd.gov" },
    [BALTIMORE_COUNTY]: { approved_domains: "baltimorecountymd.gov" },
  });
  referrer = await addPerson(test.db, "parent@example.com");
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  superAdmin = await addSuperAdmin(test.db, "super@maryland.gov");
  howardStaff = await staffOf("hana@howardcountymd.gov", HOWARD);
  baltimoreStaff = await staffOf("bo@baltimorecountymd.gov", BALTIMORE_COUNTY);
});
afterAll(() => test.close());

describe("a submitted referral's program (R137)", () => {
  it("is read by its program's staff and by state administrators, and does not exist for another program's staff", async () => {
    const referral = await submittedIn(HOWARD);
    expect(howardStaff.localProgramIds).toEqual([programs[HOWARD]]);

    expect(await listedIds(howardStaff)).toContain(referral);
    const read = await api(howardStaff, "getReferral", { id: referral });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: referral, status: "Submitted", localProgram: programs[HOWARD] });
    const row = (
      (await api(howardStaff, "listReferrals", { query: { count: "100" } })).body.data as Array<Record<string, unknown>>
    ).find((one) => one.id === referral);
    expect(row).toMatchObject({ localProgram: programs[HOWARD] });

    expect(await listedIds(baltimoreStaff)).not.toContain(referral);
    expect(await api(baltimoreStaff, "getReferral", { id: referral })).toMatchObject({
      status: 404,
      error: { code: "not_found" },
    });

    expect(await listedIds(admin)).toContain(referral);
    expect(await api(admin, "getReferral", { id: referral })).toMatchObject({
      status: 200,
      body: { localProgram: programs[HOWARD] },
    });
    // Its referrer reads which program has it.
    expect(await api(referrer, "getReferral", { id: referral })).toMatchObject({
      status: 200,
      body: { localProgram: programs[HOWARD] },
    });
  });

  it("is none while it is a Draft, which no program's staff reads", async () => {
    const child = await addChild(test.db, referrer);
    const draft = await completeDraft(test.db, referrer, child.id, { county: HOWARD });
    expect(await api(referrer, "getReferral", { id: draft.referral })).toMatchObject({
      status: 200,
      body: { localProgram: null },
    });
    expect((await api(howardStaff, "getReferral", { id: draft.referral })).status).toBe(404);
    expect(await listedIds(howardStaff)).not.toContain(draft.referral);
  });
});

describe("a referral no program serves (R137)", () => {
  it("is not submitted: 400 on its address, as the review page refuses it", async () => {
    const child = await addChild(test.db, referrer);
    const draft = await completeDraft(test.db, referrer, child.id, { county: HOWARD });
    // An address whose county no program serves (none is made so through the pages: every county has one).
    const { address_id } = await test.db
      .selectFrom("referrals")
      .select("address_id")
      .where("id", "=", draft.referral)
      .executeTakeFirstOrThrow();
    await test.db.updateTable("addresses").set({ county: "24999" }).where("id", "=", address_id!).execute();
    expect(await api(referrer, "submitReferral", { id: draft.referral })).toMatchObject({
      status: 400,
      error: { code: "invalid_input", fields: { address: [expect.stringContaining("no local program")] } },
    });
    expect((await api(referrer, "getReferral", { id: draft.referral })).body).toMatchObject({
      status: "Draft",
      localProgram: null,
    });
  });
});

describe("GET /api/local_programs (R136)", () => {
  it("gives anyone signed in every program's name, jurisdiction and phone, and not what super administrators keep", async () => {
    await test.db
      .updateTable("local_programs")
      .set({ phone: "410-313-7017", intake_email: "intake@howardcountymd.gov" })
      .where("id", "=", programs[HOWARD])
      .execute();
    const { status, body } = await api(referrer, "listLocalPrograms");
    expect(status).toBe(200);
    const list = body as unknown as Array<Record<string, unknown>>;
    expect(list).toHaveLength(24);
    const howard = list.find((program) => program.jurisdiction === HOWARD);
    expect(howard).toEqual({
      "@id": `/api/local_programs/${programs[HOWARD]}`,
      id: programs[HOWARD],
      name: expect.stringContaining("Howard"),
      jurisdiction: HOWARD,
      phone: "410-313-7017",
    });
    for (const program of list) expect(program).not.toHaveProperty("intakeEmail");
    expect(JSON.stringify(list)).not.toContain("intake@howardcountymd.gov");

    // In the caller's language.
    const spanish = (await api(referrer, "listLocalPrograms", { query: { lang: "sp" } })).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(spanish.find((program) => program.jurisdiction === HOWARD)?.name).toMatch(/^Programa de /);

    const one = await api(howardStaff, "getLocalProgram", { id: programs[HOWARD] });
    expect(one).toMatchObject({ status: 200, body: { id: programs[HOWARD], phone: "410-313-7017" } });
    expect(one.body).not.toHaveProperty("approvedDomains");
    expect((await api(referrer, "getLocalProgram", { id: 999 })).status).toBe(404);
    expect((await api(null, "listLocalPrograms")).status).toBe(401);
  });

  it("gives super administrators both names, the intake address, the staff domains and how many staff", async () => {
    const { status, body } = await api(superAdmin, "getLocalProgram", { id: programs[HOWARD] });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: programs[HOWARD],
      nameEn: expect.stringContaining("Howard"),
      nameEs: expect.stringMatching(/^Programa de /),
      intakeEmail: "intake@howardcountymd.gov",
      approvedDomains: ["howardcountymd.gov"],
      staff: 1,
    });
    const list = (await api(superAdmin, "listLocalPrograms")).body as unknown as Array<Record<string, unknown>>;
    expect(list.find((program) => program.jurisdiction === BALTIMORE_COUNTY)).toMatchObject({
      approvedDomains: ["baltimorecountymd.gov"],
      staff: 1,
    });
  });
});

describe("PUT /api/local_programs/{id} (R136)", () => {
  it("lets a super administrator change a program, the fields not sent kept, and refuses everyone else", async () => {
    const id = programs[BALTIMORE_COUNTY];
    const before = (await api(superAdmin, "getLocalProgram", { id })).body;
    const changed = await api(superAdmin, "updateLocalProgram", {
      id,
      json: {
        intakeEmail: "intake@baltimorecountymd.gov",
        phone: "410-887-0000",
        approvedDomains: ["BaltimoreCountyMD.gov", "bcps.org"],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      nameEn: before.nameEn,
      nameEs: before.nameEs,
      intakeEmail: "intake@baltimorecountymd.gov",
      phone: "410-887-0000",
      approvedDomains: ["baltimorecountymd.gov", "bcps.org"],
      updatedAt: expect.any(String),
    });
    // A program read and sent back whole changes nothing; null clears what may be empty.
    expect(await api(superAdmin, "updateLocalProgram", { id, json: changed.body })).toMatchObject({
      status: 200,
      body: { phone: "410-887-0000" },
    });
    expect(await api(superAdmin, "updateLocalProgram", { id, json: { phone: null } })).toMatchObject({
      status: 200,
      body: { phone: null },
    });

    for (const who of [admin, howardStaff, referrer]) {
      expect(await api(who, "updateLocalProgram", { id, json: { phone: "410-000-0000" } })).toMatchObject({
        status: 403,
        error: { code: "forbidden" },
      });
    }
    expect((await api(superAdmin, "getLocalProgram", { id })).body.phone).toBeNull();
  });

  it("refuses what the programs page refuses, by field", async () => {
    const id = programs[BALTIMORE_COUNTY];
    const refused = async (json: unknown) => {
      const answer = await api(superAdmin, "updateLocalProgram", { id, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.error?.code).toBe("invalid_input");
      return Object.keys(answer.error?.fields ?? {});
    };
    expect(await refused({ intakeEmail: "not an address" })).toEqual(["intakeEmail"]);
    expect(await refused({ approvedDomains: ["baltimorecountymd.gov", "not_a_domain"] })).toEqual(["approvedDomains"]);
    expect(await refused({ approvedDomains: "baltimorecountymd.gov" })).toEqual(["approvedDomains"]);
    expect(await refused({ phone: "call us" })).toEqual(["phone"]);
    expect(await refused({ nameEn: null })).toEqual(["nameEn"]);
    expect(await refused({ nameEs: "" })).toEqual(["nameEs"]);
    expect(await refused({ staff: 3, website: "x" })).toEqual(["website"]);
    expect((await api(superAdmin, "updateLocalProgram", { id: 999, json: { phone: "410-887-0000" } })).status).toBe(
      404,
    );
  });
});

describe("PUT /api/users/{id} localPrograms (R138)", () => {
  it("makes a person on an approved domain staff, refuses another domain, and is a super administrator's only", async () => {
    const referral = await submittedIn(HOWARD);
    const outsider = await addPerson(test.db, "ola@example.com");
    expect(
      await api(superAdmin, "updateUser", { id: outsider.id, json: { localPrograms: [programs[HOWARD]] } }),
    ).toMatchObject({
      status: 400,
      error: { code: "invalid_input", fields: { localPrograms: [expect.any(String)] } },
    });

    const nurse = await addPerson(test.db, "nell@howardcountymd.gov");
    expect(await api(admin, "updateUser", { id: nurse.id, json: { localPrograms: [programs[HOWARD]] } })).toMatchObject(
      {
        status: 403,
        error: { code: "forbidden" },
      },
    );
    // The person themselves neither.
    expect((await api(nurse, "updateUser", { id: nurse.id, json: { localPrograms: [programs[HOWARD]] } })).status).toBe(
      403,
    );
    expect((await api(nurse, "getReferral", { id: referral })).status).toBe(404);

    const made = await api(superAdmin, "updateUser", { id: nurse.id, json: { localPrograms: [programs[HOWARD]] } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      localPrograms: [programs[HOWARD]],
      roles: expect.arrayContaining(["ROLE_LOCAL_PROGRAM"]),
    });
    expect((await api(nurse, "getUser", { id: nurse.id })).body).toMatchObject({ localPrograms: [programs[HOWARD]] });
    expect((await api(admin, "getUser", { id: nurse.id })).body).toMatchObject({ localPrograms: [programs[HOWARD]] });
    expect((await api(nurse, "getReferral", { id: referral })).status).toBe(200);

    // Their own record read and sent back whole, the role among its roles, changes nothing and is not refused.
    const own = (await api(nurse, "getUser", { id: nurse.id })).body;
    expect((await api(nurse, "updateUser", { id: nurse.id, json: own })).status).toBe(200);
    // Nor is the administrator's read of it, sent back by a super administrator.
    const theirs = (await api(superAdmin, "getUser", { id: nurse.id })).body;
    expect(await api(superAdmin, "updateUser", { id: nurse.id, json: theirs })).toMatchObject({
      status: 200,
      body: { localPrograms: [programs[HOWARD]] },
    });
    expect((await api(nurse, "getReferral", { id: referral })).status).toBe(200);
  });

  it("takes the role away with none, which ends the person's API keys", async () => {
    const referral = await submittedIn(HOWARD);
    const clerk = await staffOf("cleo@howardcountymd.gov", HOWARD);
    const { key } = await insertApiKey(test.db, clerk.id, { name: "intake sheet" });
    expect((await api(clerk, "getReferral", { id: referral, key })).status).toBe(200);

    const removed = await api(superAdmin, "updateUser", { id: clerk.id, json: { localPrograms: [] } });
    expect(removed.status).toBe(200);
    expect(removed.body.localPrograms).toEqual([]);
    expect(removed.body.roles).not.toContain("ROLE_LOCAL_PROGRAM");

    expect(await api(clerk, "getReferral", { id: referral, key })).toMatchObject({
      status: 401,
      error: { code: "api_key_ended", reason: "roleLost" },
    });
    expect((await api(clerk, "getReferral", { id: referral })).status).toBe(404);
    expect(await listedIds(clerk)).not.toContain(referral);
  });
});

describe("POST /api/referrals/{id}/transfer (R139)", () => {
  it("refuses the same program or none by field, and those who may not move it", async () => {
    const referral = await submittedIn(HOWARD);
    expect(
      await api(howardStaff, "transferReferral", {
        id: referral,
        json: { toProgram: programs[HOWARD], reason: "Wrong county" },
      }),
    ).toMatchObject({
      status: 400,
      error: { code: "invalid_input", fields: { toProgram: [expect.any(String)] } },
    });
    expect(
      Object.keys(
        (await api(howardStaff, "transferReferral", { id: referral, json: { toProgram: 999, reason: "Wrong county" } }))
          .error?.fields ?? {},
      ),
    ).toEqual(["toProgram"]);
    expect(
      Object.keys(
        (await api(howardStaff, "transferReferral", { id: referral, json: { toProgram: programs[BALTIMORE_COUNTY] } }))
          .error?.fields ?? {},
      ),
    ).toEqual(["reason"]);
    expect(
      Object.keys((await api(howardStaff, "transferReferral", { id: referral, json: {} })).error?.fields ?? {}).sort(),
    ).toEqual(["reason", "toProgram"]);

    const json = { toProgram: programs[BALTIMORE_COUNTY], reason: "The family moved to Towson." };
    expect(await api(referrer, "transferReferral", { id: referral, json })).toMatchObject({
      status: 403,
      error: { code: "forbidden" },
    });
    expect(await api(baltimoreStaff, "transferReferral", { id: referral, json })).toMatchObject({
      status: 404,
      error: { code: "not_found" },
    });
    expect((await api(howardStaff, "getReferral", { id: referral })).body.localProgram).toBe(programs[HOWARD]);
  });

  it("moves it: the old program's staff no longer find it, the new program's read it", async () => {
    const referral = await submittedIn(HOWARD);
    const moved = await api(howardStaff, "transferReferral", {
      id: referral,
      json: { toProgram: programs[BALTIMORE_COUNTY], reason: "The family moved to Towson." },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: {
        "@id": `/api/referrals/${referral}`,
        id: referral,
        from: programs[HOWARD],
        to: programs[BALTIMORE_COUNTY],
      },
    });

    expect((await api(howardStaff, "getReferral", { id: referral })).status).toBe(404);
    expect(await listedIds(howardStaff)).not.toContain(referral);
    expect(await api(baltimoreStaff, "getReferral", { id: referral })).toMatchObject({
      status: 200,
      body: { localProgram: programs[BALTIMORE_COUNTY] },
    });
    expect(await listedIds(baltimoreStaff)).toContain(referral);

    // A state administrator moves it back.
    expect(
      await api(admin, "transferReferral", {
        id: referral,
        json: { toProgram: programs[HOWARD], reason: "Back to Howard." },
      }),
    ).toMatchObject({
      status: 200,
      body: { from: programs[BALTIMORE_COUNTY], to: programs[HOWARD] },
    });
    expect((await api(howardStaff, "getReferral", { id: referral })).status).toBe(200);
  });
});
