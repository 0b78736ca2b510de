import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "~/auth/session.server";
import { answerSecurityQuestions, requestPasswordReset } from "~/models/account-token.server";
import { insertApiKey } from "~/test/api-keys";
import type { CurrentUser } from "~/models/user.server";
import { closeDataDir, openDataDir } from "~/test/data-dir";
import { copyTestDatabase } from "../../db/testing";
import { makeTemplateDir, readRows, readSchema, settleForCopies, type DB, type Rows, type Schema } from "~/test/tables";
import { readOutbox } from "~/test/outbox";
import { addRegisteredPerson, SECURITY_ANSWERS } from "~/test/people";
import { documentHref, guardianHref, reviewHref, stepHref, type StepKey, type WizardIds } from "~/wizard/steps";
import { handle } from "./handler.server";
import { API_OPERATIONS } from "./operations.server";
import { workAfterAnswers } from "~/services/after-answer.server";

// The two doors to every action (docs/product-rules.md R100: "a caller may see and do through it
// exactly what they may on the pages"): each row below does one thing once through its page (the
// route module's action, a form post signed in by a session cookie) and once through the JSON API
// (the handler, a JSON body), each in its own copy of one set-up database, and compares what
// they leave behind: every table's rows (the sessions among them), the mail written and the
// files kept. Inputs are what goes over HTTP (form fields, JSON bodies) and outputs what is
// stored, so the test holds whatever the models do in between. The answers themselves are not
// compared: a page answers with a redirect and a toast cookie (and a language cookie when the
// account's language changes), the API with the record.
//
// A new page action or a new API call that changes something fails the test below until it has
// a row here, or a line in PAGE_ONLY or API_ONLY that says why it has no twin.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const ORIGIN = "http://localhost";
const IP = "192.0.2.10";
const PASSWORD = "tres tristes 12";
const NEW_PASSWORD = "a new strong one 34";
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

/**
 * The route module of each page action, relative to app/: the one place to change when a route
 * file moves (the wizard's are named in app/wizard/step-table.js).
 */
const PAGE_MODULES = {
  relationship: "wizard/steps/relationship.tsx",
  proxy: "wizard/steps/proxy.tsx",
  sex: "wizard/steps/sex.tsx",
  childLanguage: "wizard/steps/child-language.tsx",
  childAddress: "wizard/steps/address.tsx",
  gestationalAge: "wizard/steps/gestational-age.tsx",
  guardianList: "wizard/steps/guardians.tsx",
  guardian: "wizard/steps/guardian.tsx",
  familyLanguage: "wizard/steps/family-language.tsx",
  interpreter: "wizard/steps/interpreter.tsx",
  fosterCare: "wizard/steps/foster-care.tsx",
  reasons: "wizard/steps/reasons.tsx",
  screening: "wizard/steps/screening.tsx",
  details: "wizard/steps/details.tsx",
  documentList: "wizard/steps/documents.tsx",
  document: "wizard/steps/document.tsx",
  review: "wizard/review.tsx",
  childPreverify: "routes/app.children.edit.preverify.tsx",
  childName: "routes/app.children.edit.name.tsx",
  childDetails: "routes/app.children.details.$id.tsx",
  drafts: "routes/app.referrals.drafts.tsx",
  submitted: "routes/app.referrals.submitted.tsx",
  profile: "routes/app.profile.$id.tsx",
  addressBook: "routes/app.profile_.$id.address.$address.tsx",
  users: "routes/app.users.tsx",
  user: "routes/app.user.$id._index.tsx",
  apiKeys: "routes/app.api-keys.tsx",
  reports: "routes/app.reports.tsx",
  navigation: "routes/app.navigation.tsx",
  register: "routes/register.tsx",
  login: "routes/login.tsx",
  logout: "routes/logout.tsx",
  forgotPassword: "routes/forgot-password.tsx",
  resetPassword: "routes/reset-password.tsx",
  verifyEmail: "routes/verify-email.tsx",
  keepalive: "routes/session.keepalive.tsx",
  secondFactor: "routes/login_.second-factor.tsx",
  secondFactorSetup: "routes/login_.second-factor-setup.tsx",
  mailCode: "routes/login_.mail-code.tsx",
  ownSecondFactor: "routes/app.profile_.$id.second-factor.tsx",
  localProgram: "routes/app.local-programs.$id.tsx",
} as const satisfies Record<string, string>;
type PageModule = keyof typeof PAGE_MODULES;
/** A page action: its module, and after "#" the `intent` its form sends when it sends one. */
type PageAction = PageModule | `${PageModule}#${string}`;

/** Intents that save as the form without one does and only choose where the page goes next. */
const NAVIGATION_INTENTS: Record<string, string> = {
  continue: "Save and continue: the step's save, then the next step (R47)",
  saveAndContinue: "the address book's save, then back to the profile (R17)",
};

/** Page actions with no API twin, each with why. */
const PAGE_ONLY: Record<string, string> = {
  login: "signing in makes a browser session; a program sends that session's cookie or an API key (R101)",
  "login#resend": "a new verification link is asked for on the sign-in page; the API has no call for it (R3, R100)",
  logout: "signing out ends the browser session",
  "profile#endOtherSessions":
    "a person's browser sessions are the pages'; an API caller signs in with a key, which the API keys page ends (R101, R110)",
  secondFactor:
    "the sign-in's second step (the app's code or a recovery code) makes a browser session; the API has none (R101, R129)",
  secondFactorSetup:
    "an administrator's set-up of the second step at sign-in makes a browser session; the API has none (R101, R129)",
  mailCode:
    "the code mailed before a second step is bound at sign-in leads a browser session on to the set-up; the API has none (R101, R129)",
  "mailCode#resend": "another code for a browser session waiting for one; the API has none (R101, R129)",
  ownSecondFactor:
    "a person's own second factor is confirmed on their profile's page; the API has no second-factor call (R100, R129)",
  "ownSecondFactor#remove":
    "a referrer turns their second factor off on their profile's page; the API has no second-factor call (R100, R129)",
  "user#resetSecondFactor":
    "a super administrator resets a second factor on the person's page; the API has no second-factor call (R100, R129)",
  "users#resetSecondFactor":
    "the users list's actions are the person's page's (user-actions.server.ts); it offers no reset, which is on the person's page only (R129)",
  keepalive: "keeps a browser session awake (R20, R21)",
  verifyEmail: "a post here only leads to the sign-in page; the link itself is opened with GET",
  navigation: "remembers in a cookie whether the side navigation is open",
  childPreverify:
    "the first of the two screens that add a child: it checks the date and state and carries them on, saving nothing (R36)",
  childDetails: "without an intent: answered 404, nothing saved",
  drafts: "without an intent: back to the list, nothing saved",
  submitted: "without an intent: back to the list, nothing saved",
  review: "without an intent: back to the review, nothing saved",
  guardianList: "without an intent (or with Continue): nothing to save, the guardians are saved one by one",
  users: "without an intent: back to the list, nothing saved",
  user: "without an intent: back to the person, nothing saved",
  "review#status": "administrators record a status on the review page; the API has no status call (R84, R100)",
  "review#createLink":
    "review links are made on the review page; the API only reads a referral through one (R93, R100)",
  "review#revokeLink":
    "review links are revoked on the review page; the API only reads a referral through one (R93, R100)",
  "review#notSameChild":
    "an administrator decides on the review page that two referrals are not of the same child; the API tells nothing of children referred twice (R100, R126)",
  "users#resendVerification":
    "the verification link is mailed again from the users list; the API has no call for it, as for the sign-in page's (R3, R100)",
  "user#resendVerification":
    "the verification link is mailed again from a person's page; the API has no call for it, as for the sign-in page's (R3, R100)",
  apiKeys: "API keys are made on their page; the API has no call that makes one (R101)",
  "apiKeys#revoke": "API keys are revoked on their page; the API has no call that revokes one (R101)",
  "addressBook#lookup":
    "the address look-up of a form without JavaScript fills the form again; no address is saved (R19)",
  "addressBook#use": "picking a look-up suggestion without JavaScript fills the form again; no address is saved (R19)",
  "childAddress#lookup":
    "the address look-up of a form without JavaScript fills the form again; no address is saved (R19, R55)",
  "childAddress#use":
    "picking a look-up suggestion without JavaScript fills the form again; no address is saved (R19, R55)",
};

