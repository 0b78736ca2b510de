import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { WIZARD_FORMS, WIZARD_FRAME, WIZARD_SUBMITTED } from "../app/wizard/step-table";
import { WIZARD_STEPS } from "../app/wizard/steps";
import { expect, test } from "./fixtures";
import {
  baseURL,
  createAddress,
  createChild,
  createReviewLinkFor,
  createStaff,
  apiKeyOf,
  createApiKeyFor,
  createUser,
  documentsOf,
  fillReferral,
  giveSecondFactor,
  idleSessions,
  recordsOf,
  referralIdOf,
  sessionCookieOf,
  setUpProgram,
  startReferral,
  storedUploads,
  submitDirectly,
  waitingSessionCookieOf,
  yearsAgo,
  type TestUser,
} from "./support";

/** A parent or guardian has a phone at least (docs/product-rules.md R147). */
const HOME_PHONE = { areaCode: "301", prefix: "555", suffix: "0003" };

// The security suite (issue "proof of quality", item 4). Part 1 is an access matrix: every page,
// form action and API call of the application, asked by each kind of caller, with the outcome the
// caller must get and a check that a refused answer carries none of the owner's data. It is one
// table: a new route is a new row, and a test fails while a route has no row.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * The callers. pendingAdmin: an administrator past the password but not the second factor (docs/product-rules.md
 * R129), who reaches nothing but the second factor's screens and sign-out. programStaff: staff of the local program A's
 * submitted referral belongs to (its county's, R137); otherStaff: staff of another program (R138).
 */
type Role =
  | "anonymous"
  | "reviewLink"
  | "pendingAdmin"
  | "userB"
  | "otherStaff"
  | "programStaff"
  | "admin"
  | "superAdmin"
  | "userA";
/**
 * In this order in a row: the owner last, so a refused delete is seen to have left the record for the owner to delete.
 */
const ROLES: readonly Role[] = [
  "anonymous",
  "reviewLink",
  "pendingAdmin",
  "userB",
  "otherStaff",
  "programStaff",
  "admin",
  "superAdmin",
  "userA",
];

/**
 * What a caller gets. ok: a 2xx answer; redirect: a redirect elsewhere than the sign-in page (a
 * saved form, or a page that sends the reader to another); login: a redirect to the sign-in page;
 * a number: that status. 400 and 409 are answers to a caller who got past the access checks.
 */
type Outcome = "ok" | "redirect" | "login" | "secondFactor" | 400 | 401 | 403 | 404 | 409;
const REFUSED: readonly Outcome[] = ["login", "secondFactor", 401, 403, 404];
/**
 * What each caller gets. The administrator past the password only gets, unless a row says otherwise, what someone
 * not signed in gets, but that where they are sent to sign in, it is sent to its second factor's page instead.
 */
type Expectation = Record<Exclude<Role, "pendingAdmin">, Outcome> & { pendingAdmin?: Outcome };
const expectedOf = (expectation: Expectation, role: Role): Outcome =>
  role === "pendingAdmin"
    ? (expectation.pendingAdmin ?? (expectation.anonymous === "login" ? "secondFactor" : expectation.anonymous))
    : expectation[role];

const signedIn = (outcome: Outcome): Expectation => ({
  anonymous: "login",
  reviewLink: "login",
  userB: outcome,
  otherStaff: outcome,
  programStaff: outcome,
  admin: outcome,
  superAdmin: outcome,
  userA: outcome,
});
const everyone = (outcome: Outcome): Expectation => ({
  anonymous: outcome,
  reviewLink: outcome,
  userB: outcome,
  otherStaff: outcome,
  programStaff: outcome,
  admin: outcome,
  superAdmin: outcome,
  userA: outcome,
});
/**
 * A page of A's record: B is told it does not exist, administrators read it. A program's staff are told it does not
 * exist as B is (it is A's own record, or a Draft: no program's), unless `staff` says otherwise: 403 where the page is
 * a referrer's (requireReferrer), which they never reach.
 */
const ownPage = (owner: Outcome = "ok", admins: Outcome = "ok", staff: Outcome = 404): Expectation => ({
  ...signedIn(owner),
  userB: 404,
  otherStaff: staff,
  programStaff: staff,
  admin: admins,
  superAdmin: admins,
});
/** A form that changes A's record: administrators may not (docs/product-rules.md R87); staff as for ownPage. */
const ownAction = (owner: Outcome, admins: Outcome = 403, staff: Outcome = 404): Expectation =>
  ownPage(owner, admins, staff);
/** Administrators' screens: a program's staff are not administrators (docs/product-rules.md R138). */
const adminPage = (admins: Outcome = "ok", superAdmin: Outcome = admins): Expectation => ({
  ...signedIn(403),
  admin: admins,
  superAdmin,
  userA: 403,
});
/**
 * The program's screens (requireProgram): administrators and every program's staff, each for their programs' referrals
 * (R137).
 */
const programPage = (outcome: Outcome = "ok"): Expectation => ({
  ...adminPage(outcome),
  otherStaff: outcome,
  programStaff: outcome,
});
const api = (outcome: Outcome): Expectation => ({ ...signedIn(outcome), anonymous: 401, reviewLink: 401 });
const ownApi = (owner: Outcome = "ok", admins: Outcome = "ok", staff: Outcome = 404): Expectation => ({
  ...api(owner),
  userB: 404,
  otherStaff: staff,
  programStaff: staff,
  admin: admins,
  superAdmin: admins,
});
const adminApi = (admins: Outcome = "ok", superAdmin: Outcome = admins): Expectation => ({
  ...api(403),
  admin: admins,
  superAdmin,
});
/** The calls for referrers only (access "referrer"): administrators and a program's staff are refused at the door. */
const referrerApi = (outcome: Outcome): Expectation => ({
  ...api(outcome),
  admin: 403,
  superAdmin: 403,
  otherStaff: 403,
  programStaff: 403,
});
/** The calls for the program (access "program"): administrators and every program's staff. */
const programApi = (outcome: Outcome = "ok"): Expectation => ({
  ...adminApi(outcome),
  otherStaff: outcome,
  programStaff: outcome,
});
/**
 * A's submitted referral (or a part of it): its program's staff get what administrators get (R137); the staff of
 * another program are still told it does not exist.
 */
const ofProgram = (expectation: Expectation, programStaff: Outcome = expectation.admin): Expectation => ({
  ...expectation,
  programStaff,
});

interface World {
  /** In every value planted in A's records; a response to someone who may not see them never contains it. */
  mark: string;
  users: Record<Exclude<Role, "anonymous" | "reviewLink">, TestUser>;
  clients: Record<Role, APIRequestContext>;
  token: string;
  child: number;
  /** A's Draft (filled, with a guardian and a document) and its wizard address. */
  draft: number;
  draftBase: string;
  adult: number;
  document: number;
  /** A's submitted referral (of a second child), the one the review link opens, with its document. */
  submittedChild: number;
  submitted: number;
  submittedBase: string;
  submittedDocument: number;
  /** A guardian of A's submitted referral, named with the mark. */
  submittedAdult: number;
  address: number;
  phone: number;
  /** A user report an administrator made, and a referral report programStaff made (of their program's referrals). */
  report: string;
  staffReport: string;
  /**
   * The local program of A's submitted referral (its county's: Anne Arundel), otherStaff's (Howard County), and one
   * no test's staff belong to (Calvert County), where the rows move referrals: otherwise the next rows would show
   * otherStaff A's referrals, then theirs.
   */
  programs: Record<"own" | "other" | "away", Program>;
}

type Program = Awaited<ReturnType<typeof setUpProgram>>;

/** A row's own records, made for it when it changes or deletes them. */
type Extra = Record<string, number | string>;

interface Row {
  /**
   * The route module (its id in the build's route manifest less "routes/": a file in app/routes without extension, or
   * a wizard module defined by remix.config.js, such as "wizard/steps/sex"), or the API call as "METHOD /path" of
   * operations.server.ts.
   */
  route: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: (world: World, extra: Extra, role: Role) => string;
  form?: (world: World, extra: Extra, role: Role) => Record<string, string>;
  json?: (world: World, extra: Extra) => unknown;
  multipart?: (
    world: World,
    extra: Extra,
  ) => Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  setup?: (world: World) => Promise<Extra>;
  expect: Expectation;
  /** An answered read shows A's planted values to those allowed to see them (so the row does look at A's record). */
  shows?: boolean;
  /**
   * Who may see A's values in the answer besides A and the administrators: the review link's holder, for its pages; the
   * staff of the program A's submitted referral belongs to, for what shows that referral. Never otherStaff.
   */
  alsoSees?: Array<"reviewLink" | "programStaff">;
}

/** Every step's page but the review (a row of its own). */
const wizardSteps = WIZARD_STEPS.filter((step) => step.key !== "review").map((step) => step.path);
/** The steps that take an empty form (nothing chosen yet is an answer there). */
const EMPTY_SAVES = [
  "child-information/sex",
  "family-information/guardian-list",
  "reason/select",
  "reason/screen",
  "details/select",
];
/**
 * A wizard module's route, from the step table: the frame's, a step's or a form's (by its path), the confirmation's.
 */
const moduleRoute = (file: string) => file.replace(/\.tsx?$/, "");
const WIZARD = moduleRoute(WIZARD_FRAME.file);
const stepRoute = (path: string) =>
  moduleRoute([...WIZARD_STEPS, ...WIZARD_FORMS].find((page) => page.path === path)!.file);
const SUBMITTED = moduleRoute(WIZARD_SUBMITTED.file);

async function json(response: APIResponse) {
  return (await response.json()) as Record<string, unknown> & { id: number };
}

/** A fresh Draft of A's world child, with a document and a guardian, for a row that deletes or submits. */
async function freshDraft(world: World, { filled = false } = {}): Promise<Extra> {
  const base = await startReferral(world.users.userA, world.child);
  if (filled) await fillReferral(world.users.userA, base, { consent: 2 });
  return { base, referral: referralIdOf(base) };
}

async function freshSubmitted(world: World): Promise<Extra> {
  const base = await startReferral(world.users.userA, world.submittedChild);
  await submitDirectly(world.users.userA, base);
  return { base, referral: referralIdOf(base) };
}

/** An administrator with an authenticator app, whose second factor a super administrator may reset (R129). */
async function freshAdminWithSecondFactor(): Promise<Extra> {
  const admin = await createUser({ admin: true });
  await giveSecondFactor(admin);
  return { user: admin.id };
}

/**
 * Two referrals of A's submitted child, submitted one after the other: possibly the same child (docs/product-rules.md
 * R126).
 */
async function freshSameChild(world: World): Promise<Extra> {
  const first = await freshSubmitted(world);
  const again = await freshSubmitted(world);
  return { ...first, other: again.referral };
}

async function freshAdult(world: World): Promise<Extra> {
  const response = await world.clients.userA.post("/api/adults", {
    data: {
      referral: `/api/referrals/${world.draft}`,
      firstName: `Spare${world.mark}`,
      lastName: "Adult",
      childRelationship: "1",
      homePhoneNumber: HOME_PHONE,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { adult: (await json(response)).id };
}

async function freshDocument(world: World): Promise<Extra> {
  const response = await world.clients.userA.post(`/api/referrals/${world.draft}/referral_documents`, {
    multipart: {
      description: `Spare ${world.mark}`,
      file: { name: "spare.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { document: (await json(response)).id };
}

const freshTarget = async (): Promise<Extra> => ({
  user: (await createUser({ signedInBefore: true })).id,
  email: (await createUser()).email,
});
const freshChild = async (world: World): Promise<Extra> => ({
  child: (await createChild(world.users.userA, { firstName: `Spare${world.mark}` })).id,
});
const freshAddress = async (world: World): Promise<Extra> => ({
  address: (await createAddress(world.users.userA, { nickname: `Spare${world.mark}` })).id,
});

async function freshPhone(world: World): Promise<Extra> {
  const response = await world.clients.userA.post("/api/phone_numbers", {
    data: { areaCode: "410", prefix: "555", suffix: "0101" },
  });
  return { phone: (await json(response)).id };
}

async function freshLink(world: World): Promise<Extra> {
  const { base, referral } = await freshSubmitted(world);
  // One for each administrator to revoke, and one for its program's staff.
  const { id } = await createReviewLinkFor(world.users.admin, Number(referral));
  const { id: other } = await createReviewLinkFor(world.users.admin, Number(referral));
  const { id: staffLink } = await createReviewLinkFor(world.users.admin, Number(referral));
  return { base, referral, link: id, other, staffLink };
}

/**
 * A link to a fresh submitted referral of A's, made by a staff member of its program whose authority then ended (R93):
 * the referral moved to another program, or its maker lost the role. The dead token, for the rows that open it.
 */
async function deadLink(world: World, end: "moved" | "roleLost"): Promise<Extra> {
  const { base, referral } = await freshSubmitted(world);
  const maker = await createStaff(world.programs.own);
  const { token } = await createReviewLinkFor(maker, Number(referral));
  // As the pages end it: an administrator's move on the review page, a super administrator's change on the person's
  // page.
  const ended =
    end === "moved"
      ? await world.clients.admin.post(`${base}/review`, {
          form: { intent: "transfer", toProgram: String(world.programs.away.id), reason: "The family moved" },
          maxRedirects: 0,
        })
      : await world.clients.superAdmin.post(`/app/user/${maker.id}`, {
          form: { intent: "staffPrograms" },
          maxRedirects: 0,
        });
  expect(ended.status(), await ended.text()).toBe(302);
  return { token };
}

/** A live key of the super administrator's (an integration's): nobody else lists or revokes it (R101). */
async function superAdminsKey(world: World): Promise<Extra> {
  const key = await apiKeyOf(await createApiKeyFor(world.users.superAdmin, 30));
  return { key: key.id, user: world.users.superAdmin.id };
}

/**
 * Those who may move a referral to another program (R139): each moves one of its own, so a move does not change the
 * next one's.
 */
const MOVERS = ["programStaff", "admin", "superAdmin"] as const;

/**
 * A fresh submitted referral of A's (of Anne Arundel's program) for each caller who may move it, and one for the
 * others (`base`, `referral`); a caller's own as `base:<role>`, `referral:<role>`.
 */
async function freshSubmittedEach(world: World): Promise<Extra> {
  const extra = await freshSubmitted(world);
  for (const role of MOVERS) {
    const own = await freshSubmitted(world);
    extra[`base:${role}`] = own.base;
    extra[`referral:${role}`] = own.referral;
  }
  return extra;
}
const ownOf = (extra: Extra, name: "base" | "referral", role: Role) => extra[`${name}:${role}`] ?? extra[name];

/** A verified account on Howard's staff domain: a super administrator may make it the program's staff (R138). */
const freshStaffTarget = async (world: World): Promise<Extra> => ({
  user: (await createUser({ domain: world.programs.other.domain, signedInBefore: true })).id,
});

/** A program's page form with what the program has already (setUpProgram's values): saving it changes nothing else. */
const programForm = (program: Program) => ({
  nameEn: program.name,
  nameEs: program.name_es,
  intakeEmail: program.intakeEmail,
  phone: "410-555-0199",
  approvedDomains: program.domain,
});

const PAGES: Row[] = [
  // Public screens: the same for everyone; signed-in people are sent on from the account screens.
  { route: "_index", method: "GET", path: () => "/", expect: everyone("redirect") },
  {
    route: "login",
    method: "GET",
    path: () => "/login",
    expect: { ...everyone("redirect"), anonymous: "ok", reviewLink: "ok" },
  },
  {
    route: "register",
    method: "GET",
    path: () => "/register",
    expect: { ...everyone("redirect"), anonymous: "ok", reviewLink: "ok" },
  },
  {
    route: "forgot-password",
    method: "GET",
    path: () => "/forgot-password",
    expect: { ...everyone("redirect"), anonymous: "ok", reviewLink: "ok" },
  },
  {
    route: "reset-password",
    method: "GET",
    path: () => "/reset-password?token=unknown",
    expect: { ...everyone("redirect"), anonymous: 400, reviewLink: 400 },
  },
  // The second factor's screens at sign-in: for a session past the password only (docs/product-rules.md R129).
  {
    route: "login_.second-factor",
    method: "GET",
    path: () => "/login/second-factor",
    expect: { ...signedIn("redirect"), pendingAdmin: "ok" },
  },
  {
    route: "login_.second-factor",
    method: "POST",
    path: () => "/login/second-factor",
    form: () => ({ code: "000000" }),
    expect: { ...signedIn("redirect"), pendingAdmin: 400 },
  },
  // The code mailed before a set-up: for a session waiting for it only; one signed in goes on to the dashboard.
  { route: "login_.mail-code", method: "GET", path: () => "/login/mail-code", expect: signedIn("redirect") },
  {
    route: "login_.mail-code",
    method: "POST",
    path: () => "/login/mail-code",
    form: () => ({ code: "000000" }),
    expect: signedIn("redirect"),
  },
  // Signed in, the set-up's page only shows the way on (it is also what the page shows right after the set-up).
  {
    route: "login_.second-factor-setup",
    method: "GET",
    path: () => "/login/second-factor-setup",
    expect: signedIn("ok"),
  },
  {
    route: "login_.second-factor-setup",
    method: "POST",
    path: () => "/login/second-factor-setup",
    form: () => ({ code: "000000" }),
    expect: signedIn("redirect"),
  },
  { route: "verify-email", method: "GET", path: () => "/verify-email?token=unknown", expect: everyone(400) },
  { route: "logout", method: "GET", path: () => "/logout", expect: everyone("redirect") },
  { route: "healthz", method: "GET", path: () => "/healthz", expect: everyone("ok") },
  { route: "accessibility", method: "GET", path: () => "/accessibility", expect: everyone("ok") },
  { route: "privacy", method: "GET", path: () => "/privacy", expect: everyone("ok") },
  { route: "contact", method: "GET", path: () => "/contact", expect: everyone("ok") },
  { route: "locales.$lng.$ns", method: "GET", path: () => "/locales/en/common", expect: everyone("ok") },
  { route: "api.docs", method: "GET", path: () => "/api/docs", expect: everyone("ok") },
  { route: "api.docs[.]json", method: "GET", path: () => "/api/docs.json", expect: everyone("ok") },
  { route: "api.$", method: "GET", path: () => "/api/nothing-here", expect: everyone(404) },
  { route: "api.$", method: "POST", path: () => "/api/nothing-here", json: () => ({}), expect: everyone(404) },
  { route: "app.navigation", method: "GET", path: () => "/app/navigation", expect: everyone("redirect") },
  {
    route: "app.navigation",
    method: "POST",
    path: () => "/app/navigation",
    form: () => ({ open: "true", redirectTo: "/app/dashboard" }),
    expect: everyone("redirect"),
  },
  {
    route: "app_.referral.review.$",
    method: "GET",
    path: () => "/app/referral/review/somewhere",
    expect: everyone("redirect"),
  },

  // The signed-in shell and the lists: everyone signed in, each seeing their own.
  { route: "app", method: "GET", path: () => "/app/dashboard", expect: signedIn("ok") },
  { route: "app.dashboard", method: "GET", path: () => "/app/dashboard", expect: signedIn("ok") },
  { route: "app.$", method: "GET", path: () => "/app/no-such-page", expect: signedIn(404) },
  { route: "app.error.($error)", method: "GET", path: () => "/app/error/not-found", expect: signedIn(404) },
  { route: "app.children._index", method: "GET", path: () => "/app/children", expect: signedIn("ok") },
  { route: "app.referrals.drafts", method: "GET", path: () => "/app/referrals/drafts", expect: signedIn("ok") },
  // programStaff's submitted list holds A's submitted referral: their program's (R137).
  {
    route: "app.referrals.submitted",
    method: "GET",
    path: () => "/app/referrals/submitted",
    expect: signedIn("ok"),
    alsoSees: ["programStaff"],
  },
  { route: "app.updates", method: "GET", path: () => "/app/updates", expect: signedIn("ok") },
  { route: "app.address-lookup", method: "GET", path: () => "/app/address-lookup?q=21401", expect: signedIn("ok") },
  {
    route: "session.keepalive",
    method: "POST",
    path: () => "/session/keepalive",
    form: () => ({}),
    expect: signedIn("ok"),
  },
  { route: "app.children.export[.csv]", method: "GET", path: () => "/app/children/export.csv", expect: signedIn("ok") },
  {
    route: "app.referrals.export[.csv]",
    method: "GET",
    path: () => "/app/referrals/export.csv?list=drafts",
    expect: signedIn("ok"),
  },
  // Someone's lists by owner: administrators only.
  {
    route: "app.children.export[.csv]",
    method: "GET",
    path: (w) => `/app/children/export.csv?owner=${w.users.userA.id}`,
    expect: ownPage(),
    shows: true,
  },
  // The per-user referral list is administrators' (docs/product-rules.md R92), its owner's included.
  {
    route: "app.referrals.export[.csv]",
    method: "GET",
    path: (w) => `/app/referrals/export.csv?list=user&owner=${w.users.userA.id}`,
    expect: ownPage(404),
    shows: true,
  },

  // A's child.
  {
    route: "app.children.details.$id",
    method: "GET",
    path: (w) => `/app/children/details/${w.child}`,
    expect: ownPage(),
    shows: true,
  },
  {
    route: "app.children.details.$id",
    method: "POST",
    path: (w) => `/app/children/details/${w.child}`,
    form: () => ({ intent: "newReferral" }),
    expect: ownAction("redirect"),
  },
  {
    route: "app.children.details.$id",
    method: "POST",
    path: (_, x) => `/app/children/details/${x.child}`,
    form: () => ({ intent: "delete" }),
    setup: freshChild,
    expect: ownAction("redirect"),
  },
  // The child's forms are a referrer's (requireReferrer): administrators and program staff are refused at the door.
  {
    route: "app.children.edit.preverify",
    method: "GET",
    path: (w) => `/app/children/edit/preverify?id=${w.child}`,
    expect: ownPage("ok", 403, 403),
  },
  {
    route: "app.children.edit.preverify",
    method: "POST",
    path: () => "/app/children/edit/preverify",
    form: (w) => ({
      id: String(w.child),
      birthYear: String(new Date().getFullYear() - 1),
      birthMonth: "1",
      birthDay: "1",
      stateOfResidence: "21",
    }),
    expect: ownAction("redirect", 403, 403),
  },
  {
    route: "app.children.edit.name",
    method: "GET",
    path: (w) => `/app/children/edit/name?id=${w.child}`,
    expect: ownPage("ok", 403, 403),
    shows: true,
  },
  {
    route: "app.children.edit.name",
    method: "POST",
    path: () => "/app/children/edit/name",
    form: (w) => ({
      id: String(w.child),
      birthdate: yearsAgo(1),
      stateOfResidence: "21",
      firstName: `Kid${w.mark}`,
      lastName: `Family${w.mark}`,
    }),
    expect: ownAction("redirect", 403, 403),
  },

  // A's referrals from the lists.
  {
    route: "app.referrals.drafts",
    method: "POST",
    path: () => "/app/referrals/drafts",
    form: (w) => ({ intent: "copy", referral: String(w.draft) }),
    expect: ownAction("redirect"),
  },
  {
    route: "app.referrals.drafts",
    method: "POST",
    path: () => "/app/referrals/drafts",
    form: (_, x) => ({ intent: "delete", referral: String(x.referral) }),
    setup: (w) => freshDraft(w),
    expect: ownAction("redirect"),
  },
  {
    route: "app.referrals.submitted",
    method: "POST",
    path: () => "/app/referrals/submitted",
    form: (w) => ({ intent: "copy", referral: String(w.submitted) }),
    // Its program's staff read it but copy nothing (R138).
    expect: ofProgram(ownAction("redirect")),
  },

  // The wizard of A's Draft: administrators are sent to its review (docs/product-rules.md R45) and may not save.
  {
    route: WIZARD,
    method: "GET",
    path: (w) => `${w.draftBase}/referrer-information/relationship`,
    expect: ownPage("ok", "redirect"),
    shows: true,
  },
  // The path's user changed to the asker's own id opens nothing more (and nothing at all to an administrator).
  {
    route: WIZARD,
    method: "GET",
    path: (w, _, role) =>
      `${w.draftBase.replace(/\/user\/\d+$/, `/user/${role in w.users ? w.users[role as keyof World["users"]].id : 0}`)}/child-information/sex`,
    expect: ownPage("ok", 404),
    shows: true,
  },
  ...wizardSteps.flatMap((step): Row[] => [
    {
      route: stepRoute(step),
      method: "GET",
      path: (w) => `${w.draftBase}/${step}`,
      expect: ownPage("ok", "redirect"),
      shows: true,
    },
    // Saving nothing (in a filled Draft of its own) is refused where the step needs an answer and kept where it may be
    // empty.
    {
      route: stepRoute(step),
      method: "POST",
      path: (_, x) => `${x.base}/${step}`,
      form: () => ({ intent: "save" }),
      setup: (w) => freshDraft(w, { filled: true }),
      expect: ownAction(EMPTY_SAVES.includes(step) ? "redirect" : 400),
    },
  ]),
  {
    route: stepRoute("family-information/guardian-list"),
    method: "POST",
    path: (w) => `${w.draftBase}/family-information/guardian-list`,
    form: (_, x) => ({ intent: "delete", adult: String(x.adult) }),
    setup: freshAdult,
    expect: ownAction("redirect"),
  },
  {
    route: stepRoute("family-information/guardian/add-edit/:adult"),
    method: "GET",
    path: (w) => `${w.draftBase}/family-information/guardian/add-edit/${w.adult}`,
    expect: ownPage("ok", "redirect"),
    shows: true,
  },
  {
    route: stepRoute("family-information/guardian/add-edit/:adult"),
    method: "GET",
    path: (w) => `${w.draftBase}/family-information/guardian/add-edit/new`,
    expect: ownPage("ok", "redirect"),
    shows: true,
  },
  {
    route: stepRoute("family-information/guardian/add-edit/:adult"),
    method: "POST",
    path: (w) => `${w.draftBase}/family-information/guardian/add-edit/${w.adult}`,
    form: () => ({ firstName: "" }),
    expect: ownAction(400),
  },
  {
    route: stepRoute("family-information/guardian/add-edit/:adult"),
    method: "POST",
    path: (w) => `${w.draftBase}/family-information/guardian/add-edit/new`,
    form: () => ({ firstName: "" }),
    expect: ownAction(400),
  },
  {
    route: stepRoute("supporting-documentation/list"),
    method: "POST",
    path: (w) => `${w.draftBase}/supporting-documentation/list`,
    form: (_, x) => ({ intent: "delete", document: String(x.document) }),
    setup: freshDocument,
    expect: ownAction("redirect"),
  },
  {
    route: stepRoute("supporting-documentation/:document"),
    method: "GET",
    path: (w) => `${w.draftBase}/supporting-documentation/${w.document}`,
    expect: ownPage("ok", "redirect"),
    shows: true,
  },
  {
    route: stepRoute("supporting-documentation/:document"),
    method: "GET",
    path: (w) => `${w.draftBase}/supporting-documentation/new`,
    expect: ownPage("ok", "redirect"),
    shows: true,
  },
  {
    route: stepRoute("supporting-documentation/:document"),
    method: "POST",
    path: (w) => `${w.draftBase}/supporting-documentation/${w.document}`,
    form: (w) => ({ description: `Document ${w.mark}` }),
    expect: ownAction("redirect"),
  },
  {
    route: stepRoute("supporting-documentation/:document"),
    method: "POST",
    path: (w) => `${w.draftBase}/supporting-documentation/new`,
    multipart: () => ({
      from: "documents",
      description: "Another",
      file: { name: "another.pdf", mimeType: "application/pdf", buffer: PDF },
    }),
    expect: ownAction("redirect"),
  },

  // The review of A's referrals, and what it offers.
  { route: stepRoute("review"), method: "GET", path: (w) => `${w.draftBase}/review`, expect: ownPage(), shows: true },
  {
    route: stepRoute("review"),
    method: "GET",
    path: (w) => `${w.submittedBase}/review`,
    expect: ofProgram(ownPage()),
    shows: true,
    alsoSees: ["programStaff"],
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (w) => `${w.draftBase}/review`,
    form: () => ({ intent: "copy" }),
    expect: ownAction("redirect"),
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x) => `${x.base}/review`,
    form: () => ({ intent: "delete" }),
    setup: (w) => freshDraft(w),
    expect: ownAction("redirect"),
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x) => `${x.base}/review`,
    form: () => ({ intent: "submit" }),
    setup: (w) => freshDraft(w, { filled: true }),
    expect: ownAction("redirect"),
  },
  // The confirmation after a submit: its creator's; others are sent to the review, a Draft's too.
  {
    route: SUBMITTED,
    method: "GET",
    path: (w) => `${w.submittedBase}/submitted`,
    expect: ofProgram(ownPage("ok", "redirect")),
    shows: true,
  },
  { route: SUBMITTED, method: "GET", path: (w) => `${w.draftBase}/submitted`, expect: ownPage("redirect", "redirect") },
  // What administrators and its program's staff do (R137): record a status, make and revoke review links, move it to
  // another program (R139); another program's staff are told it does not exist.
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x) => `${x.base}/review`,
    form: () => ({ intent: "status", status: "Eligible" }),
    setup: freshSubmitted,
    expect: ofProgram(ownAction(403, "redirect")),
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (w) => `${w.submittedBase}/review`,
    form: () => ({ intent: "createLink", days: "1", reviewerName: "Dr. Ana Ruiz", purpose: "a second opinion" }),
    expect: ofProgram(ownAction(403, "ok")),
    // The answer is the review again, which its program's staff read (R137).
    alsoSees: ["programStaff"],
  },
  // That two referrals may be of the same child is the state administrators' to learn (R126, R137).
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x) => `${x.base}/review`,
    form: (_, x) => ({ intent: "notSameChild", other: String(x.other) }),
    setup: freshSameChild,
    expect: ofProgram(ownAction(403, "redirect"), 403),
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x) => `${x.base}/review`,
    form: (_, x, role) => ({
      intent: "revokeLink",
      link: String(role === "superAdmin" ? x.other : role === "programStaff" ? x.staffLink : x.link),
    }),
    setup: freshLink,
    expect: ofProgram(ownAction(403, "redirect")),
  },
  {
    route: stepRoute("review"),
    method: "POST",
    path: (_, x, role) => `${ownOf(x, "base", role)}/review`,
    form: (w) => ({ intent: "transfer", toProgram: String(w.programs.away.id), reason: "The family moved" }),
    setup: freshSubmittedEach,
    expect: ofProgram(ownAction(403, "redirect")),
  },

  // A's document files: its Draft's, and its submitted referral's, which its program reads too.
  {
    route: "app.documents.$document.file",
    method: "GET",
    path: (w) => `/app/documents/${w.document}/file`,
    expect: ownPage(),
  },
  {
    route: "app.documents.$document.file",
    method: "GET",
    path: (w) => `/app/documents/${w.submittedDocument}/file`,
    expect: ofProgram(ownPage()),
  },

  // The external review: its token is what opens it, for one referral and its documents only.
  {
    route: "app_.referral.review.external",
    method: "GET",
    path: () => "/app/referral/review/external",
    expect: { ...everyone(404), reviewLink: "ok" },
    shows: true,
    alsoSees: ["reviewLink"],
  },
  // A link whose maker's authority ended opens nothing, whoever holds it (R93); the review link's holder here is the
  // world's live link, which still opens its own referral.
  {
    route: "app_.referral.review.external",
    method: "GET",
    path: (_, x) => `/app/referral/review/external?token=${x.token}`,
    setup: (w) => deadLink(w, "moved"),
    expect: { ...everyone(404), reviewLink: "ok" },
    alsoSees: ["reviewLink"],
  },
  {
    route: "app_.referral.review.external",
    method: "GET",
    path: (_, x) => `/app/referral/review/external?token=${x.token}`,
    setup: (w) => deadLink(w, "roleLost"),
    expect: { ...everyone(404), reviewLink: "ok" },
    alsoSees: ["reviewLink"],
  },
  {
    route: "app_.referral.review.external.document.$document",
    method: "GET",
    path: (w) => `/app/referral/review/external/document/${w.submittedDocument}`,
    expect: { ...everyone(404), reviewLink: "ok" },
    alsoSees: ["reviewLink"],
  },
  {
    route: "app_.referral.review.external.document.$document",
    method: "GET",
    path: (w) => `/app/referral/review/external/document/${w.document}`,
    expect: everyone(404),
  },

  // A's profile and address book: only A changes them; administrators read them.
  {
    route: "app.profile.$id",
    method: "GET",
    path: (w) => `/app/profile/${w.users.userA.id}`,
    expect: ownPage(),
    shows: true,
  },
  {
    route: "app.profile.$id",
    method: "POST",
    path: (w) => `/app/profile/${w.users.userA.id}`,
    form: () => ({ firstName: "" }),
    expect: ownAction(400, 404),
  },
  {
    route: "app.profile_.$id.address.$address",
    method: "GET",
    path: (w) => `/app/profile/${w.users.userA.id}/address/${w.address}`,
    expect: ownPage("ok", 404),
    shows: true,
  },
  {
    route: "app.profile_.$id.address.$address",
    method: "GET",
    path: (w) => `/app/profile/${w.users.userA.id}/address/new`,
    expect: ownPage("ok", 404),
  },
  {
    route: "app.profile_.$id.address.$address",
    method: "POST",
    path: (w) => `/app/profile/${w.users.userA.id}/address/${w.address}`,
    form: () => ({ line1: "" }),
    expect: ownAction(400, 404),
  },
  {
    route: "app.profile_.$id.address.$address",
    method: "POST",
    path: (w, x) => `/app/profile/${w.users.userA.id}/address/${x.address}`,
    form: () => ({ intent: "delete" }),
    setup: freshAddress,
    expect: ownAction("redirect", 404),
  },

  // Administrators' screens.
  { route: "app.users", method: "GET", path: () => "/app/users", expect: adminPage() },
  {
    route: "app.users",
    method: "POST",
    path: () => "/app/users",
    form: (_, x) => ({ intent: "deactivate", user: String(x.user) }),
    setup: freshTarget,
    expect: adminPage("redirect"),
  },
  {
    route: "app.users",
    method: "POST",
    path: () => "/app/users",
    form: (_, x) => ({ intent: "reset", user: String(x.user) }),
    setup: freshTarget,
    expect: adminPage("redirect"),
  },
  { route: "app.users.export[.csv]", method: "GET", path: () => "/app/users/export.csv", expect: adminPage() },
  // The security events: super administrators only (R133).
  { route: "app.security-events", method: "GET", path: () => "/app/security-events", expect: adminPage(403, "ok") },
  {
    route: "app.security-events.export[.csv]",
    method: "GET",
    path: () => "/app/security-events/export.csv",
    expect: adminPage(403, "ok"),
  },
  {
    route: "app.user.$id._index",
    method: "GET",
    path: (w) => `/app/user/${w.users.userA.id}`,
    expect: adminPage(),
    shows: true,
  },
  {
    route: "app.user.$id._index",
    method: "POST",
    path: (_, x) => `/app/user/${x.user}`,
    form: (_, x) => ({ intent: "promote", user: String(x.user) }),
    setup: freshTarget,
    expect: adminPage("redirect"),
  },
  {
    route: "app.user.$id.referrals",
    method: "GET",
    path: (w) => `/app/user/${w.users.userA.id}/referrals`,
    expect: adminPage(),
    shows: true,
  },
  {
    route: "app.user.$id.children",
    method: "GET",
    path: (w) => `/app/user/${w.users.userA.id}/children`,
    expect: adminPage(),
    shows: true,
  },
  // The local program role is given by super administrators (R138).
  {
    route: "app.user.$id._index",
    method: "POST",
    path: (_, x) => `/app/user/${x.user}`,
    form: (w) => ({ intent: "staffPrograms", localPrograms: String(w.programs.other.id) }),
    setup: freshStaffTarget,
    expect: { ...adminPage("redirect"), admin: 403 },
  },
  // The record of access of a referral: administrators and its program's staff (R95, R137).
  {
    route: "app.referrals.$id.access[.csv]",
    method: "GET",
    path: (w) => `/app/referrals/${w.submitted}/access.csv`,
    expect: { ...adminPage(), programStaff: "ok", otherStaff: 404 },
  },
  // One's own second factor: set up, or turned off with a code (a wrong one here).
  {
    route: "app.profile_.$id.second-factor",
    method: "GET",
    path: (w) => `/app/profile/${w.users.userA.id}/second-factor`,
    expect: ownPage("ok", 404),
  },
  {
    route: "app.profile_.$id.second-factor",
    method: "POST",
    path: (w) => `/app/profile/${w.users.userA.id}/second-factor`,
    form: () => ({ intent: "confirm", code: "000000" }),
    expect: ownAction(400, 404),
  },
  {
    route: "app.user.$id._index",
    method: "POST",
    path: (_, x) => `/app/user/${x.user}`,
    form: (_, x) => ({ intent: "resetSecondFactor", user: String(x.user) }),
    setup: freshAdminWithSecondFactor,
    expect: { ...adminPage("redirect"), admin: 403 },
  },
  // The program's screens: administrators and every program's staff, each of the referrals they read (R127, R137).
  { route: "app.insight", method: "GET", path: () => "/app/insight", expect: programPage() },
  { route: "app.insight[.csv]", method: "GET", path: () => "/app/insight.csv?figure=county", expect: programPage() },
  { route: "app.reports", method: "GET", path: () => "/app/reports", expect: programPage() },
  {
    route: "app.reports",
    method: "POST",
    path: () => "/app/reports",
    form: () => ({
      intent: "referral",
      statuses: "submitted",
      format: "csv",
      fileName: `security-${randomUUID().slice(0, 8)}`,
    }),
    expect: programPage(),
  },
  // The user report is administrators' (the accounts are not the program's).
  {
    route: "app.reports",
    method: "POST",
    path: () => "/app/reports",
    form: () => ({ intent: "user", format: "csv", fileName: `security-${randomUUID().slice(0, 8)}` }),
    expect: adminPage(),
  },
  // A kept report: administrators read every one; a program's staff their own, and are told another's does not exist.
  {
    route: "app.reports.file.$file",
    method: "GET",
    path: (w) => `/app/reports/file/${w.report}`,
    expect: { ...adminPage(), otherStaff: 404, programStaff: 404 },
  },
  {
    route: "app.reports.file.$file",
    method: "GET",
    path: (w) => `/app/reports/file/${w.staffReport}`,
    expect: { ...programPage(), otherStaff: 404 },
    shows: true,
    alsoSees: ["programStaff"],
  },
  { route: "app.api-keys", method: "GET", path: () => "/app/api-keys", expect: programPage() },
  // Administrators and staff get past the door to the form, which asks their password and a code again (400 without
  // them).
  {
    route: "app.api-keys",
    method: "POST",
    path: () => "/app/api-keys",
    form: () => ({ keyName: "Matrix", days: "1" }),
    expect: programPage(400),
  },
  // The super administrator's own key: only they revoke it; administrators and staff are told it does not exist (R101).
  {
    route: "app.api-keys",
    method: "POST",
    path: () => "/app/api-keys",
    form: (_, x) => ({ intent: "revoke", key: String(x.key) }),
    setup: superAdminsKey,
    expect: { ...programPage(404), superAdmin: "redirect" },
  },

  // The local programs as super administrators keep them (R136): nobody else's, neither administrators' nor staff's.
  {
    route: "app.local-programs._index",
    method: "GET",
    path: () => "/app/local-programs",
    expect: adminPage(403, "ok"),
  },
  {
    route: "app.local-programs.$id",
    method: "GET",
    path: (w) => `/app/local-programs/${w.programs.other.id}`,
    expect: adminPage(403, "ok"),
  },
  {
    route: "app.local-programs.$id",
    method: "POST",
    path: (w) => `/app/local-programs/${w.programs.other.id}`,
    form: (w) => programForm(w.programs.other),
    expect: adminPage(403, "redirect"),
  },
];

const API: Row[] = [
  // programStaff's list holds A's submitted referral: their program's (R137).
  {
    route: "GET /api/referrals",
    method: "GET",
    path: () => "/api/referrals",
    expect: api("ok"),
    alsoSees: ["programStaff"],
  },
  { route: "GET /api/referrals", method: "GET", path: (w) => `/api/referrals?child.id=${w.child}`, expect: api("ok") },
  // Another's referrals by owner are an empty list (the children's and addresses' are a 404): nothing either way. A
  // program's staff get those of their programs: programStaff A's submitted one, otherStaff none.
  {
    route: "GET /api/referrals",
    method: "GET",
    path: (w) => `/api/referrals?createdBy.id=${w.users.userA.id}`,
    expect: { ...ownApi(), userB: "ok", otherStaff: "ok", programStaff: "ok" },
    shows: true,
    alsoSees: ["programStaff"],
  },
  {
    route: "POST /api/referrals",
    method: "POST",
    path: () => "/api/referrals",
    json: (w) => ({ child: `/api/children/${w.child}` }),
    expect: ownApi("ok", 403, 403),
  },
  {
    route: "GET /api/referrals/{id}",
    method: "GET",
    path: (w) => `/api/referrals/${w.draft}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "GET /api/referrals/{id}",
    method: "GET",
    path: (w) => `/api/referrals/${w.submitted}`,
    expect: ofProgram(ownApi()),
    shows: true,
    alsoSees: ["programStaff"],
  },
  {
    route: "PUT /api/referrals/{id}",
    method: "PUT",
    path: (w) => `/api/referrals/${w.draft}`,
    json: (w) => ({ additionalDetails: `Details ${w.mark}` }),
    expect: ownApi("ok", 403),
  },
  {
    route: "DELETE /api/referrals/{id}",
    method: "DELETE",
    path: (_, x) => `/api/referrals/${x.referral}`,
    setup: (w) => freshDraft(w),
    expect: ownApi("ok", 403),
  },
  {
    route: "POST /api/referrals/{id}/submit",
    method: "POST",
    path: (_, x) => `/api/referrals/${x.referral}/submit`,
    setup: (w) => freshDraft(w, { filled: true }),
    expect: ownApi("ok", 403),
  },
  {
    route: "POST /api/referrals/{id}/copy",
    method: "POST",
    path: (w) => `/api/referrals/${w.draft}/copy`,
    expect: ownApi("ok", 403),
  },
  // Its program's staff and state administrators move a submitted referral to another program (R139); its referrer may
  // read it but not move it; the call is the program's, so a referrer is refused at the door (as for the record of
  // access).
  {
    route: "POST /api/referrals/{id}/transfer",
    method: "POST",
    path: (_, x, role) => `/api/referrals/${ownOf(x, "referral", role)}/transfer`,
    json: (w) => ({ toProgram: w.programs.away.id, reason: "The family moved" }),
    setup: freshSubmittedEach,
    expect: { ...ofProgram(ownApi(403)), userB: 403 },
  },
  {
    route: "POST /api/referrals/{id}/referral_documents",
    method: "POST",
    path: (w) => `/api/referrals/${w.draft}/referral_documents`,
    multipart: () => ({
      description: "Matrix",
      file: { name: "matrix.pdf", mimeType: "application/pdf", buffer: PDF },
    }),
    expect: ownApi("ok", 403),
  },
  {
    route: "GET /api/referral_documents/{id}",
    method: "GET",
    path: (w) => `/api/referral_documents/${w.document}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "GET /api/referral_documents/{id}",
    method: "GET",
    path: (w) => `/api/referral_documents/${w.submittedDocument}`,
    expect: ofProgram(ownApi()),
    shows: true,
    alsoSees: ["programStaff"],
  },
  {
    route: "PUT /api/referral_documents/{id}",
    method: "PUT",
    path: (w) => `/api/referral_documents/${w.document}`,
    json: (w) => ({ description: `Document ${w.mark}` }),
    expect: ownApi("ok", 403),
  },
  {
    route: "DELETE /api/referral_documents/{id}",
    method: "DELETE",
    path: (_, x) => `/api/referral_documents/${x.document}`,
    setup: freshDocument,
    expect: ownApi("ok", 403),
  },
  { route: "GET /api/children", method: "GET", path: () => "/api/children", expect: api("ok") },
  {
    route: "GET /api/children",
    method: "GET",
    path: (w) => `/api/children?createdBy.id=${w.users.userA.id}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "POST /api/children",
    method: "POST",
    path: () => "/api/children",
    json: () => ({ firstName: "" }),
    expect: referrerApi(400),
  },
  {
    route: "GET /api/children/{id}",
    method: "GET",
    path: (w) => `/api/children/${w.child}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "PUT /api/children/{id}",
    method: "PUT",
    path: (w) => `/api/children/${w.child}`,
    json: () => ({ middleName: "Luz" }),
    expect: ownApi("ok", 403, 403),
  },
  {
    route: "DELETE /api/children/{id}",
    method: "DELETE",
    path: (_, x) => `/api/children/${x.child}`,
    setup: freshChild,
    expect: ownApi("ok", 403, 403),
  },
  {
    route: "GET /api/users",
    method: "GET",
    path: (w) => `/api/users?email=${encodeURIComponent(w.users.userA.email)}`,
    expect: adminApi(),
    shows: true,
  },
  {
    route: "POST /api/users",
    method: "POST",
    path: () => "/api/users",
    json: () => ({ firstName: "" }),
    expect: everyone(400),
  },
  {
    route: "GET /api/users/{id}",
    method: "GET",
    path: (w) => `/api/users/${w.users.userA.id}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "PUT /api/users/{id}",
    method: "PUT",
    path: (w) => `/api/users/${w.users.userA.id}`,
    json: () => ({ middleName: "Api" }),
    // An administrator changes only whether the account is active, and its roles: told which field is not theirs (403).
    expect: ownApi("ok", 403),
  },
  // The programs an account is staff of: a super administrator's change (R138); anyone else who may not view the
  // account
  // is told it does not exist.
  {
    route: "PUT /api/users/{id}",
    method: "PUT",
    path: (_, x) => `/api/users/${x.user}`,
    json: (w) => ({ localPrograms: [w.programs.other.id] }),
    setup: freshStaffTarget,
    expect: { ...ownApi(404, 403), superAdmin: "ok" },
  },
  {
    route: "POST /api/users/{id}/reset_password",
    method: "POST",
    path: (_, x) => `/api/users/${x.user}/reset_password`,
    setup: freshTarget,
    expect: adminApi("ok", 409),
  },
  { route: "GET /api/addresses", method: "GET", path: () => "/api/addresses", expect: api("ok") },
  {
    route: "GET /api/addresses",
    method: "GET",
    path: (w) => `/api/addresses?createdBy.id=${w.users.userA.id}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "POST /api/addresses",
    method: "POST",
    path: () => "/api/addresses",
    json: () => ({ line1: "" }),
    expect: referrerApi(400),
  },
  {
    route: "GET /api/addresses/{id}",
    method: "GET",
    path: (w) => `/api/addresses/${w.address}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "PUT /api/addresses/{id}",
    method: "PUT",
    path: (w) => `/api/addresses/${w.address}`,
    json: (w) => ({ nickname: `Nick${w.mark}` }),
    expect: ownApi("ok", 403, 403),
  },
  {
    route: "DELETE /api/addresses/{id}",
    method: "DELETE",
    path: (_, x) => `/api/addresses/${x.address}`,
    setup: freshAddress,
    expect: ownApi("ok", 403, 403),
  },
  {
    route: "POST /api/adults",
    method: "POST",
    path: () => "/api/adults",
    json: (w) => ({
      referral: `/api/referrals/${w.draft}`,
      firstName: "Matrix",
      lastName: "Adult",
      childRelationship: "1",
      homePhoneNumber: HOME_PHONE,
    }),
    expect: ownApi("ok", 403),
  },
  {
    route: "GET /api/adults/{id}",
    method: "GET",
    path: (w) => `/api/adults/${w.adult}`,
    expect: ownApi(),
    shows: true,
  },
  {
    route: "GET /api/adults/{id}",
    method: "GET",
    path: (w) => `/api/adults/${w.submittedAdult}`,
    expect: ofProgram(ownApi()),
    shows: true,
    alsoSees: ["programStaff"],
  },
  {
    route: "PUT /api/adults/{id}",
    method: "PUT",
    path: (w) => `/api/adults/${w.adult}`,
    json: () => ({ email: "guardian@example.com" }),
    expect: ownApi("ok", 403),
  },
  {
    route: "DELETE /api/adults/{id}",
    method: "DELETE",
    path: (_, x) => `/api/adults/${x.adult}`,
    setup: freshAdult,
    expect: ownApi("ok", 403),
  },
  { route: "GET /api/phone_numbers", method: "GET", path: () => "/api/phone_numbers", expect: api("ok") },
  {
    route: "POST /api/phone_numbers",
    method: "POST",
    path: () => "/api/phone_numbers",
    json: () => ({ areaCode: "410", prefix: "555", suffix: "0102" }),
    expect: api("ok"),
  },
  {
    route: "GET /api/phone_numbers/{id}",
    method: "GET",
    path: (w) => `/api/phone_numbers/${w.phone}`,
    expect: ownApi(),
  },
  {
    route: "PUT /api/phone_numbers/{id}",
    method: "PUT",
    path: (w) => `/api/phone_numbers/${w.phone}`,
    json: () => ({ areaCode: "410", prefix: "555", suffix: "0103" }),
    expect: ownApi("ok", 403),
  },
  {
    route: "PUT /api/phone_numbers",
    method: "PUT",
    path: () => "/api/phone_numbers",
    json: (w) => ({ id: w.phone, areaCode: "410", prefix: "555", suffix: "0104" }),
    expect: ownApi("ok", 403),
  },
  {
    route: "DELETE /api/phone_numbers/{id}",
    method: "DELETE",
    path: (_, x) => `/api/phone_numbers/${x.phone}`,
    setup: freshPhone,
    expect: ownApi("ok", 403),
  },
  // These calls refuse a query field they do not know: the review link's token is one.
  {
    route: "GET /api/lookups",
    method: "GET",
    path: () => "/api/lookups?type=Counties",
    expect: { ...everyone("ok"), reviewLink: 400 },
  },
  {
    route: "GET /api/miscellaneouses",
    method: "GET",
    path: () => "/api/miscellaneouses?name=ieMessageStartDate",
    expect: { ...everyone("ok"), reviewLink: 400 },
  },
  // The local programs (R136): anyone signed in reads them; super administrators change them.
  { route: "GET /api/local_programs", method: "GET", path: () => "/api/local_programs", expect: api("ok") },
  {
    route: "GET /api/local_programs/{id}",
    method: "GET",
    path: (w) => `/api/local_programs/${w.programs.own.id}`,
    expect: api("ok"),
  },
  {
    route: "PUT /api/local_programs/{id}",
    method: "PUT",
    path: (w) => `/api/local_programs/${w.programs.other.id}`,
    // What setUpProgram gave it: a super administrator's save changes nothing another test reads.
    json: () => ({ phone: "410-555-0199" }),
    expect: adminApi(403, "ok"),
  },
  {
    route: "GET /translation/dictionary.{key}.json",
    method: "GET",
    path: () => "/translation/dictionary.en.json",
    expect: everyone("ok"),
  },
  {
    route: "GET /api/authentication_tokens/review",
    method: "GET",
    path: () => "/api/authentication_tokens/review",
    expect: { ...everyone(404), reviewLink: "ok" },
    shows: true,
    alsoSees: ["reviewLink"],
  },
  { route: "POST /forgot", method: "POST", path: () => "/forgot", json: () => ({}), expect: everyone(400) },
  {
    route: "GET /security_questions",
    method: "GET",
    path: () => "/security_questions?token=unknown",
    expect: everyone("ok"),
  },
  {
    route: "POST /security_questions",
    method: "POST",
    path: () => "/security_questions?token=unknown",
    json: () => ({}),
    expect: everyone(400),
  },
  { route: "POST /reset", method: "POST", path: () => "/reset?token=unknown", json: () => ({}), expect: everyone(400) },
  {
    route: "POST /reset",
    method: "POST",
    path: (_, x) => `/reset?username=${encodeURIComponent(String(x.email))}`,
    setup: freshTarget,
    expect: adminApi("ok", 409),
  },
  {
    route: "POST /generate-report",
    method: "POST",
    path: () => "/generate-report",
    json: () => ({ statuses: ["submitted"], format: "csv", filename: "matrix" }),
    expect: programApi(),
  },
  {
    route: "POST /generate-user-report",
    method: "POST",
    path: () => "/generate-user-report",
    json: () => ({ format: "csv", filename: "matrix" }),
    expect: adminApi(),
  },
];

const MATRIX = [...PAGES, ...API];

/**
 * The actions of the account screens (sign-in, registration, the password reset, e-mail
 * verification, sign-out) act for someone not signed in, behind rate limits: accounts.spec.ts
 * tests them, and sign-out is tested below with the sessions.
 */
const PUBLIC_ACTIONS = ["login", "register", "forgot-password", "reset-password", "verify-email", "logout"];

function outcomeOf(response: APIResponse): Outcome | number {
  const status = response.status();
  if (status >= 200 && status < 300) return "ok";
  if (status >= 300 && status < 400) {
    const location = response.headers().location ?? "";
    if (location.startsWith("/login/second-factor")) return "secondFactor";
    return location.startsWith("/login") ? "login" : "redirect";
  }
  return status;
}

async function send(world: World, row: Row, extra: Extra, role: Role): Promise<APIResponse> {
  const client = world.clients[role];
  const url = new URL(row.path(world, extra, role), baseURL);
  // The review link's holder carries its token on every request: it opens the one referral, nothing else.
  if (role === "reviewLink") url.searchParams.set("token", world.token);
  const target = url.pathname + url.search;
  const options = {
    maxRedirects: 0,
    form: row.form?.(world, extra, role),
    data: row.json?.(world, extra),
    multipart: row.multipart?.(world, extra),
  };
  switch (row.method) {
    case "GET":
      return client.get(target, { maxRedirects: 0 });
    case "POST":
      return client.post(target, options);
    case "PUT":
      return client.put(target, options);
    case "DELETE":
      return client.delete(target, { maxRedirects: 0 });
  }
}

/** Letters only (names refuse digits), unique to this run. */
function newMark(): string {
  return `Qz${randomUUID()
    .replace(/-/g, "")
    .slice(0, 12)
    .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)])}`;
}

async function clientOf(user?: TestUser): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: user ? { Cookie: await sessionCookieOf(user) } : {},
  });
}

async function buildWorld(): Promise<World> {
  const mark = newMark();
  // A's submitted referral is of Anne Arundel (fillReferral's county, "24003"): programStaff is its program's staff.
  const programs = {
    own: await setUpProgram("24003"),
    other: await setUpProgram("24027"),
    away: await setUpProgram("24009"),
  };
  const users = {
    userA: await createUser({ lastName: `Owner${mark}` }),
    userB: await createUser({ lastName: "Stranger" }),
    otherStaff: await createStaff(programs.other),
    programStaff: await createStaff(programs.own),
    admin: await createUser({ admin: true }),
    superAdmin: await createUser({ superAdmin: true }),
    pendingAdmin: await createUser({ admin: true }),
  };
  await giveSecondFactor(users.pendingAdmin);
  const clients: World["clients"] = {
    anonymous: await clientOf(),
    reviewLink: await clientOf(),
    pendingAdmin: await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: await waitingSessionCookieOf(users.pendingAdmin, "code") },
    }),
    userA: await clientOf(users.userA),
    userB: await clientOf(users.userB),
    otherStaff: await clientOf(users.otherStaff),
    programStaff: await clientOf(users.programStaff),
    admin: await clientOf(users.admin),
    superAdmin: await clientOf(users.superAdmin),
  };
  const a = clients.userA;
  const child = await createChild(users.userA, { firstName: `Kid${mark}`, lastName: `Family${mark}` });
  const draftBase = await startReferral(users.userA, child.id);
  await fillReferral(users.userA, draftBase, { consent: 2 });
  const draft = referralIdOf(draftBase);
  expect((await a.put(`/api/referrals/${draft}`, { data: { additionalDetails: `Details ${mark}` } })).status()).toBe(
    200,
  );
  const adult = await a.post("/api/adults", {
    data: {
      referral: `/api/referrals/${draft}`,
      firstName: `Guardian${mark}`,
      lastName: "Pérez",
      childRelationship: "1",
      homePhoneNumber: HOME_PHONE,
    },
  });
  const document = await a.post(`/api/referrals/${draft}/referral_documents`, {
    multipart: {
      description: `Document ${mark}`,
      file: { name: "evaluation.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });

  const second = await createChild(users.userA, { firstName: `Kid${mark}`, lastName: `Second${mark}` });
  const submittedBase = await startReferral(users.userA, second.id);
  const submitted = referralIdOf(submittedBase);
  const submittedDocument = await a.post(`/api/referrals/${submitted}/referral_documents`, {
    multipart: {
      description: `Report ${mark}`,
      file: { name: "report.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  const submittedAdult = await a.post("/api/adults", {
    data: {
      referral: `/api/referrals/${submitted}`,
      firstName: `Guardian${mark}`,
      lastName: "Salas",
      childRelationship: "1",
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0004" },
    },
  });
  expect(submittedAdult.status(), await submittedAdult.text()).toBe(201);
  await submitDirectly(users.userA, submittedBase);
  const { token } = await createReviewLinkFor(users.admin, submitted);
  // Its program opens it now (R140), so no row's read is the first one and changes it while a refusal is checked.
  const opened = await clients.programStaff.get(`/api/referrals/${submitted}`);
  expect(opened.status(), await opened.text()).toBe(200);

  const address = await createAddress(users.userA, { nickname: `Nick${mark}`, line1: `1 ${mark} St` });
  const phone = await a.post("/api/phone_numbers", { data: { areaCode: "410", prefix: "555", suffix: "0100" } });
  const report = await clients.admin.post("/generate-user-report", {
    data: { format: "csv", filename: `security-${randomUUID().slice(0, 8)}` },
  });
  expect(report.status(), await report.text()).toBe(200);
  const staffReport = await clients.programStaff.post("/generate-report", {
    data: { statuses: ["submitted"], format: "csv", filename: `security-${randomUUID().slice(0, 8)}` },
  });
  expect(staffReport.status(), await staffReport.text()).toBe(200);
  return {
    mark,
    users,
    clients,
    token,
    child: child.id,
    draft,
    draftBase,
    adult: (await json(adult)).id,
    document: (await json(document)).id,
    submittedChild: second.id,
    submitted,
    submittedBase,
    submittedDocument: (await json(submittedDocument)).id,
    submittedAdult: (await json(submittedAdult)).id,
    address: address.id,
    phone: (await json(phone)).id,
    report: String((await json(report)).filename),
    staffReport: String((await json(staffReport)).filename),
    programs,
  };
}

test.describe("access matrix @http", () => {
  let world: World;
  test.beforeAll(async () => {
    world = await buildWorld();
  });
  test.afterAll(async () => {
    for (const client of Object.values(world?.clients ?? {})) await client.dispose();
  });

  test("every route and API call has a row", async () => {
    // The routes as the build finds them: the files of app/routes and those remix.config.js defines (the wizard's).
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const manifest = execFileSync(path.join(root, "node_modules/.bin/remix"), ["routes", "--json"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    type ManifestRoute = { id: string; file: string; children?: ManifestRoute[] };
    const flatten = (routes: ManifestRoute[]): ManifestRoute[] =>
      routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
    const modules = flatten(JSON.parse(manifest) as ManifestRoute[])
      .filter((route) => route.id !== "root")
      .map((route) => ({
        name: route.id.replace(/^routes\//, ""),
        source: readFileSync(path.join(root, "app", route.file), "utf8"),
      }));
    // Enough to know the manifest was read (the JSON API is one route, app/routes/api.$.ts, since its calls are
    // dispatched by their table).
    expect(modules.length).toBeGreaterThan(60);
    const covered = new Set(MATRIX.map((row) => row.route));
    const withAction = new Set(MATRIX.filter((row) => row.method !== "GET").map((row) => row.route));
    // The API's resource routes (apiRoute, and the one route under /api, apiRoutes) hand every request to the
    // operations;
    // the operations have the rows.
    const pages = modules.filter((module) => !/\bapiRoutes?\(/.test(module.source));
    expect(pages.filter((module) => !covered.has(module.name)).map((module) => module.name)).toEqual([]);
    const actions = pages
      .filter((module) => /export (async )?function action|export const action/.test(module.source))
      .map((module) => module.name);
    expect(actions.filter((name) => !withAction.has(name) && !PUBLIC_ACTIONS.includes(name))).toEqual([]);

    // The calls as operations.server.ts gathers them from app/api (read as text: the modules import JSON the test
    // runner cannot).
    const apiDir = path.join(root, "app/api");
    const calls = readdirSync(apiDir)
      .filter((file) => file.endsWith(".server.ts"))
      .flatMap((file) => [
        ...readFileSync(path.join(apiDir, file), "utf8").matchAll(
          /method: "(GET|POST|PUT|DELETE)",\s*path: ([^\n]+),/g,
        ),
      ])
      .flatMap(([, method, paths]) => [...paths.matchAll(/"([^"]+)"/g)].map(([, one]) => `${method} ${one}`));
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((call) => !covered.has(call))).toEqual([]);
  });

  for (const [index, row] of MATRIX.entries()) {
    // The path as written in the row (its template), to name the test.
    const label = `${row.method} ${
      row.path
        .toString()
        .match(/`([^`]*)`|"([^"]*)"/)
        ?.slice(1)
        .find(Boolean) ?? row.route
    }`;
    test(`${index + 1}. ${label} (${row.route})`, async () => {
      const extra = row.setup ? await row.setup(world) : {};
      // otherStaff is never one: no referral of another program's is theirs to read (R137).
      const seers: Role[] = ["userA", "admin", "superAdmin", ...(row.alsoSees ?? [])];
      const owners = [world.users.userA.id, ...(typeof extra.user === "number" ? [extra.user] : [])];
      const check = async (role: Role) => {
        const expected = expectedOf(row.expect, role);
        const response = await send(world, row, extra, role);
        const text = await response.text();
        expect(outcomeOf(response), `${role}: ${row.method} ${response.url()} answered ${text.slice(0, 300)}`).toBe(
          expected,
        );
        if (!seers.includes(role)) {
          expect(text, `${role} is shown A's records`).not.toContain(world.mark);
          expect(text, `${role} is shown A's e-mail`).not.toContain(world.users.userA.email);
        } else if (row.shows && expected === "ok") {
          expect(text, `${role} reads A's record`).toContain(world.mark);
        }
      };
      if (row.method === "GET") {
        // A read: everyone at once.
        await Promise.all(ROLES.map(check));
        return;
      }
      // A change: the refusals together (they are independent), then those who may, one after another.
      const before = await recordsOf(owners);
      await Promise.all(ROLES.filter((role) => REFUSED.includes(expectedOf(row.expect, role))).map(check));
      // Every refusal left every record of A's (and of the row's target) as it was.
      expect(await recordsOf(owners), `records after the refusals of ${label}`).toEqual(before);
      for (const role of ROLES.filter((one) => !REFUSED.includes(expectedOf(row.expect, one)))) await check(role);
    });
  }
});

