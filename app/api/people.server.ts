import { z } from "zod";
import { json } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { register } from "~/models/account-flows.server";
import { createAddress, deleteAddress, getAddressById, listAddressBook, updateAddressById, type Address } from "~/models/address.server";
import { getUserForAdmin, listUsers, promoteUser, setUserActive, USER_LIST, type UserRow, type UserSort } from "~/models/admin-users.server";
import { createChild, deleteChild, getChild, listChildren, updateChild, type ChildRow, type ChildSort } from "~/models/child.server";
import { NotFoundError } from "~/models/errors";
import { mayEditProfile } from "~/models/policy";
import { createPhone, deletePhone, getPhone, listPhones, updatePhone, type PhoneRow } from "~/models/phone.server";
import { getProfile, updateProfile, type Profile } from "~/models/profile.server";
import { wizardIdsOf, wizardIdsOfPart } from "~/models/referral-record.server";
import { deleteAdult, readAdult, saveAdult } from "~/models/referral.server";
import { AddressSchema } from "~/schemas/address.server";
import { ChildNameSchema } from "~/schemas/child.server";
import { ProfileSchema, RegistrationSchema } from "~/schemas/account.server";
import { GuardianSchema } from "~/schemas/referral.server";
import { ApiError } from "./errors.server";
import { operation, type Context } from "./handler.server";
import { formatPhone, parsePhone } from "~/utils/phone";
import { idText, iri, listParameters, parseList, PhoneObject, phoneOut, presentOnly, reference, type ListShape } from "./shapes.server";
import { readable, readerOf } from "~/models/reads";
import type { CurrentUser } from "~/models/user.server";

// /api/children, /api/users, /api/addresses, /api/adults and /api/phone_numbers (docs/product-rules.md R100), each
// on the model functions of its pages and checked by the pages' own schemas.

const nullable = <T extends z.ZodTypeAny>(schema: T) => schema.nullable().optional();

/** Checks the merged record with the page's schema; field errors keep the API's names. */
function check<S extends z.ZodTypeAny>(schema: S, value: Record<string, unknown>, rename: Record<string, string> = {}): z.output<S> {
  const parsed = schema.safeParse(presentOnly(value));
  if (parsed.success) return parsed.data;
  const fields = Object.create(null) as Record<string, string[]>;
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "body");
    (fields[Object.hasOwn(rename, name) ? rename[name] : name] ??= []).push(issue.message);
  }
  throw new ApiError("invalid_input", { fields });
}

// Children

const CHILD_LIST_SHAPE: ListShape<ChildSort> = {
  sorts: { lastName: "name", birthdate: "birthdate", createdAt: "createdAt", updatedAt: "updatedAt" },
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  exact: { name: z.string().max(100), "createdBy.id": idText, createdBy: reference("users") },
  dates: { birthdate: "birthdate", createdAt: "createdAt" },
};

function childOut(child: ChildRow & { referrals?: Array<{ id: number }> }) {
  return {
    "@id": iri("children", child.id),
    id: child.id,
    prefix: child.prefix,
    firstName: child.firstName,
    middleName: child.middleName,
    lastName: child.lastName,
    suffix: child.suffix,
    birthdate: child.birthdate,
    stateOfResidence: child.stateOfResidence,
    createdAt: child.createdAt,
    updatedAt: child.updatedAt,
    createdBy: iri("users", child.createdById),
    ...(child.referrals ? { referrals: child.referrals.map((referral) => iri("referrals", referral.id)) } : {}),
  };
}

const ChildBody = z
  .object({
    prefix: nullable(z.string().max(20)),
    firstName: nullable(z.string().max(100)),
    middleName: nullable(z.string().max(100)),
    lastName: nullable(z.string().max(100)),
    suffix: nullable(z.string().max(20)),
    birthdate: nullable(z.string().max(10)),
    stateOfResidence: nullable(z.string().max(20)),
  })
  .strict();