/** API calls that change something and have no page twin, each with why. */
const API_ONLY: Record<string, string> = {
  createPhoneNumber:
    "a phone number as a record of its own (R105); pages add phones only inside a profile, guardian or referrer form (rows below)",
  updatePhoneNumber:
    "a phone number as a record of its own (R105); pages change phones only inside a profile, guardian or referrer form (rows below)",
  deletePhoneNumber:
    "a phone number as a record of its own (R105); pages clear phones only inside a profile, guardian or referrer form (rows below)",
  updatePhoneNumberById: "the same change as updatePhoneNumber, its id in the body (R100)",
};

// The set-up every row starts from: people, sessions, an API key, reset links, an address book,
// and three children with a Draft begun, a Draft ready to send and a Submitted referral.

interface Base {
  rosa: CurrentUser;
  admin: CurrentUser;
  /** Keeps the local programs and their staff (R136, R138). */
  superAdmin: CurrentUser;
  tomas: CurrentUser;
  /** Deactivated (locked). */
  lockedId: number;
  /** Registered, the e-mail not verified yet. */
  unverifiedId: number;
  /** May be promoted: at the approved domain, signed in before, no referrals. */
  eligibleId: number;
  /** May be made Howard County's staff: verified, no referrals, at the domain Howard's program approves (R138). */
  staffCandidateId: number;
  /** The programs of Baltimore City (where r3 was sent), Baltimore County and Howard County, by id. */
  programs: { baltimoreCity: number; baltimoreCounty: number; howard: number };
  cookies: { rosa: string; admin: string; superAdmin: string };
  apiKey: string;
  resetTokens: { unanswered: string; answered: string };
  book: number;
  childBirthdate: string;
  /**
   * A Draft begun: a relationship, the referrer's name, a race, a concern, a guardian with two phones and a document.
   */
  r1: WizardIds;
  adult1: number;
  document1: number;
  /** A Draft with every answer, a guardian and a consent form: ready to send. */
  r2: WizardIds;
  /** Sent. */
  r3: WizardIds;
}

type Caller = "rosa" | "admin" | "superAdmin" | "anonymous";
type Form = Record<string, string | string[]> | FormData;

interface PageStep {
  url: string;
  params: Record<string, string>;
  form: Form;
}

interface ApiStep {
  op: string;
  id?: number;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: Record<string, string | Blob>;
}

interface Snapshot {
  tables: Record<string, Array<Record<string, unknown>>>;
  mail: string[];
  uploads: string[];
  reports: string[];
}

interface ParityRow {
  action: string;
  /** The page actions that do it; each is compared with the one API run. */
  pages: PageAction[];
  /** The API calls that do it, in the order made. */
  api: string[];
  /**
   * Who does it. Through the API an administrator calls with an API key, a referrer and a super administrator with
   * their session.
   */
  caller: Caller;
  page(b: Base, action: PageAction): PageStep;
  calls(b: Base): Array<ApiStep | ((answers: Array<Record<string, unknown>>) => ApiStep)>;
  /** Where the doors rightly differ: why, and how that part is set aside before comparing. */
  differs?: { why: string; adjust(page: Snapshot, api: Snapshot): void };
}

const phone = (areaCode: string, prefix: string, suffix: string) => ({ areaCode, prefix, suffix });
const wizardParams = (ids: WizardIds) => ({
  child: String(ids.child),
  referral: String(ids.referral),
  user: String(ids.user),
});
const atStep = (ids: WizardIds, key: StepKey, form: Form): PageStep => ({
  url: stepHref(ids, key),
  params: wizardParams(ids),
  form,
});
/** A referral's review page (a `review#…` action), or the list (drafts, submitted) whose row's button does the same. */
const reviewPage = (ids: WizardIds): PageStep => ({ url: reviewHref(ids), params: wizardParams(ids), form: {} });
const reviewOrList = (ids: WizardIds, action: PageAction): PageStep =>
  action.startsWith("review#")
    ? reviewPage(ids)
    : { url: `/app/referrals/${action.split("#")[0]}`, params: {}, form: { referral: String(ids.referral) } };
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const pdf = (name: string) => new File([PDF], name, { type: "application/pdf" });
const multipartForm = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** The begun Draft's parents and guardians and its documents: each one's page, its list step and the one set up. */
const WIZARD_ITEMS = {
  adult: { href: guardianHref, list: "guardianList", step: "guardians", setUp: (b: Base) => b.adult1 },
  document: { href: documentHref, list: "documentList", step: "documents", setUp: (b: Base) => b.document1 },
} as const;
type WizardItem = keyof typeof WIZARD_ITEMS;

/** The page of one parent or guardian (`adult`) or document of the begun Draft, "new" to add one. */
const itemPage = (b: Base, item: WizardItem, id: number | "new", form: Form, query = ""): PageStep => ({
  url: WIZARD_ITEMS[item].href(b.r1, id) + query,
  params: { ...wizardParams(b.r1), [item]: String(id) },
  form,
});

/** The set-up parent or guardian or document removed by its list step's button, and through the API. */
function removeItemRow(action: string, item: WizardItem, op: string): ParityRow {
  const { list, step, setUp } = WIZARD_ITEMS[item];
  return {
    action,
    pages: [`${list}#delete`],
    api: [op],
    caller: "rosa",
    page: (b) => atStep(b.r1, step, { [item]: String(setUp(b)) }),
    calls: (b) => [{ op, id: setUp(b) }],
  };
}

/** A file uploaded to the begun Draft on its document page and through the API, as its consent form when said. */
function uploadRow(action: string, description: string, fileName: string, { consent = false } = {}): ParityRow {
  // The consent question's link opens the page as the consent form's, and the API call says so itself.
  const [query, pageFlag, apiFlag] = consent
    ? ["?from=documents&consent=1", { consent: "1" }, { isConsent: "true" }]
    : ["", {}, {}];
  return {
    action,
    pages: ["document"],
    api: ["addReferralDocument"],
    caller: "rosa",
    page: (b) =>
      itemPage(
        b,
        "document",
        "new",
        multipartForm({ from: "documents", ...pageFlag, description, file: pdf(fileName) }),
        query,
      ),
    calls: (b) => [
      { op: "addReferralDocument", id: b.r1.referral, multipart: { description, ...apiFlag, file: pdf(fileName) } },
    ],
  };
}

/** Rosa's action on one of her referrals, from its review page or a list's row, and the API call on that referral. */
const referralRow = (action: string, pages: PageAction[], op: string, which: "r1" | "r2" | "r3"): ParityRow => ({
  action,
  pages,
  api: [op],
  caller: "rosa",
  page: (b, pageAction) => reviewOrList(b[which], pageAction),
  calls: (b) => [{ op, id: b[which].referral }],
});

/** A wizard step saved through its page and through PUT /api/referrals/{id} on the begun Draft. */
function stepRow(
  action: string,
  key: StepKey,
  page: PageModule,
  form: Record<string, string | string[]>,
  json: Record<string, unknown>,
): ParityRow {
  return {
    action,
    pages: [page],
    api: ["updateReferral"],
    caller: "rosa",
    page: (b) => atStep(b.r1, key, form),
    calls: (b) => [{ op: "updateReferral", id: b.r1.referral, json }],
  };
}

const profileForm = (overrides: Record<string, string>) => ({
  prefix: "",
  firstName: "Rosa",
  middleName: "",
  lastName: "Núñez",
  suffix: "",
  reference: "1",
  email: "rosa@example.com",
  primaryLanguage: "en",
  homePhoneNumber: "410-555-0101",
  workPhoneNumber: "",
  mobilePhoneNumber: "",
  securityQuestion1: "1",
  securityAnswer1: "",
  securityQuestion2: "2",
  securityAnswer2: "",
  newPassword: "",
  currentPassword: "",
  ...overrides,
});

/** A person's own profile page, the form as it shows them with these changes. */
const profilePage = (person: CurrentUser, changes: Record<string, string>): PageStep => ({
  url: `/app/profile/${person.id}`,
  params: { id: String(person.id) },
  form: profileForm(changes),
});

/** An administrator's action on a person, from the users list or from the person's page. */
const userPage = (action: PageAction, userId: number): PageStep =>
  action.startsWith("users#")
    ? { url: "/app/users", params: {}, form: { user: String(userId) } }
    : { url: `/app/user/${userId}`, params: { id: String(userId) }, form: { user: String(userId) } };