/** The session cookie a response sets (its value), or null. */
function sessionSet(response: APIResponse): string | null {
  const header = response
    .headersArray()
    .find((one) => one.name.toLowerCase() === "set-cookie" && one.value.startsWith("__session="));
  return header ? header.value.split(";")[0] : null;
}

const asCookie = (cookie: string) => ({ headers: { Cookie: cookie }, maxRedirects: 0 });

// Part 2: sessions. The server's idle limit is unit-tested with a moved clock (app/models/accounts.server.test.ts,
// "sessions end on the server after 10 minutes and 30 seconds"), and a page after it in wizard.spec.ts.
test.describe("sessions @http", () => {
  test("signing in gives a new session id: a cookie planted before is not the one after, and opens nothing", async ({
    request,
  }) => {
    const [attacker, victim] = [await createUser(), await createUser()];
    // An id the server itself once issued (signed, well formed), then ended: what an attacker could plant.
    const planted = await sessionCookieOf(attacker);
    await request.post("/logout", { headers: { Cookie: planted }, form: {}, maxRedirects: 0 });
    const signIn = await request.post("/login", {
      headers: { Cookie: planted },
      form: { email: victim.email, password: victim.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const issued = sessionSet(signIn);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    expect((await request.get(`/api/users/${victim.id}`, asCookie(issued!))).status()).toBe(200);
    // The planted id did not become the victim's.
    expect((await request.get(`/api/users/${victim.id}`, asCookie(planted))).status()).toBe(401);
    // A made-up id is not taken either.
    const madeUp = await request.post("/login", {
      headers: { Cookie: "__session=chosen-by-someone" },
      form: { email: victim.email, password: victim.password },
      maxRedirects: 0,
    });
    expect(sessionSet(madeUp)).not.toContain("chosen-by-someone");
  });

  test("signing out ends the session on the server: the old cookie replayed is refused", async ({ request }) => {
    const user = await createUser();
    const cookie = await sessionCookieOf(user);
    expect((await request.get("/app/dashboard", asCookie(cookie))).status()).toBe(200);
    const out = await request.post("/logout", { headers: { Cookie: cookie }, form: {}, maxRedirects: 0 });
    expect(out.headers().location).toMatch(/^\/login/);
    const replayed = await request.get("/app/dashboard", asCookie(cookie));
    expect(replayed.headers().location).toMatch(/^\/login/);
    expect((await request.get(`/api/users/${user.id}`, asCookie(cookie))).status()).toBe(401);
  });

  test("deactivating a user ends their sessions at once; an idle session is refused by the API too", async ({
    request,
  }) => {
    const [user, admin] = [await createUser(), await createUser({ admin: true })];
    const cookie = await sessionCookieOf(user);
    expect((await request.get("/app/dashboard", asCookie(cookie))).status()).toBe(200);
    const deactivated = await request.post("/app/users", {
      headers: { Cookie: await sessionCookieOf(admin) },
      form: { intent: "deactivate", user: String(user.id) },
      maxRedirects: 0,
    });
    expect(deactivated.status()).toBe(302);
    expect((await request.get("/app/dashboard", asCookie(cookie))).headers().location).toMatch(/^\/login/);
    expect((await request.get(`/api/users/${user.id}`, asCookie(cookie))).status()).toBe(401);

    const idle = await createUser();
    const idleCookie = await sessionCookieOf(idle);
    await idleSessions(idle.id);
    expect((await request.get(`/api/users/${idle.id}`, asCookie(idleCookie))).status()).toBe(401);
  });
});

// Part 3: cross-site requests. Each state-changing request is sent as from another site (its Origin,
// or only Sec-Fetch-Site: cross-site) and must be refused with nothing changed; the same request from
// the application's own origin then goes through, so the refusal is the origin's and not another one.
interface CrossSiteCase {
  name: string;
  as: "owner" | "admin";
  method: "POST" | "PUT" | "DELETE";
  setup: (owner: TestUser) => Promise<{ path: string; form?: Record<string, string>; json?: unknown; target?: number }>;
}

const CROSS_SITE: CrossSiteCase[] = [
  {
    name: "delete a child (form)",
    as: "owner",
    method: "POST",
    setup: async (owner) => ({
      path: `/app/children/details/${(await createChild(owner)).id}`,
      form: { intent: "delete" },
    }),
  },
  {
    name: "delete a Draft from the list (form)",
    as: "owner",
    method: "POST",
    setup: async (owner) => ({
      path: "/app/referrals/drafts",
      form: {
        intent: "delete",
        referral: String(referralIdOf(await startReferral(owner, (await createChild(owner)).id))),
      },
    }),
  },
  {
    name: "save a wizard step (form)",
    as: "owner",
    method: "POST",
    setup: async (owner) => ({
      path: `${await startReferral(owner, (await createChild(owner)).id)}/details/select`,
      form: { intent: "save", additionalDetails: "Changed from elsewhere" },
    }),
  },
  {
    name: "delete an address (form)",
    as: "owner",
    method: "POST",
    setup: async (owner) => ({
      path: `/app/profile/${owner.id}/address/${(await createAddress(owner)).id}`,
      form: { intent: "delete" },
    }),
  },
  {
    name: "deactivate a user (administrator's form)",
    as: "admin",
    method: "POST",
    setup: async () => {
      const target = await createUser({ signedInBefore: true });
      return { path: "/app/users", form: { intent: "deactivate", user: String(target.id) }, target: target.id };
    },
  },
  {
    name: "change a child (API)",
    as: "owner",
    method: "PUT",
    setup: async (owner) => ({
      path: `/api/children/${(await createChild(owner)).id}`,
      json: { middleName: "Elsewhere" },
    }),
  },
  {
    name: "delete a referral (API)",
    as: "owner",
    method: "DELETE",
    setup: async (owner) => ({
      path: `/api/referrals/${referralIdOf(await startReferral(owner, (await createChild(owner)).id))}`,
    }),
  },
  {
    name: "copy a referral (API)",
    as: "owner",
    method: "POST",
    setup: async (owner) => ({
      path: `/api/referrals/${referralIdOf(await startReferral(owner, (await createChild(owner)).id))}/copy`,
      json: {},
    }),
  },
];

test.describe("cross-site requests @http", () => {
  for (const one of CROSS_SITE) {
    test(`refused from another site, taken from this one: ${one.name}`, async () => {
      const owner = await createUser();
      const caller = one.as === "admin" ? await createUser({ admin: true }) : owner;
      const { path: target, form, json: data, target: targetUser } = await one.setup(owner);
      const client = await clientOf(caller);
      const send = (headers: Record<string, string>) =>
        client.fetch(target, { method: one.method, headers, form, data: form ? undefined : data, maxRedirects: 0 });
      try {
        const owners = [owner.id, ...(targetUser ? [targetUser] : [])];
        const before = await recordsOf(owners);
        const foreign: Array<Record<string, string>> = [
          { Origin: "https://evil.example" },
          { "Sec-Fetch-Site": "cross-site" },
          { Origin: "null", "Sec-Fetch-Site": "cross-site" },
        ];
        for (const headers of foreign) {
          const refused = await send(headers);
          expect(refused.status(), JSON.stringify(headers)).toBe(403);
          expect(sessionSet(refused)).toBeNull();
        }
        expect(await recordsOf(owners)).toEqual(before);
        const taken = await send({ Origin: baseURL, "Sec-Fetch-Site": "same-origin" });
        expect(taken.status(), await taken.text()).toBeLessThan(400);
        expect(await recordsOf(owners)).not.toEqual(before);
      } finally {
        await client.dispose();
      }
    });
  }

  test("a cross-site sign-out is refused and the session goes on", async ({ request }) => {
    const user = await createUser();
    const cookie = await sessionCookieOf(user);
    const refused = await request.post("/logout", {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
      form: {},
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect((await request.get("/app/dashboard", asCookie(cookie))).status()).toBe(200);
  });
});

// Part 4: injection. Payloads of SQL and script injection saved in the free-text fields of a child,
// a referral, its guardian and document, an address and the profile (through the API, as a program
// would), then shown back in the pages in a real browser: shown as text, run never, stored as sent.
const PAYLOADS = [
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  "{{constructor.constructor('window.__xss=1')()}}",
];
const payload = (index: number) => PAYLOADS[index % PAYLOADS.length];

test("injected text is stored as sent and shown as text, never run", async ({ page, context, javaScriptOn }) => {
  const user = await createUser();
  const api = await clientOf(user);
  try {
    const saved = async (response: Promise<APIResponse>) => {
      const answer = await response;
      expect(answer.status(), await answer.text()).toBeLessThan(300);
      return json(answer);
    };
    const child = await saved(
      api.post("/api/children", {
        data: {
          firstName: payload(0),
          middleName: payload(2),
          lastName: payload(1),
          birthdate: yearsAgo(1),
          stateOfResidence: "21",
        },
      }),
    );
    const referral = await saved(api.post("/api/referrals", { data: { child: `/api/children/${child.id}` } }));
    await saved(
      api.put(`/api/referrals/${referral.id}`, {
        data: {
          referrerFirstName: payload(3),
          referrerMiddleName: payload(4),
          referrerLastName: payload(2),
          additionalDetails: PAYLOADS.join(" "),
        },
      }),
    );
    await saved(
      api.post("/api/adults", {
        data: {
          referral: `/api/referrals/${referral.id}`,
          firstName: payload(2),
          lastName: payload(0),
          childRelationship: "1",
          bestTimeToContact: payload(3),
          homePhoneNumber: HOME_PHONE,
        },
      }),
    );
    await saved(
      api.post(`/api/referrals/${referral.id}/referral_documents`, {
        multipart: {
          description: payload(3),
          file: { name: "evaluation.pdf", mimeType: "application/pdf", buffer: PDF },
        },
      }),
    );
    await saved(
      api.post("/api/addresses", {
        data: {
          line1: payload(1),
          line2: payload(2),
          city: "Annapolis",
          zip: "21401",
          county: "24003",
          nickname: payload(4),
        },
      }),
    );
    await saved(api.put(`/api/users/${user.id}`, { data: { middleName: payload(2) } }));

    const { getDb } = await import("../app/db.server");
    const db = getDb();
    // Stored exactly as sent (the queries take them as values), and the tables are all there.
    expect(
      await db
        .selectFrom("children")
        .select(["first_name", "middle_name", "last_name"])
        .where("id", "=", child.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      first_name: payload(0),
      middle_name: payload(2),
      last_name: payload(1),
    });
    expect(
      Number(
        (
          await db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(1);

    await context.addCookies([
      {
        name: "__session",
        value: (await sessionCookieOf(user)).split("=").slice(1).join("="),
        url: baseURL,
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    const pages: Array<[string, number[]]> = [
      [`/app/children/details/${child.id}`, [0, 1, 2]],
      [`/app/child/${child.id}/referral/${referral.id}/user/${user.id}/review`, [0, 1, 2, 3, 4]],
      [`/app/profile/${user.id}`, [1, 2, 4]],
      ["/app/referrals/drafts", [0, 1]],
    ];
    for (const [address, shown] of pages) {
      await page.goto(address);
      const text = await page.locator("main").innerText();
      for (const index of shown) expect(text, `${address} shows ${payload(index)}`).toContain(payload(index));
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      if (javaScriptOn)
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), address).toBeUndefined();
    }
    const csv = await page.request.get("/app/referrals/export.csv?list=drafts");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const rows = await csv.text();
    for (const index of [0, 1]) expect(rows).toContain(payload(index).replaceAll('"', '""'));
  } finally {
    await api.dispose();
  }
});

// Part 5: upload attacks the documents tests do not already make (documents.spec.ts has an HTML
// file named .pdf refused on the page, a forward-slash path in a name, the size limits, another's 404).
test.describe("upload attacks @http", () => {
  test("a program or a page named .pdf is refused by its first bytes; a PDF carrying a script is only ever an attachment of its stored type", async () => {
    const owner = await createUser();
    const api = await clientOf(owner);
    try {
      const referral = referralIdOf(await startReferral(owner, (await createChild(owner)).id));
      const upload = (name: string, buffer: Buffer, mimeType = "application/pdf") =>
        api.post(`/api/referrals/${referral}/referral_documents`, {
          multipart: { description: "Attack", file: { name, mimeType, buffer } },
        });
      const program = Buffer.concat([
        Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
        Buffer.alloc(256),
      ]);
      for (const [name, buffer, mimeType] of [
        ["setup.pdf", program, "application/pdf"],
        ["setup.exe", program, "application/x-msdownload"],
        ["page.pdf", Buffer.from("<!doctype html><script>window.__xss=1</script>"), "text/html"],
        [
          "image.svg.pdf",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>'),
          "image/svg+xml",
        ],
      ] as const) {
        const refused = await upload(name, buffer, mimeType);
        expect(refused.status(), name).toBe(400);
      }
      expect(await documentsOf(referral)).toEqual([]);

      // Valid PDF bytes first, a page with a script after: a PDF by its first bytes, so it may be kept,
      // but it is handed out as a PDF to save, never as a page a browser would run.
      const polyglot = Buffer.from("%PDF-1.4\n<html><body><script>window.__xss=1</script></body></html>\n%%EOF\n");
      const kept = await upload("report.html", polyglot, "text/html");
      expect(kept.status(), await kept.text()).toBe(201);
      const { id } = await json(kept);
      const response = await api.get(`/app/documents/${id}/file`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    } finally {
      await api.dispose();
    }
  });

  test("a path in the file name, with either slash, stores nothing outside the uploads folder and shows a plain name", async () => {
    const owner = await createUser();
    const api = await clientOf(owner);
    try {
      const base = await startReferral(owner, (await createChild(owner)).id);
      const referral = referralIdOf(base);
      const names = ["../../etc/passwd.pdf", "..\\..\\x.pdf", "/tmp/abs.pdf", "..%2F..%2Fenc.pdf"];
      for (const name of names) {
        const response = await api.post(`/api/referrals/${referral}/referral_documents`, {
          multipart: { description: "Traversal", file: { name, mimeType: "application/pdf", buffer: PDF } },
        });
        expect(response.status(), name).toBe(201);
      }
      // The same through the page's form.
      const form = await api.post(`${base}/supporting-documentation/new`, {
        multipart: {
          from: "documents",
          description: "Traversal",
          file: { name: "..\\..\\..\\form.pdf", mimeType: "application/pdf", buffer: PDF },
        },
        maxRedirects: 0,
      });
      expect(form.status()).toBe(302);

      const uploads = path.join(process.env.E2E_DATA_DIR!, "uploads");
      const stored = await documentsOf(referral);
      expect(stored).toHaveLength(names.length + 1);
      const files = new Set(storedUploads().map((file) => file.name));
      for (const document of stored) {
        // A random name of the server's own, directly in the uploads folder; the name shown has no path.
        expect(path.dirname(path.resolve(uploads, document.file_path))).toBe(uploads);
        expect(files.has(document.file_path)).toBe(true);
        expect(document.file_name).not.toMatch(/[\\/]|^\./);
        const download = await api.get(`/app/documents/${document.id}/file`);
        const disposition = download.headers()["content-disposition"];
        expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? "")).not.toMatch(/[\\/]/);
        expect(disposition.split(";")[1]).not.toMatch(/[\\/]|"\./);
      }
      for (const escaped of ["../../etc/passwd.pdf", "../x.pdf", "../../x.pdf", "../form.pdf"])
        expect(existsSync(path.resolve(uploads, escaped)), escaped).toBe(false);
    } finally {
      await api.dispose();
    }
  });
});