export const childOperations = {
  list: operation({
    operationId: "listChildren",
    method: "GET",
    path: "/api/children",
    tag: "Children",
    access: "user",
    list: { params: listParameters(CHILD_LIST_SHAPE) },
    async run({ request, db, actor }) {
      const { query, exact } = parseList(new URL(request.url), CHILD_LIST_SHAPE);
      if (exact.name) query.text = { name: String(exact.name) };
      const { data, total } = await listChildren(db, actor, query, (exact["createdBy.id"] ?? exact.createdBy) as number | undefined);
      return { data: data.map((child) => childOut(child)), total };
    },
  }),
  create: operation({
    operationId: "createChild",
    method: "POST",
    path: "/api/children",
    tag: "Children",
    access: "referrer",
    body: ChildBody,
    creates: true,
    async run({ db, actor, body }) {
      const { id } = await createChild(db, actor, check(ChildNameSchema, body));
      return childOut(await getChild(db, actor, id));
    },
  }),
  get: operation({
    operationId: "getChild",
    method: "GET",
    path: "/api/children/{id}",
    tag: "Children",
    access: "user",
    async run({ db, actor, id }) {
      return childOut(await getChild(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateChild",
    method: "PUT",
    path: "/api/children/{id}",
    tag: "Children",
    access: "referrer",
    body: ChildBody,
    async run({ db, actor, id, body }) {
      const current = childOut(await getChild(db, actor, id));
      await updateChild(db, actor, id, check(ChildNameSchema, { ...current, ...body, id: undefined }));
      return childOut(await getChild(db, actor, id));
    },
  }),
  remove: operation({
    operationId: "deleteChild",
    method: "DELETE",
    path: "/api/children/{id}",
    tag: "Children",
    access: "referrer",
    async run({ db, actor, id }) {
      await deleteChild(db, actor, id);
    },
  }),
};

// Users

const USER_LIST_SHAPE: ListShape<UserSort> = {
  sorts: { lastName: "name", email: "email", reference: "reference", lastLogin: "lastLogin", locked: "status" },
  defaultSort: USER_LIST.defaultSort,
  defaultOrder: USER_LIST.defaultOrder,
  exact: { name: z.string().max(100), email: z.string().max(254), reference: z.string().max(20), locked: z.enum(["true", "false"]) },
  dates: { lastLogin: "lastLogin" },
};

function userRowOut(row: UserRow) {
  return {
    "@id": iri("users", row.id),
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.email,
    reference: row.reference,
    locked: row.locked,
    enabled: row.enabled,
    lastLogin: row.lastLogin,
    roles: row.isAdmin ? ["ROLE_ADMIN"] : [],
    hasReferrals: row.hasReferrals,
  };
}

/** An account as the API shows it to its reader (R131): the administrators' view of someone else's adds when and by whom it changed. */
function profileOut(profile: Profile, actor: CurrentUser, admin?: Awaited<ReturnType<typeof getUserForAdmin>>) {
  return readable("user", readerOf(actor, profile.id), {
    "@id": iri("users", profile.id),
    id: profile.id,
    email: profile.email,
    username: profile.email,
    prefix: profile.prefix || null,
    firstName: profile.firstName,
    middleName: profile.middleName || null,
    lastName: profile.lastName,
    suffix: profile.suffix || null,
    reference: profile.reference,
    primaryLanguage: profile.primaryLanguage,
    securityQuestion1: profile.securityQuestion1,
    securityQuestion2: profile.securityQuestion2,
    homePhoneNumber: parsePhone(profile.homePhoneNumber),
    workPhoneNumber: parsePhone(profile.workPhoneNumber),
    mobilePhoneNumber: parsePhone(profile.mobilePhoneNumber),
    roles: profile.roles,
    locked: profile.locked,
    enabled: profile.enabled,
    lastLogin: profile.lastLogin,
    updatedAt: profile.updatedAt,
    ...(admin ? { statusUpdatedAt: admin.status_updated_at, updatedBy: admin.updated_by, createdAt: admin.created_at } : {}),
  });
}

const personFields = {
  prefix: nullable(z.string().max(20)),
  firstName: nullable(z.string().max(100)),
  middleName: nullable(z.string().max(100)),
  lastName: nullable(z.string().max(100)),
  suffix: nullable(z.string().max(20)),
  reference: nullable(z.string().max(20)),
  email: nullable(z.string().max(254)),
  primaryLanguage: nullable(z.enum(["en", "sp"])),
  securityQuestion1: nullable(z.string().max(20)),
  securityAnswer1: nullable(z.string().max(100)),
  securityQuestion2: nullable(z.string().max(20)),
  securityAnswer2: nullable(z.string().max(100)),
  homePhoneNumber: nullable(PhoneObject),
  workPhoneNumber: nullable(PhoneObject),
  mobilePhoneNumber: nullable(PhoneObject),
  plainPassword: nullable(z.string().max(200)),
};
const phonesAsText = (body: { homePhoneNumber?: unknown; workPhoneNumber?: unknown; mobilePhoneNumber?: unknown }) => ({
  homePhoneNumber: formatPhone(body.homePhoneNumber as never),
  workPhoneNumber: formatPhone(body.workPhoneNumber as never),
  mobilePhoneNumber: formatPhone(body.mobilePhoneNumber as never),
});

const Registration = z.object({ ...personFields, captchaToken: nullable(z.string().max(4000)) }).strict();
/** What an administrator changes of someone else's account (docs/product-rules.md R90, R91), as the users list's actions do. */
const accountFields = {
  locked: z.boolean().optional().describe("Administrators, on someone else's account: true deactivates it, false activates it."),
  enabled: z.boolean().optional().describe("Administrators, on someone else's account: true activates an account not yet enabled (its e-mail not verified)."),
  roles: z
    .array(z.enum(["ROLE_USER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN"]))
    .max(3)
    .optional()
    .describe("Administrators, on someone else's account: adding ROLE_ADMIN promotes an eligible user; promotion is one-way."),
};
/** What GET /api/users/{id} gives that nobody changes: a record read and sent back whole may carry it; it is left aside. */
const readOnlyFields = {
  "@id": z.unknown().optional(),
  id: z.unknown().optional(),
  username: z.unknown().optional(),
  lastLogin: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  statusUpdatedAt: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  createdAt: z.unknown().optional(),
};
const ProfileBody = z.object({ ...personFields, ...accountFields, ...readOnlyFields, currentPassword: nullable(z.string().max(200)) }).strict();

/** A value as the API reads it back, to compare: an empty text is none, a phone is its 3-3-4 text. */
function asRead(value: unknown): unknown {
  if (value === "" || value === undefined) return null;
  if (value !== null && typeof value === "object") return "areaCode" in value ? formatPhone(value as never) : JSON.stringify(value);
  return value;
}

/**
 * The profile's fields a PUT changes: those sent with a value other than the account's (a record read and sent back
 * whole changes nothing it did not change), a new password, and a security answer given. The current password only
 * proves who asks; what the API shows but nobody changes is left aside.
 */
function profileChanges(read: Record<string, unknown>, body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((name) => {
    if (["locked", "enabled", "roles", "currentPassword"].includes(name) || Object.hasOwn(readOnlyFields, name)) return false;
    if (["plainPassword", "securityAnswer1", "securityAnswer2"].includes(name)) return asRead(body[name]) !== null;
    return asRead(body[name]) !== asRead(read[name]);
  });
}

/**
 * What the account fields of a PUT ask, set against the account as it is: nothing for a value that
 * does not change (a record read, changed and sent back whole), else activate, deactivate or promote.
 */
function accountChanges(current: Profile, asked: { locked?: boolean; enabled?: boolean; roles?: string[] }) {
  const fields: Record<string, string[]> = {};
  if (asked.enabled === false && current.enabled) fields.enabled = ["api:fields.enabledStays"];
  const isAdmin = current.roles.includes("ROLE_ADMIN");
  const askedRoles = asked.roles ?? current.roles;
  const removed = current.roles.filter((role) => !askedRoles.includes(role));
  if (removed.length || (askedRoles.includes("ROLE_SUPER_ADMIN") && !current.roles.includes("ROLE_SUPER_ADMIN"))) fields.roles = ["api:fields.rolesOneWay"];
  if (Object.keys(fields).length) throw new ApiError("invalid_input", { fields });
  let active: boolean | undefined;
  if (asked.locked === true && !current.locked) active = false;
  else if (asked.locked === false && current.locked) active = true;
  else if (asked.enabled === true && !current.enabled && asked.locked === undefined) active = true;
  return { active, promote: askedRoles.includes("ROLE_ADMIN") && !isAdmin };
}

export const userOperations = {
  list: operation({
    operationId: "listUsers",
    method: "GET",
    path: "/api/users",
    tag: "Users",
    access: "admin",
    list: { params: listParameters(USER_LIST_SHAPE) },
    async run({ request, db, actor }) {
      const { query, exact } = parseList(new URL(request.url), USER_LIST_SHAPE);
      const text: Record<string, string> = {};
      for (const name of ["name", "email", "reference"] as const) if (exact[name]) text[name] = String(exact[name]);
      // locked=false is every account not locked, its e-mail verified or not.
      if (exact.locked) text.status = exact.locked === "true" ? "inactive" : "unlocked";
      query.text = text;
      const { data, total } = await listUsers(db, actor, query, getConfig().ADMIN_EMAIL_DOMAINS);
      return { data: data.map(userRowOut), total };
    },
  }),
  create: operation({
    operationId: "registerUser",
    method: "POST",
    path: "/api/users",
    tag: "Users",
    access: "public",
    body: Registration,
    creates: true,
    async run({ db, body, clientIp }) {
      const input = check(
        RegistrationSchema,
        { ...body, password: body.plainPassword, plainPassword: undefined, ...phonesAsText(body) },
        { password: "plainPassword" },
      );
      const outcome = await register(db, input, clientIp);
      if (outcome.status === "rateLimited") throw new ApiError("rate_limited", { headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } });
      return { "@id": iri("users", outcome.id), id: outcome.id, email: input.email, enabled: false };
    },
  }),
  get: operation({
    operationId: "getUser",
    method: "GET",
    path: "/api/users/{id}",
    tag: "Users",
    access: "user",
    async run({ db, actor, id }) {
      const admin = actor.isAdmin && actor.id !== id ? await getUserForAdmin(db, actor, id) : undefined;
      return profileOut(await getProfile(db, actor, id), actor, admin);
    },
  }),
  update: operation({
    operationId: "updateUser",
    method: "PUT",
    path: "/api/users/{id}",
    tag: "Users",
    access: "user",
    body: ProfileBody,
    async run(context: Context<unknown, z.infer<typeof ProfileBody>>) {
      const { db, id, body } = context;
      const actor = context.actor;
      const current = await getProfile(db, actor, id);
      const admin = actor.isAdmin && actor.id !== id ? await getUserForAdmin(db, actor, id) : undefined;
      const { plainPassword, locked, enabled, roles } = body;
      // The profile's own fields, what the API shows but nobody changes left out.
      const rest = Object.fromEntries(
        Object.entries(body).filter(([name]) => !Object.hasOwn(readOnlyFields, name) && !["plainPassword", "locked", "enabled", "roles"].includes(name)),
      );
      const account = accountChanges(current, { locked, enabled, roles });
      const changed = profileChanges(profileOut(current, actor, admin), body);
      const changesProfile = changed.length > 0;
      // Refused before anything is written: the profile is its owner's only; an administrator changes only the state
      // of someone else's account (locked, enabled, roles), and is told which field is not theirs to change (403).
      if (changesProfile && !mayEditProfile(actor, id)) {
        if (!actor.isAdmin) throw new NotFoundError("user");
        throw new ApiError("forbidden", { fields: Object.fromEntries(changed.map((name) => [name, ["api:fields.notYours"]])) });
      }
      const domains = getConfig().ADMIN_EMAIL_DOMAINS;
      // The users list's own actions (docs/product-rules.md R90, R91): promote first, as the one that may be refused.
      if (account.promote) await promoteUser(db, actor, id, domains);
      if (account.active !== undefined) await setUserActive(db, actor, id, account.active);
      if (!changesProfile) return profileOut(await getProfile(db, actor, id), actor, admin && (await getUserForAdmin(db, actor, id)));
      const merged = {
        ...current,
        // null clears a field (as for the other records); the page's schema then says what may not be empty.
        ...Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, value ?? ""])),
        newPassword: plainPassword ?? undefined,
        homePhoneNumber: "homePhoneNumber" in body ? formatPhone(body.homePhoneNumber) : current.homePhoneNumber,
        workPhoneNumber: "workPhoneNumber" in body ? formatPhone(body.workPhoneNumber) : current.workPhoneNumber,
        mobilePhoneNumber: "mobilePhoneNumber" in body ? formatPhone(body.mobilePhoneNumber) : current.mobilePhoneNumber,
      };
      // A caller signed in by a session (not an API key) keeps a fresh one after a new password.
      const signedIn = !context.request.headers.has("Authorization");
      const change = await updateProfile(db, actor, id, check(ProfileSchema, merged, { newPassword: "plainPassword" }), { signedIn });
      const profile = profileOut(await getProfile(db, actor, id), actor);
      return change.session ? json(profile, { headers: { "Set-Cookie": change.session } }) : profile;
    },
  }),
};