/** An administrator's button on a person, in the users list and on their page, and the API's change to that person. */
const userUpdateRow = (
  action: string,
  intent: string,
  person: (b: Base) => number,
  json: Record<string, unknown>,
): ParityRow => ({
  action,
  pages: [`users#${intent}`, `user#${intent}`],
  api: ["updateUser"],
  caller: "admin",
  page: (b, pageAction) => userPage(pageAction, person(b)),
  calls: (b) => [{ op: "updateUser", id: person(b), json }],
});

/** Rosa's address book page of one address ("new" for a new one). */
const bookPage = (b: Base, address: number | "new", form: Form): PageStep => ({
  url: `/app/profile/${b.rosa.id}/address/${address}`,
  params: { id: String(b.rosa.id), address: String(address) },
  form,
});

const bookForm = {
  line1: "100 Main St",
  line2: "",
  city: "Baltimore",
  zip: "21201",
  county: "24510",
  nickname: "Home",
};

/** A change to the address in Rosa's book: its page sends the whole form, the API only what changes. */
const bookChangeRow = (action: string, change: Partial<typeof bookForm>): ParityRow => ({
  action,
  pages: ["addressBook"],
  api: ["updateAddress"],
  caller: "rosa",
  page: (b) => bookPage(b, b.book, { ...bookForm, ...change }),
  calls: (b) => [{ op: "updateAddress", id: b.book, json: change }],
});

/** A child's address typed on the wizard's step, the same fields on the page and in the API. */
const grandmasAddress = {
  line1: "200 Oak Ave",
  line2: "Apt 3",
  city: "Towson",
  zip: "21204",
  county: "24005",
  nickname: "Grandma",
};

/** A step of a reset link, its page and the API sending the same fields with the link's token (R9). */
const resetLinkRow = (
  action: string,
  page: PageAction,
  op: string,
  token: keyof Base["resetTokens"],
  fields: Record<string, string>,
): ParityRow => ({
  action,
  pages: [page],
  api: [op],
  caller: "anonymous",
  page: (b) => ({
    url: `/reset-password?token=${b.resetTokens[token]}`,
    params: {},
    form: { token: b.resetTokens[token], ...fields },
  }),
  calls: (b) => [{ op, query: { token: b.resetTokens[token] }, json: fields }],
});

/** A local program's names, intake address and phone, the same on its page and in the API. */
const baltimoreCountyProgram = {
  nameEn: "Baltimore County Infants and Toddlers Program",
  nameEs: "Programa de Bebés y Niños Pequeños: condado de Baltimore",
  intakeEmail: "intake@baltimorecountymd.gov",
  phone: "410-887-0001",
};