// Addresses (the address book)

function addressOut(address: Address) {
  return {
    "@id": iri("addresses", address.id),
    id: address.id,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    zip: address.zip,
    nickname: address.nickname,
    addressBook: address.address_book === 1,
    state: address.state,
    county: address.county,
    createdBy: iri("users", address.created_by_id),
  };
}

const AddressBody = z
  .object({
    line1: nullable(z.string().max(100)),
    line2: nullable(z.string().max(100)),
    city: nullable(z.string().max(60)),
    zip: nullable(z.string().max(10)),
    nickname: nullable(z.string().max(60)),
    // false: an address outside the book, as a referral is sent with (docs/product-rules.md R18, R100).
    addressBook: z.boolean().optional(),
    // What GET gives that nobody changes: a record read and sent back whole may carry it; it is left aside.
    "@id": z.unknown().optional(),
    id: z.unknown().optional(),
    createdBy: z.unknown().optional(),
    state: z.literal("MD", { errorMap: () => ({ message: "validation.zipMaryland" }) }).optional(),
    county: nullable(z.string().max(20)),
  })
  .strict();

export const addressOperations = {
  list: operation({
    operationId: "listAddresses",
    method: "GET",
    path: "/api/addresses",
    tag: "Addresses",
    access: "user",
    query: z.object({ "createdBy.id": idText.optional() }).strict(),
    list: { params: [{ name: "createdBy.id", description: "Whose address book (administrators).", schema: { type: "integer" } }] },
    async run({ db, actor, query }) {
      const data = await listAddressBook(db, actor, query["createdBy.id"] ?? actor.id);
      return { data: data.map(addressOut), total: data.length };
    },
  }),
  create: operation({
    operationId: "createAddress",
    method: "POST",
    path: "/api/addresses",
    tag: "Addresses",
    access: "referrer",
    body: AddressBody,
    creates: true,
    async run({ db, actor, body }) {
      return addressOut(await createAddress(db, actor, check(AddressSchema, body), body.addressBook !== false));
    },
  }),
  get: operation({
    operationId: "getAddress",
    method: "GET",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "user",
    async run({ db, actor, id }) {
      return addressOut(await getAddressById(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updateAddress",
    method: "PUT",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "referrer",
    body: AddressBody,
    async run({ db, actor, id, body }) {
      // Only the asker's own addresses change (404 for anyone else's), a book's as the page saves them.
      const current = addressOut(await getAddressById(db, actor, id));
      // An address stays in the book or out of it: sent back as it is, addressBook is no change.
      if (body.addressBook !== undefined && body.addressBook !== current.addressBook)
        throw new ApiError("invalid_input", { fields: { addressBook: ["api:fields.addressBook"] } });
      return addressOut(await updateAddressById(db, actor, id, check(AddressSchema, { ...current, ...body })));
    },
  }),
  remove: operation({
    operationId: "deleteAddress",
    method: "DELETE",
    path: "/api/addresses/{id}",
    tag: "Addresses",
    access: "referrer",
    async run({ db, actor, id }) {
      await deleteAddress(db, actor, actor.id, id);
    },
  }),
};

// Adults (parents and guardians of a referral)

const AdultBody = z
  .object({
    referral: reference("referrals").optional(),
    prefix: nullable(z.string().max(20)),
    firstName: nullable(z.string().max(100)),
    middleName: nullable(z.string().max(100)),
    lastName: nullable(z.string().max(100)),
    suffix: nullable(z.string().max(20)),
    childRelationship: nullable(z.string().max(20)),
    preferredMethodOfContact: nullable(z.string().max(20)),
    bestTimeToContact: nullable(z.string().max(100)),
    email: nullable(z.string().max(254)),
    homePhoneNumber: nullable(PhoneObject),
    workPhoneNumber: nullable(PhoneObject),
    mobilePhoneNumber: nullable(PhoneObject),
  })
  .strict();
type AdultBodyValue = z.infer<typeof AdultBody>;

async function adultOut(context: Context<unknown, unknown>, id: number) {
  const { row, phones } = await readAdult(context.db, context.actor, id);
  return {
    "@id": iri("adults", row.id),
    id: row.id,
    referral: iri("referrals", row.referral_id),
    prefix: row.prefix,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    suffix: row.suffix,
    childRelationship: row.child_relationship,
    preferredMethodOfContact: row.preferred_method_of_contact,
    bestTimeToContact: row.best_time_to_contact,
    email: row.email,
    homePhoneNumber: phoneOut(phones.home, phones.home?.id),
    workPhoneNumber: phoneOut(phones.work, phones.work?.id),
    mobilePhoneNumber: phoneOut(phones.mobile, phones.mobile?.id),
  };
}

function adultInput(value: AdultBodyValue) {
  const checked = check(GuardianSchema, { ...value, referral: undefined, ...phonesAsText(value) });
  return {
    ...checked,
    homePhoneNumber: checked.homePhoneNumber ?? null,
    workPhoneNumber: checked.workPhoneNumber ?? null,
    mobilePhoneNumber: checked.mobilePhoneNumber ?? null,
  };
}

export const adultOperations = {
  create: operation({
    operationId: "createAdult",
    method: "POST",
    path: "/api/adults",
    tag: "Adults",
    access: "user",
    body: AdultBody,
    creates: true,
    async run(context) {
      const { db, body } = context;
      if (body.referral === undefined) throw new ApiError("invalid_input", { fields: { referral: ["api:fields.required"] } });
      const ids = await wizardIdsOf(db, context.actor, body.referral);
      const { id } = await saveAdult(db, context.actor, ids, null, adultInput(body));
      return adultOut(context, id);
    },
  }),
  get: operation({
    operationId: "getAdult",
    method: "GET",
    path: "/api/adults/{id}",
    tag: "Adults",
    access: "user",
    async run(context) {
      return adultOut(context, context.id);
    },
  }),
  update: operation({
    operationId: "updateAdult",
    method: "PUT",
    path: "/api/adults/{id}",
    tag: "Adults",
    access: "user",
    body: AdultBody,
    async run(context) {
      const { db, id, body } = context;
      const ids = await wizardIdsOfPart(db, context.actor, "adults", id);
      if (body.referral !== undefined && body.referral !== ids.referral) throw new ApiError("invalid_input", { fields: { referral: ["api:fields.readOnly"] } });
      const current = await adultOut(context, id);
      const merged = { ...current, "@id": undefined, id: undefined, referral: undefined, ...body } as AdultBodyValue;
      await saveAdult(db, context.actor, ids, id, adultInput(merged));
      return adultOut(context, id);
    },
  }),
  remove: operation({
    operationId: "deleteAdult",
    method: "DELETE",
    path: "/api/adults/{id}",
    tag: "Adults",
    access: "user",
    async run({ db, actor, id }) {
      const ids = await wizardIdsOfPart(db, actor, "adults", id);
      await deleteAdult(db, actor, ids, id);
    },
  }),
};

// Phone numbers

const phoneRowOut = (row: PhoneRow) => ({
  "@id": iri("phone_numbers", row.id),
  id: row.id,
  areaCode: row.areaCode,
  prefix: row.prefix,
  suffix: row.suffix,
  createdBy: iri("users", row.createdById),
  createdAt: row.createdAt,
});

export const phoneOperations = {
  list: operation({
    operationId: "listPhoneNumbers",
    method: "GET",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    list: { params: listParameters({ sorts: {}, defaultSort: "id", defaultOrder: "asc", exact: { "createdBy.id": idText }, dates: {} }) },
    async run({ request, db, actor }) {
      const { query, exact } = parseList(new URL(request.url), {
        sorts: {},
        defaultSort: "id",
        defaultOrder: "asc",
        exact: { "createdBy.id": idText },
        dates: {},
      });
      const { data, total } = await listPhones(db, actor, { page: query.page, count: query.count, ownerId: exact["createdBy.id"] as number | undefined });
      return { data: data.map(phoneRowOut), total };
    },
  }),
  create: operation({
    operationId: "createPhoneNumber",
    method: "POST",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject,
    creates: true,
    async run({ db, actor, body }) {
      return phoneRowOut(await getPhone(db, actor, await createPhone(db, actor, body)));
    },
  }),
  get: operation({
    operationId: "getPhoneNumber",
    method: "GET",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    async run({ db, actor, id }) {
      return phoneRowOut(await getPhone(db, actor, id));
    },
  }),
  // PUT on the collection (docs/product-rules.md R100): the phone number named by the body's id, as PUT /api/phone_numbers/{id}.
  updateNamed: operation({
    operationId: "updatePhoneNumberById",
    method: "PUT",
    path: "/api/phone_numbers",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject.extend({ id: z.number().int().positive() }),
    async run({ db, actor, body: { id, ...parts } }) {
      await updatePhone(db, actor, id, parts);
      return phoneRowOut(await getPhone(db, actor, id));
    },
  }),
  update: operation({
    operationId: "updatePhoneNumber",
    method: "PUT",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    body: PhoneObject,
    async run({ db, actor, id, body }) {
      await updatePhone(db, actor, id, body);
      return phoneRowOut(await getPhone(db, actor, id));
    },
  }),
  remove: operation({
    operationId: "deletePhoneNumber",
    method: "DELETE",
    path: "/api/phone_numbers/{id}",
    tag: "Phone numbers",
    access: "user",
    async run({ db, actor, id }) {
      await deletePhone(db, actor, id);
    },
  }),
};