const ROWS: ParityRow[] = [
  // Children
  {
    action: "add a child",
    pages: ["childName"],
    api: ["createChild"],
    caller: "rosa",
    page: () => ({
      url: "/app/children/edit/name",
      params: {},
      form: { birthdate: daysAgo(200), stateOfResidence: "21", firstName: "Ana", lastName: "Ruiz", suffix: "1" },
    }),
    calls: () => [
      {
        op: "createChild",
        json: { birthdate: daysAgo(200), stateOfResidence: "21", firstName: "Ana", lastName: "Ruiz", suffix: "1" },
      },
    ],
  },
  {
    action: "refer a new child: the child and its first Draft",
    pages: ["childName"],
    api: ["createChild", "createReferral"],
    caller: "rosa",
    page: () => ({
      url: "/app/children/edit/name?next=referral",
      params: {},
      form: { next: "referral", birthdate: daysAgo(90), stateOfResidence: "21", firstName: "Leo", lastName: "Ruiz" },
    }),
    calls: () => [
      {
        op: "createChild",
        json: { birthdate: daysAgo(90), stateOfResidence: "21", firstName: "Leo", lastName: "Ruiz" },
      },
      ([child]) => ({ op: "createReferral", json: { child: child["@id"] } }),
    ],
  },
  {
    action: "change a child's name",
    pages: ["childName"],
    api: ["updateChild"],
    caller: "rosa",
    page: (b) => ({
      url: `/app/children/edit/name?id=${b.r1.child}`,
      params: {},
      form: {
        id: String(b.r1.child),
        birthdate: b.childBirthdate,
        stateOfResidence: "21",
        firstName: "Mateo",
        middleName: "Luis",
        lastName: "Núñez",
        prefix: "",
        suffix: "",
      },
    }),
    calls: (b) => [{ op: "updateChild", id: b.r1.child, json: { middleName: "Luis" } }],
  },
  {
    action: "delete a child with its Draft, guardian and document",
    pages: ["childDetails#delete"],
    api: ["deleteChild"],
    caller: "rosa",
    page: (b) => ({ url: `/app/children/details/${b.r1.child}`, params: { id: String(b.r1.child) }, form: {} }),
    calls: (b) => [{ op: "deleteChild", id: b.r1.child }],
  },
  {
    action: "start a referral for a child",
    pages: ["childDetails#newReferral"],
    api: ["createReferral"],
    caller: "rosa",
    page: (b) => ({ url: `/app/children/details/${b.r1.child}`, params: { id: String(b.r1.child) }, form: {} }),
    calls: (b) => [{ op: "createReferral", json: { child: `/api/children/${b.r1.child}` } }],
  },

  // The wizard's steps, on the begun Draft
  stepRow(
    "answer the referrer's relationship: an audiologist, with the family's approval and the screening question",
    "relationship",
    "relationship",
    // The page as sent once its questions show (askedFor: whose questions they are, R150).
    { referrerRelationship: "2", askedFor: "2", familyApproval: "yes", isAudiologistScreening: "no" },
    { referrerRelationship: "2", familyApproval: "yes", isAudiologistScreening: "no" },
  ),
  stepRow(
    "answer the referrer's relationship: a home visiting program, stored as Other (R51)",
    "relationship",
    "relationship",
    { referrerRelationship: "999999999", askedFor: "999999999", familyApproval: "no" },
    { referrerRelationship: "999999999", familyApproval: "no" },
  ),
  stepRow(
    "change the relationship to a parent, which drops the family's approval it no longer asks (R50)",
    "relationship",
    "relationship",
    { referrerRelationship: "1" },
    { referrerRelationship: "1" },
  ),
  stepRow(
    "give the referrer's name and phone",
    "proxy",
    "proxy",
    {
      referrerPrefix: "6",
      referrerFirstName: "Rosa",
      referrerMiddleName: "María",
      referrerLastName: "Núñez",
      referrerSuffix: "",
      referrerPhoneNumber: "410-555-0199",
    },
    {
      referrerPrefix: "6",
      referrerFirstName: "Rosa",
      referrerMiddleName: "María",
      referrerLastName: "Núñez",
      referrerPhoneNumber: phone("410", "555", "0199"),
    },
  ),
  stepRow(
    "answer the child's sex, races and Hispanic origin",
    "sex",
    "sex",
    { gender: "2", races: ["2028-9", "2054-5"], isHispanicChild: "yes" },
    { gender: "2", races: ["2028-9", "2054-5"], isHispanicChild: "yes" },
  ),
  stepRow(
    "clear the child's races and Hispanic origin, keeping the sex (R53)",
    "sex",
    "sex",
    { gender: "1" },
    { races: [], isHispanicChild: null },
  ),
  stepRow(
    "answer the child's language",
    "childLanguage",
    "childLanguage",
    { primaryLanguage: "2" },
    { primaryLanguage: "2" },
  ),
  stepRow(
    "type the child's address and keep it in the address book",
    "address",
    "childAddress",
    { source: "new", ...grandmasAddress, saveToBook: "on" },
    { address: { ...grandmasAddress, addressBook: true } },
  ),
  stepRow(
    "type the child's address without keeping it",
    "address",
    "childAddress",
    { source: "new", line1: "5 Bay St", line2: "", city: "Annapolis", zip: "21401", county: "24003", nickname: "" },
    { address: { line1: "5 Bay St", city: "Annapolis", zip: "21401", county: "24003" } },
  ),
  {
    action: "take the child's address from the address book",
    pages: ["childAddress"],
    api: ["updateReferral"],
    caller: "rosa",
    page: (b) => atStep(b.r1, "address", { source: `book-${b.book}` }),
    calls: (b) => [{ op: "updateReferral", id: b.r1.referral, json: { address: `/api/addresses/${b.book}` } }],
  },
  stepRow(
    "answer the gestational age in weeks and days",
    "gestationalAge",
    "gestationalAge",
    { weeks: "39", days: "3" },
    { gestationalAgeInDays: 276 },
  ),
  stepRow(
    "answer that the gestational age is not known (R54)",
    "gestationalAge",
    "gestationalAge",
    { unknown: "on" },
    { gestationalAgeInDays: -1 },
  ),
  stepRow(
    "answer the family's language",
    "familyLanguage",
    "familyLanguage",
    { familyPrimaryLanguage: "2" },
    { familyPrimaryLanguage: "2" },
  ),
  stepRow(
    "answer whether an interpreter is needed",
    "interpreter",
    "interpreter",
    { familyNeedsInterpreter: "yes" },
    { familyNeedsInterpreter: "yes" },
  ),
  stepRow(
    "answer whether the child is in foster care",
    "fosterCare",
    "fosterCare",
    { childInFosterCare: "unknown" },
    { childInFosterCare: "unknown" },
  ),
  stepRow(
    "choose the developmental concerns",
    "reasons",
    "reasons",
    { developmental: ["1", "8"] },
    { referralReasons: { RefReasons_ConcernsDevelopmental: ["1", "8"] } },
  ),
  stepRow(
    "choose the failed screenings and diagnosed conditions, with Other's text and the screening date",
    "screening",
    "screening",
    {
      screenings: ["1"],
      conditions: ["4", "99"],
      otherMedicalCondition: "Tongue tie",
      failedScreeningDate: daysAgo(30),
    },
    {
      referralReasons: { FailedScreenings: ["1"], IdentifiedConditions: ["4", "99"] },
      otherMedicalCondition: "Tongue tie",
      failedScreeningDate: daysAgo(30),
    },
  ),
  stepRow(
    "write the additional details",
    "details",
    "details",
    { additionalDetails: "  Says few words; startles at loud sounds.  " },
    { additionalDetails: "  Says few words; startles at loud sounds.  " },
  ),
  stepRow(
    "answer the consent question",
    "documents",
    "documentList",
    { childParentConsent: "2" },
    { childParentConsent: 2 },
  ),

  // Parents and guardians
  {
    action: "add a parent or guardian with a work and a mobile phone",
    pages: ["guardian"],
    api: ["createAdult"],
    caller: "rosa",
    page: (b) =>
      itemPage(b, "adult", "new", {
        prefix: "2",
        firstName: "Lucía",
        middleName: "",
        lastName: "Vega",
        suffix: "",
        childRelationship: "2",
        preferredMethodOfContact: "2",
        bestTimeToContact: "Evenings",
        email: "lucia.vega@example.com",
        homePhoneNumber: "",
        workPhoneNumber: "410-555-0121",
        mobilePhoneNumber: "443-555-0122",
      }),
    calls: (b) => [
      {
        op: "createAdult",
        json: {
          referral: `/api/referrals/${b.r1.referral}`,
          prefix: "2",
          firstName: "Lucía",
          lastName: "Vega",
          childRelationship: "2",
          preferredMethodOfContact: "2",
          bestTimeToContact: "Evenings",
          email: "lucia.vega@example.com",
          workPhoneNumber: phone("410", "555", "0121"),
          mobilePhoneNumber: phone("443", "555", "0122"),
        },
      },
    ],
  },
  {
    action: "change a parent or guardian: a new e-mail and way of contact, the home phone cleared, the mobile changed",
    pages: ["guardian"],
    api: ["updateAdult"],
    caller: "rosa",
    page: (b) =>
      itemPage(b, "adult", b.adult1, {
        prefix: "",
        firstName: "Elena",
        middleName: "",
        lastName: "Núñez",
        suffix: "",
        childRelationship: "1",
        preferredMethodOfContact: "3",
        bestTimeToContact: "",
        email: "elena.n@example.com",
        homePhoneNumber: "",
        workPhoneNumber: "",
        mobilePhoneNumber: "443-555-0199",
      }),
    calls: (b) => [
      {
        op: "updateAdult",
        id: b.adult1,
        json: {
          preferredMethodOfContact: "3",
          email: "elena.n@example.com",
          homePhoneNumber: null,
          mobilePhoneNumber: phone("443", "555", "0199"),
        },
      },
    ],
  },
  removeItemRow("remove a parent or guardian", "adult", "deleteAdult"),

  // Documents (real multipart uploads)
  uploadRow("upload a supporting document", "Hearing screening results", "hearing.pdf"),
  uploadRow("upload a signed consent form", "Signed consent", "consent.pdf", { consent: true }),
  {
    action: "change a document's description",
    pages: ["document"],
    api: ["updateReferralDocument"],
    caller: "rosa",
    page: (b) =>
      itemPage(b, "document", b.document1, { from: "documents", description: "Audiology report, both ears" }),
    calls: (b) => [
      { op: "updateReferralDocument", id: b.document1, json: { description: "Audiology report, both ears" } },
    ],
  },
  removeItemRow("delete a document and its file", "document", "deleteReferralDocument"),

  // Send, copy, delete
  referralRow("send a complete Draft, which mails its referrer (R69, R86)", ["review#submit"], "submitReferral", "r2"),
  referralRow(
    "copy a Draft with its answers and guardians, not its documents (R71)",
    ["review#copy", "drafts#copy"],
    "copyReferral",
    "r2",
  ),
  referralRow("copy a sent referral", ["submitted#copy", "review#copy"], "copyReferral", "r3"),
  referralRow(
    "delete a Draft with its guardian and document",
    ["review#delete", "drafts#delete", "submitted#delete"],
    "deleteReferral",
    "r1",
  ),

  // Profile and address book
  {
    action:
      "change one's profile: a middle name, the kind of referrer, the language, the home phone cleared and a work phone",
    pages: ["profile"],
    api: ["updateUser"],
    caller: "rosa",
    page: (b) =>
      profilePage(b.rosa, {
        middleName: "Isabel",
        reference: "6",
        primaryLanguage: "sp",
        homePhoneNumber: "",
        workPhoneNumber: "410-555-0102",
      }),
    calls: (b) => [
      {
        op: "updateUser",
        id: b.rosa.id,
        json: {
          middleName: "Isabel",
          reference: "6",
          primaryLanguage: "sp",
          homePhoneNumber: null,
          workPhoneNumber: phone("410", "555", "0102"),
        },
      },
    ],
  },
  {
    action:
      "change one's password, e-mail and first security question: every sign-in ends, this browser keeps a fresh one (R13, R14)",
    pages: ["profile"],
    api: ["updateUser"],
    caller: "rosa",
    page: (b) =>
      profilePage(b.rosa, {
        email: "rosa.n@example.com",
        newPassword: NEW_PASSWORD,
        securityQuestion1: "3",
        securityAnswer1: "Lincoln",
        currentPassword: PASSWORD,
      }),
    calls: (b) => [
      {
        op: "updateUser",
        id: b.rosa.id,
        json: {
          email: "rosa.n@example.com",
          plainPassword: NEW_PASSWORD,
          securityQuestion1: "3",
          securityAnswer1: "Lincoln",
          currentPassword: PASSWORD,
        },
      },
    ],
  },
  {
    action: "an administrator changes their own password, through the API with an API key",
    pages: ["profile"],
    api: ["updateUser"],
    caller: "admin",
    page: (b) =>
      profilePage(b.admin, {
        firstName: "Ana",
        lastName: "Admin",
        email: b.admin.email,
        homePhoneNumber: "",
        newPassword: NEW_PASSWORD,
        currentPassword: PASSWORD,
      }),
    calls: (b) => [
      { op: "updateUser", id: b.admin.id, json: { plainPassword: NEW_PASSWORD, currentPassword: PASSWORD } },
    ],
    differs: {
      why: "both end every sign-in of the account (R14), but only a browser is given a fresh session: an API key's caller has none to keep",
      adjust: (page) => forgetNewSessions(page),
    },
  },
  {
    action: "add an address to the address book",
    pages: ["addressBook"],
    api: ["createAddress"],
    caller: "rosa",
    page: (b) =>
      bookPage(b, "new", {
        line1: "42 Harbor Rd",
        city: "Annapolis",
        zip: "21401",
        county: "24003",
        nickname: "Office",
      }),
    calls: () => [
      {
        op: "createAddress",
        json: { line1: "42 Harbor Rd", city: "Annapolis", zip: "21401", county: "24003", nickname: "Office" },
      },
    ],
  },
  bookChangeRow("rename an address in the book: the same place, changed where it is (R17)", { nickname: "Our home" }),
  bookChangeRow("move an address in the book: another place, which replaces it (R17)", { line1: "102 Main St" }),
  {
    action: "delete an address from the book",
    pages: ["addressBook#delete"],
    api: ["deleteAddress"],
    caller: "rosa",
    page: (b) => bookPage(b, b.book, {}),
    calls: (b) => [{ op: "deleteAddress", id: b.book }],
  },

  // Administrators
  {
    action: "an administrator sends someone a reset link, mailed in their language (R89, R31)",
    pages: ["users#reset", "user#reset"],
    api: ["sendPasswordReset"],
    caller: "admin",
    page: (b, action) => userPage(action, b.tomas.id),
    calls: (b) => [{ op: "sendPasswordReset", id: b.tomas.id }],
  },
  {
    action: "an administrator sends someone a reset link, named by e-mail (R103)",
    pages: ["users#reset"],
    api: ["resetPassword"],
    caller: "admin",
    page: (b) => ({ url: "/app/users", params: {}, form: { user: String(b.tomas.id) } }),
    calls: (b) => [{ op: "resetPassword", query: { username: b.tomas.email } }],
  },
  userUpdateRow("an administrator deactivates someone, whose sign-ins all end (R90)", "deactivate", (b) => b.tomas.id, {
    locked: true,
  }),
  userUpdateRow("an administrator activates a deactivated account (R90)", "activate", (b) => b.lockedId, {
    locked: false,
  }),
  userUpdateRow(
    "an administrator activates, and so enables, an account not verified (R90)",
    "activate",
    (b) => b.unverifiedId,
    { enabled: true },
  ),
  userUpdateRow("an administrator promotes an eligible user (R91)", "promote", (b) => b.eligibleId, {
    roles: ["ROLE_USER", "ROLE_ADMIN"],
  }),
  {
    action: "a super administrator makes someone a local program's staff, whose sign-ins and keys end (R138)",
    pages: ["user#staffPrograms"],
    api: ["updateUser"],
    caller: "superAdmin",
    page: (b) => ({
      url: `/app/user/${b.staffCandidateId}`,
      params: { id: String(b.staffCandidateId) },
      form: { localPrograms: [String(b.programs.howard)] },
    }),
    calls: (b) => [{ op: "updateUser", id: b.staffCandidateId, json: { localPrograms: [b.programs.howard] } }],
  },
  {
    action: "a super administrator changes a local program's intake address, phone and staff domains (R136)",
    pages: ["localProgram"],
    api: ["updateLocalProgram"],
    caller: "superAdmin",
    page: (b) => ({
      url: `/app/local-programs/${b.programs.baltimoreCounty}`,
      params: { id: String(b.programs.baltimoreCounty) },
      form: { ...baltimoreCountyProgram, approvedDomains: "baltimorecountymd.gov, bcps.org" },
    }),
    calls: (b) => [
      {
        op: "updateLocalProgram",
        id: b.programs.baltimoreCounty,
        json: { ...baltimoreCountyProgram, approvedDomains: ["baltimorecountymd.gov", "bcps.org"] },
      },
    ],
  },
  {
    action: "an administrator moves a sent referral to another program, which is mailed at its intake address (R139)",
    pages: ["review#transfer"],
    api: ["transferReferral"],
    caller: "admin",
    page: (b) => ({
      ...reviewPage(b.r3),
      form: { toProgram: String(b.programs.howard), reason: "The family moved to Ellicott City." },
    }),
    calls: (b) => [
      {
        op: "transferReferral",
        id: b.r3.referral,
        json: { toProgram: b.programs.howard, reason: "The family moved to Ellicott City." },
      },
    ],
  },
  {
    action: "make the referral report (R96, R104)",
    pages: ["reports"],
    api: ["generateReferralReport"],
    caller: "admin",
    page: () => ({
      url: "/app/reports",
      params: {},
      form: { statuses: ["submitted", "received"], format: "csv", filename: "weekly", createdAfter: daysAgo(30) },
    }),
    calls: () => [
      {
        op: "generateReferralReport",
        json: { statuses: ["submitted", "received"], format: "csv", filename: "weekly", created_after: daysAgo(30) },
      },
    ],
  },
  {
    action: "make the user report (R96, R104)",
    pages: ["reports#user"],
    api: ["generateUserReport"],
    caller: "admin",
    page: () => ({ url: "/app/reports", params: {}, form: { format: "csv", filename: "", primaryLanguage: "sp" } }),
    calls: () => [{ op: "generateUserReport", json: { format: "csv", primary_language: "sp" } }],
  },

  // Signed out
  {
    action: "register, which mails the verification link (R1–R3)",
    pages: ["register"],
    api: ["registerUser"],
    caller: "anonymous",
    page: () => ({
      url: "/register",
      params: {},
      form: {
        firstName: "Inés",
        lastName: "Mora",
        reference: "6",
        email: "Ines@Example.com",
        password: PASSWORD,
        securityQuestion1: "1",
        securityQuestion2: "2",
        ...SECURITY_ANSWERS,
        primaryLanguage: "sp",
        mobilePhoneNumber: "443-555-0130",
        website: "",
      },
    }),
    calls: () => [
      {
        op: "registerUser",
        json: {
          firstName: "Inés",
          lastName: "Mora",
          reference: "6",
          email: "Ines@Example.com",
          plainPassword: PASSWORD,
          securityQuestion1: "1",
          securityQuestion2: "2",
          ...SECURITY_ANSWERS,
          primaryLanguage: "sp",
          mobilePhoneNumber: phone("443", "555", "0130"),
        },
      },
    ],
  },
  {
    action: "ask for a reset link (R8)",
    pages: ["forgotPassword"],
    api: ["forgotPassword"],
    caller: "anonymous",
    page: () => ({ url: "/forgot-password", params: {}, form: { email: "rosa@example.com", website: "" } }),
    calls: () => [{ op: "forgotPassword", json: { email: "rosa@example.com" } }],
  },
  resetLinkRow(
    "answer the security questions of a reset link (R9)",
    "resetPassword#answers",
    "answerSecurityQuestions",
    "unanswered",
    SECURITY_ANSWERS,
  ),
  resetLinkRow("set a new password through a reset link (R9, R10)", "resetPassword", "resetPassword", "answered", {
    plainPassword: NEW_PASSWORD,
  }),
];

// What a copy of the database holds, made comparable. Ids become their order of appearance in
// their table (a reference names the table and that order); the columns below are made, not
// given, and are replaced narrowly: times by "<time>", random secrets by "<new secret>" unless
// the set-up made them (then by the set-up's name for them, so a kept hash reads as kept).

const TIMES: Record<string, string[]> = {
  users: ["last_login", "status_updated_at", "created_at", "updated_at"],
  phone_numbers: ["created_at"],
  addresses: ["created_at", "updated_at"],
  children: ["created_at", "updated_at"],
  referrals: ["created_at", "updated_at", "submission_date", "status_updated_at", "opened_at"],
  adults: ["created_at", "updated_at"],
  referral_documents: ["created_at", "updated_at"],
  sessions: ["created_at", "last_seen_at", "expires_at"],
  password_reset_tokens: ["created_at", "expires_at", "used_at", "answers_verified_at"],
  email_verifications: ["created_at", "expires_at", "used_at"],
  review_tokens: ["created_at", "expires_at", "revoked_at"],
  api_keys: ["created_at", "expires_at", "last_used_at", "revoked_at"],
  referral_status_history: ["changed_at"],
  referral_figures: ["submitted_at", "first_change_at"],
  local_programs: ["updated_at"],
  referral_transfers: ["transferred_at"],
  generated_reports: ["created_at"],
  audit_events: ["at"],
  security_events: ["at"],
  rate_limits: ["window_ends_at"],
};

/**
 * Columns that say which door an event came through (a page, the API, the key it was called with, the address): the
 * records of access and of security name the door, so they differ by it, and only by it.
 */
const DOORS: Record<string, string[]> = {
  audit_events: ["channel", "api_key_id"],
  security_events: ["api_key_id", "address"],
};

const SECRETS: Record<string, string[]> = {
  users: ["password_hash", "security_answer1_hash", "security_answer2_hash"],
  sessions: ["id_hash"],
  password_reset_tokens: ["token_hash"],
  email_verifications: ["token_hash"],
  review_tokens: ["token_hash"],
  api_keys: ["key_hash", "key_start"],
  // The random name of an uploaded file under DATA_DIR/uploads (the files are compared by content).
  referral_documents: ["file_path"],
};

/** Made-up parts of a value: a report's file name ends in random letters so that two never meet. */
const RANDOM_PARTS: Record<string, Record<string, RegExp>> = {
  generated_reports: { file_name: /-[0-9a-f]{8}(?=\.(csv|xlsx)$)/ },
};
const REPORT_NAME_RANDOM = RANDOM_PARTS.generated_reports.file_name;

/** Ids no foreign key declares: an audit event's entity, by its type. */
const AUDITED_ENTITIES: Record<string, string> = { referral: "referrals", document: "referral_documents" };

function normalize(raw: Rows, schema: Schema, setUpSecrets: Map<unknown, string>): Rows {
  const order = new Map<string, Map<unknown, number>>();
  for (const table of schema.withId) {
    const ids = raw[table].map((row) => Number(row.id)).sort((a, b) => a - b);
    order.set(table, new Map(ids.map((id, index) => [id, index + 1])));
  }
  const ref = (table: string, value: unknown) =>
    value === null ? null : `${table}#${order.get(table)?.get(Number(value)) ?? "missing"}`;
  const tables: Rows = {};
  for (const table of schema.tables) {
    const rows = raw[table].map((original) => {
      const row = { ...original };
      if (schema.withId.has(table)) row.id = ref(table, row.id);
      for (const { column, table: target } of schema.references[table]) row[column] = ref(target, row[column]);
      if (table === "audit_events" && AUDITED_ENTITIES[String(row.entity_type)])
        row.entity_id = ref(AUDITED_ENTITIES[String(row.entity_type)], row.entity_id);
      for (const column of TIMES[table] ?? []) if (row[column] !== null) row[column] = "<time>";
      for (const column of DOORS[table] ?? []) row[column] = "<door>";
      for (const column of SECRETS[table] ?? [])
        if (row[column] !== null) row[column] = setUpSecrets.get(row[column]) ?? "<new secret>";
      for (const [column, random] of Object.entries(RANDOM_PARTS[table] ?? {}))
        if (typeof row[column] === "string") row[column] = row[column].replace(random, "-<random>");
      return row;
    });
    // Rows without an id have no order of their own (a referral's races, the sessions): sorted by content.
    tables[table] = schema.withId.has(table)
      ? rows
      : rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return tables;
}

function hashOf(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
}

/** The files of a folder by size and content, and by name as `name` gives it (null: not by name). */
function filesIn(dir: string, name: (file: string) => string | null): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) =>
      `${name(file) ?? ""} ${readFileSync(path.join(dir, file)).length} bytes ${hashOf(path.join(dir, file))}`.trim(),
    )
    .sort();
}

async function snapshot(db: DB, dir: string): Promise<Snapshot> {
  return {
    tables: normalize(await readRows(db, context.schema), context.schema, context.setUpSecrets),
    mail: readOutbox(path.join(dir, "outbox"))
      .map((mail) => `to ${mail.to} in ${mail.language}: ${mail.subject}`)
      .sort(),
    // Uploads are kept under random names; a report's name ends in random letters.
    uploads: filesIn(path.join(dir, "uploads"), () => null),
    reports: filesIn(path.join(dir, "reports"), (file) => file.replace(REPORT_NAME_RANDOM, "-<random>")),
  };
}

/** What one snapshot holds and the other does not, one line each, table by table. */
function differences(page: Snapshot, api: Snapshot): string[] {
  const lines: string[] = [];
  const compare = (what: string, left: string[], right: string[]) => {
    const rest = [...right];
    for (const item of left) {
      const at = rest.indexOf(item);
      if (at >= 0) rest.splice(at, 1);
      else lines.push(`${what}, only through the page: ${item}`);
    }
    for (const item of rest) lines.push(`${what}, only through the API: ${item}`);
  };
  for (const table of new Set([...Object.keys(page.tables), ...Object.keys(api.tables)])) {
    const [left, right] = [page.tables[table] ?? [], api.tables[table] ?? []];
    if (!context.schema.withId.has(table)) {
      compare(
        table,
        left.map((row) => JSON.stringify(row)),
        right.map((row) => JSON.stringify(row)),
      );
      continue;
    }
    // A row both have: the columns that differ, by name.
    const theirs = new Map(right.map((row) => [row.id, row]));
    for (const row of left) {
      const other = theirs.get(row.id);
      theirs.delete(row.id);
      if (!other) lines.push(`${table}, only through the page: ${JSON.stringify(row)}`);
      else {
        for (const column of Object.keys(row)) {
          const [mine, its] = [JSON.stringify(row[column]), JSON.stringify(other[column])];
          if (mine !== its) lines.push(`${row.id}.${column}: ${mine} through the page, ${its} through the API`);
        }
      }
    }
    for (const row of theirs.values()) lines.push(`${table}, only through the API: ${JSON.stringify(row)}`);
  }
  compare("mail", page.mail, api.mail);
  compare("uploads", page.uploads, api.uploads);
  compare("reports", page.reports, api.reports);
  return lines;
}

// Differences every API call makes, whatever it does, and which the pages have no counterpart of.

/** The API limits each caller's calls (R107), in rows of its own; the pages have no such limit. */
function forgetApiRateLimit(api: Snapshot) {
  api.tables.rate_limits = api.tables.rate_limits.filter((row) => row.bucket !== "api");
}

/** An administrator calls with an API key, which notes when it was last used (R101); a page uses no key. */
function forgetApiKeyUse(api: Snapshot) {
  for (const key of api.tables.api_keys) {
    const before = context.setUp.tables.api_keys.find((row) => row.id === key.id);
    if (before && key.key_hash === context.apiKeyHash) key.last_used_at = before.last_used_at;
  }
}

/** The sessions made by the action itself (the set-up's have their own names). */
function forgetNewSessions(snapshot: Snapshot) {
  snapshot.tables.sessions = snapshot.tables.sessions.filter((row) => row.id_hash !== "<new secret>");
}

// Making the requests

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

function authHeaders(caller: Caller, door: "page" | "api"): Record<string, string> {
  if (caller === "anonymous") return {};
  if (caller === "admin" && door === "api") return { Authorization: `Bearer ${context.base.apiKey}` };
  return { Cookie: context.base.cookies[caller] };
}

const OPERATIONS = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));

/** One API call, dispatched as its route does: the operations of its path, chosen by method. */
async function callApi(db: DB, step: ApiStep, headers: Record<string, string>): Promise<Response> {
  const op = OPERATIONS.get(step.op);
  if (!op) throw new Error(`no API operation ${step.op}`);
  const url = new URL(op.path.replace("{id}", String(step.id ?? "")), ORIGIN);
  for (const [name, value] of Object.entries(step.query ?? {})) url.searchParams.set(name, value);
  let body: BodyInit | undefined;
  const sent = new Headers(headers);
  if (step.multipart) body = multipartForm(step.multipart);
  else if (step.json !== undefined) {
    body = JSON.stringify(step.json);
    sent.set("Content-Type", "application/json");
  }
  const request = new Request(url, { method: op.method, headers: sent, body });
  const sharingPath = API_OPERATIONS.filter((candidate) => candidate.path === op.path);
  return handle(db, sharingPath, request, step.id === undefined ? {} : { id: String(step.id) }, IP);
}

async function expectDone(response: Response, what: string): Promise<void> {
  const location = response.headers.get("Location") ?? "";
  // A page that is not signed in, or whose session ended, is sent to sign in with redirectTo.
  if (response.status >= 400 || /[?&](redirectTo|expired)=/.test(location)) {
    throw new Error(`${what} answered ${response.status} ${location} ${await response.text()}`);
  }
}

async function throughApi(db: DB, row: ParityRow, base: Base): Promise<void> {
  const answers: Array<Record<string, unknown>> = [];
  const steps = row.calls(base);
  expect(steps.length, `${row.action}: the calls made`).toBe(row.api.length);
  for (const [index, make] of steps.entries()) {
    const step = typeof make === "function" ? make(answers) : make;
    expect(step.op).toBe(row.api[index]);
    const response = await callApi(db, step, authHeaders(row.caller, "api"));
    await expectDone(response.clone(), `${step.op}`);
    answers.push(response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>));
  }
}

type ActionModule = { action: (args: ActionFunctionArgs) => Promise<Response> | Response };

async function throughPage(db: DB, row: ParityRow, action: PageAction, base: Base): Promise<void> {
  const [module, intent] = action.split("#") as [PageModule, string | undefined];
  const { url, params, form } = row.page(base, action);
  let body: FormData | URLSearchParams;
  if (form instanceof FormData) body = form;
  else {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  }
  if (intent) body.set("intent", intent);
  const request = new Request(new URL(url, ORIGIN), { method: "POST", headers: authHeaders(row.caller, "page"), body });
  const { action: run } = (await import(/* @vite-ignore */ path.join(APP, PAGE_MODULES[module]))) as ActionModule;
  let response: Response;
  try {
    response = await run({ request, params, context: { db, clientIp: IP } });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  await expectDone(response, action);
}

/** Runs `work` on a fresh copy of the set-up (database and uploads) and says what it left. */
async function inFreshCopy(work: (db: DB) => Promise<void>): Promise<Snapshot> {
  const copy = await copyTestDatabase(context.template);
  try {
    const db = await openDataDir(copy);
    await work(db);
    // What a door does after its answer (the mail of "forgot password") is part of what it leaves.
    await workAfterAnswers();
    return await snapshot(db, copy.dir);
  } finally {
    await closeDataDir();
    await copy.close();
  }
}

// The set-up, made once into a template folder that every run copies

async function apiAs(db: DB, cookie: string, step: ApiStep): Promise<Record<string, unknown>> {
  const response = await callApi(db, step, { Cookie: cookie });
  await expectDone(response.clone(), `setting up: ${step.op}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

/** Every answer of a referral, so that it can be sent. */
const COMPLETE = {
  referrerRelationship: "1",
  referrerFirstName: "Rosa",
  referrerLastName: "Núñez",
  referrerPhoneNumber: phone("410", "555", "0101"),
  gender: "1",
  races: ["2106-3"],
  isHispanicChild: "no",
  primaryLanguage: "1",
  address: { line1: "300 Elm St", city: "Baltimore", zip: "21201", county: "24510" },
  gestationalAgeInDays: 273,
  familyPrimaryLanguage: "1",
  familyNeedsInterpreter: "no",
  childInFosterCare: "no",
  referralReasons: { RefReasons_ConcernsDevelopmental: ["1"] },
  additionalDetails: "Few words at 18 months.",
  childParentConsent: 1,
};

async function buildBase(db: DB): Promise<Base> {
  const rosa = await addRegisteredPerson(db, "rosa@example.com", {
    password: PASSWORD,
    homePhoneNumber: phone("410", "555", "0101"),
  });
  const admin = await addRegisteredPerson(db, "ana@maryland.gov", {
    password: PASSWORD,
    admin: true,
    firstName: "Ana",
    lastName: "Admin",
  });
  const tomas = await addRegisteredPerson(db, "tomas@example.com", {
    password: PASSWORD,
    firstName: "Tomás",
    lastName: "Vega",
    primaryLanguage: "sp",
  });
  await addRegisteredPerson(db, "lucia@example.com", { password: PASSWORD, firstName: "Lucía" });
  await addRegisteredPerson(db, "marta@example.com", { password: PASSWORD, firstName: "Marta", primaryLanguage: "sp" });
  const lockedId = (await addRegisteredPerson(db, "pablo@example.com", { password: PASSWORD, firstName: "Pablo" })).id;
  await db.updateTable("users").set({ locked: 1 }).where("id", "=", lockedId).execute();
  const unverifiedId = (await addRegisteredPerson(db, "olga@example.com", { password: PASSWORD, firstName: "Olga" }))
    .id;
  await db.updateTable("users").set({ enabled: 0 }).where("id", "=", unverifiedId).execute();
  const eligibleId = (await addRegisteredPerson(db, "clara@maryland.gov", { password: PASSWORD, firstName: "Clara" }))
    .id;
  await db.updateTable("users").set({ last_login: new Date().toISOString() }).where("id", "=", eligibleId).execute();
  const superAdmin = await addRegisteredPerson(db, "sara@maryland.gov", {
    password: PASSWORD,
    admin: true,
    firstName: "Sara",
    lastName: "Super",
  });
  await db.insertInto("user_roles").values({ user_id: superAdmin.id, role: "ROLE_SUPER_ADMIN" }).execute();
  // The local programs (R136): Howard County's approves its county's domain for its staff and has an intake address.
  const programIds = new Map(
    (await db.selectFrom("local_programs").select(["id", "jurisdiction"]).execute()).map((program) => [
      program.jurisdiction,
      program.id,
    ]),
  );
  const programs = {
    baltimoreCity: programIds.get("24510")!,
    baltimoreCounty: programIds.get("24005")!,
    howard: programIds.get("24027")!,
  };
  await db
    .updateTable("local_programs")
    .set({ approved_domains: "howardcountymd.gov", intake_email: "intake@howardcountymd.gov" })
    .where("id", "=", programs.howard)
    .execute();
  const staffCandidateId = (
    await addRegisteredPerson(db, "nora@howardcountymd.gov", { password: PASSWORD, firstName: "Nora" })
  ).id;

  // Each signed in twice (this browser and another device), so that "every sign-in ends" shows.
  const cookies = {
    rosa: cookieOf(await createSession(db, rosa.id)),
    admin: cookieOf(await createSession(db, admin.id)),
    superAdmin: cookieOf(await createSession(db, superAdmin.id)),
  };
  await createSession(db, rosa.id);
  await createSession(db, admin.id);
  await createSession(db, tomas.id);
  await createSession(db, staffCandidateId);
  const { key: apiKey } = await insertApiKey(db, admin.id, { name: "county warehouse" });
  const unanswered = (await requestPasswordReset(db, "lucia@example.com"))!.token;
  const answered = (await requestPasswordReset(db, "marta@example.com"))!.token;
  await answerSecurityQuestions(db, answered, SECURITY_ANSWERS.securityAnswer1, SECURITY_ANSWERS.securityAnswer2);

  const as = (step: ApiStep) => apiAs(db, cookies.rosa, step);
  const book = Number(
    (
      await as({
        op: "createAddress",
        json: { line1: "100 Main St", city: "Baltimore", zip: "21201", county: "24510", nickname: "Home" },
      })
    ).id,
  );
  const childBirthdate = daysAgo(400);
  const referralFor = async (firstName: string, birthdate: string): Promise<WizardIds> => {
    const child = await as({
      op: "createChild",
      json: { birthdate, stateOfResidence: "21", firstName, lastName: "Núñez" },
    });
    const referral = await as({ op: "createReferral", json: { child: child["@id"] } });
    return { child: Number(child.id), referral: Number(referral.id), user: rosa.id };
  };
  const guardian = (ids: WizardIds) =>
    as({
      op: "createAdult",
      json: {
        referral: `/api/referrals/${ids.referral}`,
        firstName: "Elena",
        lastName: "Núñez",
        childRelationship: "1",
        email: "elena@example.com",
        homePhoneNumber: phone("410", "555", "0111"),
        mobilePhoneNumber: phone("443", "555", "0112"),
      },
    });
  const upload = (ids: WizardIds, description: string, isConsent: boolean) =>
    as({
      op: "addReferralDocument",
      id: ids.referral,
      multipart: { description, isConsent: String(isConsent), file: pdf(`${description}.pdf`) },
    });

  const r1 = await referralFor("Mateo", childBirthdate);
  await as({
    op: "updateReferral",
    id: r1.referral,
    json: {
      referrerRelationship: "5",
      familyApproval: "yes",
      referrerFirstName: "Rosa",
      referrerLastName: "Núñez",
      gender: "1",
      races: ["2106-3"],
      isHispanicChild: "no",
      referralReasons: { RefReasons_ConcernsDevelopmental: ["2"] },
    },
  });
  const adult1 = Number((await guardian(r1)).id);
  const document1 = Number((await upload(r1, "Audiology report", false)).id);

  const r2 = await referralFor("Sofía", daysAgo(500));
  await as({ op: "updateReferral", id: r2.referral, json: COMPLETE });
  await guardian(r2);
  await upload(r2, "Signed consent", true);

  const r3 = await referralFor("Leo", daysAgo(600));
  await as({ op: "updateReferral", id: r3.referral, json: COMPLETE });
  await guardian(r3);
  await upload(r3, "Signed consent", true);
  await as({ op: "submitReferral", id: r3.referral });

  // Every row starts with no calls counted yet, and with an empty outbox (the set-up's mail is not copied).
  await db.deleteFrom("rate_limits").execute();
  return {
    rosa,
    admin,
    superAdmin,
    tomas,
    lockedId,
    unverifiedId,
    eligibleId,
    staffCandidateId,
    programs,
    cookies,
    apiKey,
    resetTokens: { unanswered, answered },
    book,
    childBirthdate,
    r1,
    adult1,
    document1,
    r2,
    r3,
  };
}

const context = {} as {
  template: Awaited<ReturnType<typeof makeTemplateDir>>;
  base: Base;
  schema: Schema;
  setUpSecrets: Map<unknown, string>;
  apiKeyHash: unknown;
  setUp: Snapshot;
};

beforeAll(async () => {
  // One secret for every data folder, so that the set-up's session cookies are read in each copy.
  process.env.SESSION_SECRET = "parity-test-secret-".padEnd(48, "x");
  // The approved administrators' domain, so that promotion has someone to promote (R91).
  process.env.ADMIN_EMAIL_DOMAINS = "maryland.gov";
  context.template = await makeTemplateDir();
  const db = await openDataDir(context.template);
  context.base = await buildBase(db);
  context.schema = await readSchema(db);
  const raw = await readRows(db, context.schema);
  context.setUpSecrets = new Map();
  for (const [table, columns] of Object.entries(SECRETS)) {
    for (const column of columns) {
      for (const row of raw[table])
        if (row[column] !== null)
          context.setUpSecrets.set(row[column], `<set-up ${table}.${column} ${context.setUpSecrets.size + 1}>`);
    }
  }
  context.apiKeyHash = context.setUpSecrets.get(raw.api_keys[0].key_hash);
  await settleForCopies(db);
  await closeDataDir();
  context.setUp = await inFreshCopy(async () => undefined);
}, 60_000);

afterAll(async () => {
  await closeDataDir();
  await context.template?.close();
});

describe("the set-up", () => {
  it("normalizes only columns that exist", () => {
    for (const [table, columns] of [...Object.entries(TIMES), ...Object.entries(SECRETS)]) {
      for (const column of columns) expect(context.schema.columns[table], `${table}.${column}`).toContain(column);
    }
  });
});

describe("every action gives the same result through its page and through the JSON API", () => {
  for (const row of ROWS) {
    it(`${row.action}: ${row.pages.join(", ")} ↔ ${row.api.join(" + ")}`, async () => {
      const { base } = context;
      const api = await inFreshCopy((db) => throughApi(db, row, base));
      forgetApiRateLimit(api);
      if (row.caller === "admin") forgetApiKeyUse(api);
      for (const action of row.pages) {
        const page = await inFreshCopy((db) => throughPage(db, row, action, base));
        expect(differences(context.setUp, page), `${action} changed nothing`).not.toEqual([]);
        const apiSide = structuredClone(api);
        row.differs?.adjust(page, apiSide);
        expect(differences(page, apiSide), `${action} ↔ ${row.api.join(" + ")}`).toEqual([]);
      }
    });
  }
});

// Finding every action of both doors

/** Each page route that takes a form post (an exported action), as its file under app/. */
async function pageActionFiles(): Promise<string[]> {
  // readConfig reads remix.config.js (its routes, if it ever defines some, as well as app/routes)
  // and warns about future flags on stderr.
  const quiet = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const { readConfig } = await import("@remix-run/dev/dist/config.js");
  const config = await readConfig(ROOT).finally(() => quiet.mockRestore());
  const urlOf = (id: string): string => {
    const route = config.routes[id];
    return route.parentId ? `${urlOf(route.parentId)}/${route.path ?? ""}` : (route.path ?? "");
  };
  const hasAction =
    /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s+const\s*\{[^}]*\baction\b[^}]*\}\s*=/;
  return Object.values(config.routes)
    .filter((route) => {
      const source = readFileSync(path.join(APP, route.file), "utf8");
      // The JSON API's own routes (apiRoute, and whatever answers under /api) are the other door.
      const api = /\bapiRoute\(/.test(source) || /^\/*api(\/|$)/.test(urlOf(route.id));
      return hasAction.test(source) && !api;
    })
    .map((route) => route.file)
    .sort();
}

/**
 * The intents a page's form may send: compared in its action, or in the page's server module it calls (beside its
 * components).
 */
function intentsOf(file: string): string[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  const shared = [...source.matchAll(/from\s+"~\/((?:components|wizard)\/[\w./-]+\.server)"/g)].map((match) =>
    readFileSync(path.join(APP, `${match[1]}.ts`), "utf8"),
  );
  // Compared one by one, or dispatched by a switch on the form's intent, as sent or as read (each case one intent).
  const intents = [source, ...shared].flatMap((text) => [
    ...[...text.matchAll(/\bintent"?\)?\s*===\s*"(\w+)"/g)].map((match) => match[1]),
    ...(/switch \((\w+\.get\("intent"\)|intent\))/.test(text)
      ? [...text.matchAll(/^\s*case "(\w+)":/gm)].map((match) => match[1])
      : []),
  ]);
  return [...new Set(intents)].sort();
}

/** Each of `existing` has rows or a reason in `only`, not both; each named in the rows or in `only` exists. */
function expectEachAccountedFor(
  existing: string[],
  inRows: Set<string>,
  only: Record<string, string>,
  says: { missing: string; unknown: string; both: string },
) {
  expect
    .soft(
      existing.filter((name) => !inRows.has(name) && !(name in only)),
      says.missing,
    )
    .toEqual([]);
  expect
    .soft(
      [...inRows, ...Object.keys(only)].filter((name) => !existing.includes(name)),
      says.unknown,
    )
    .toEqual([]);
  expect
    .soft(
      [...inRows].filter((name) => name in only),
      says.both,
    )
    .toEqual([]);
}

describe("the parity table", () => {
  it("has a row or a PAGE_ONLY reason for every page action", async () => {
    const files = await pageActionFiles();
    const moduleOf = new Map(Object.entries(PAGE_MODULES).map(([module, file]) => [file as string, module]));
    expect
      .soft(
        files.filter((file) => !moduleOf.has(file)),
        "page routes with an action that PAGE_MODULES does not name: name each there, then give its actions a row or a PAGE_ONLY reason",
      )
      .toEqual([]);
    expect
      .soft(
        Object.entries(PAGE_MODULES)
          .filter(([, file]) => !files.includes(file))
          .map(([module, file]) => `${module}: ${file}`),
        "PAGE_MODULES lines whose file is not (or no longer) a page route with an action",
      )
      .toEqual([]);

    const actions = files.flatMap((file) => {
      const module = moduleOf.get(file) ?? file;
      return [
        module,
        ...intentsOf(file)
          .filter((intent) => !(intent in NAVIGATION_INTENTS))
          .map((intent) => `${module}#${intent}`),
      ];
    });
    expectEachAccountedFor(actions, new Set<string>(ROWS.flatMap((row) => row.pages)), PAGE_ONLY, {
      missing: "page actions without a parity row or a PAGE_ONLY reason",
      unknown: "rows or PAGE_ONLY lines naming a page action that does not exist",
      both: "page actions both in a row and in PAGE_ONLY",
    });
  });

  it("has a row or an API_ONLY reason for every API call that changes something", () => {
    const mutating = API_OPERATIONS.filter((op) => op.method !== "GET").map((op) => op.operationId);
    expectEachAccountedFor(mutating, new Set(ROWS.flatMap((row) => row.api)), API_ONLY, {
      missing: "API operations (POST, PUT, DELETE) without a parity row or an API_ONLY reason",
      unknown: "rows or API_ONLY lines naming an operation that does not exist or only reads",
      both: "operations both in a row and in API_ONLY",
    });
  });
});
