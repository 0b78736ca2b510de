import { z } from "zod";
import { json } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { register } from "~/models/account-flows.server";
import { getUserForAdmin } from "~/models/admin-users.server";
import { listUsers, USER_LIST, type UserRow, type UserSort } from "~/models/user-list.server";
import { getProfile, type Profile } from "~/models/profile.server";
import { setStaffPrograms, staffProgramsOf } from "~/models/program-staff.server";
import { updateAccount } from "~/models/account-update.server";
import { ProfileSchema, RegistrationSchema } from "~/schemas/account.server";
import { ApiError } from "./errors.server";
import { operation, type Context } from "./handler.server";
import { formatPhone, parsePhone } from "~/utils/phone";
import {
  check,
  iri,
  listParameters,
  nullable,
  parseList,
  PhoneObject,
  phonesAsText,
  type ListShape,
} from "./shapes.server";
import { readable, readerOf } from "~/models/reads";
import type { CurrentUser } from "~/models/user.server";

// /api/users (R100): registration, the profile and the administrators' changes of an account, on
// the model functions of their pages and checked by their own schemas.

const USER_LIST_SHAPE: ListShape<UserSort> = {
  sorts: { lastName: "name", email: "email", reference: "reference", lastLogin: "lastLogin", locked: "status" },
  defaultSort: USER_LIST.defaultSort,
  defaultOrder: USER_LIST.defaultOrder,
  exact: {
    name: z.string().max(100),
    email: z.string().max(254),
    reference: z.string().max(20),
    locked: z.enum(["true", "false"]),
  },
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

/** An account as its reader sees it (R131); an administrator's view of another's adds when and by whom it changed. */
function profileOut(
  profile: Profile,
  actor: CurrentUser,
  admin?: Awaited<ReturnType<typeof getUserForAdmin>>,
  localPrograms?: number[],
) {
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
    // The local programs the account is staff of (R138): /api/local_programs/{id}.
    ...(localPrograms ? { localPrograms } : {}),
    locked: profile.locked,
    enabled: profile.enabled,
    lastLogin: profile.lastLogin,
    updatedAt: profile.updatedAt,
    ...(admin
      ? { statusUpdatedAt: admin.status_updated_at, updatedBy: admin.updated_by, createdAt: admin.created_at }
      : {}),
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
const Registration = z.object({ ...personFields, captchaToken: nullable(z.string().max(4000)) }).strict();
/** The local program role: given and taken with localPrograms (R138), never with roles. */
const LOCAL_PROGRAM_ROLE = "ROLE_LOCAL_PROGRAM";
/** What an administrator changes of someone else's account (R90, R91), as the users list's actions do. */
const accountFields = {
  locked: z
    .boolean()
    .optional()
    .describe("Administrators, on someone else's account: true deactivates it, false activates it."),
  enabled: z
    .boolean()
    .optional()
    .describe(
      "Administrators, on someone else's account: true activates an account not yet enabled (its e-mail not verified).",
    ),
  roles: z
    .array(z.enum(["ROLE_USER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN", LOCAL_PROGRAM_ROLE]))
    .max(4)
    .optional()
    .describe(
      "Administrators, on someone else's account: adding ROLE_ADMIN promotes an eligible user; promotion is one-way. ROLE_LOCAL_PROGRAM follows localPrograms.",
    ),
  localPrograms: z
    .array(z.number().int().min(1))
    .max(24)
    .optional()
    .describe(
      "Super administrators, on someone else's verified account: the ids of the local programs it is staff of (/api/local_programs), on an e-mail domain each approves; [] takes the role away (R138).",
    ),
};
/** Read-only in GET /api/users/{id}: a record sent back whole may carry them, and they are ignored. */
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
const ProfileBody = z
  .object({ ...personFields, ...accountFields, ...readOnlyFields, currentPassword: nullable(z.string().max(200)) })
  .strict();

/** A value as the API reads it back, to compare: an empty text is none, a phone is its 3-3-4 text. */
function asRead(value: unknown): unknown {
  if (value === "" || value === undefined) return null;
  if (value !== null && typeof value === "object")
    return "areaCode" in value ? formatPhone(value as never) : JSON.stringify(value);
  return value;
}

/**
 * The fields a PUT actually changes, so a record read and sent back whole changes nothing. The current password only
 * proves who asks.
 */
function profileChanges(read: Record<string, unknown>, body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((name) => {
    if (
      ["locked", "enabled", "roles", "localPrograms", "currentPassword"].includes(name) ||
      Object.hasOwn(readOnlyFields, name)
    )
      return false;
    if (["plainPassword", "securityAnswer1", "securityAnswer2"].includes(name)) return asRead(body[name]) !== null;
    return asRead(body[name]) !== asRead(read[name]);
  });
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
    // Accepted, the same whether the address had an account or not (R1): the address is mailed either way.
    accepted: true,
    async run({ db, body, clientIp }) {
      const input = check(
        RegistrationSchema,
        { ...body, password: body.plainPassword, plainPassword: undefined, ...phonesAsText(body) },
        { password: "plainPassword" },
      );
      const outcome = await register(db, input, clientIp);
      if (outcome.status === "rateLimited")
        throw new ApiError("rate_limited", { headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } });
      return json({ email: input.email, enabled: false }, { status: 202 });
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
      const profile = await getProfile(db, actor, id);
      return profileOut(profile, actor, admin, await staffProgramsOf(db, actor, id));
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
      const { plainPassword, locked, enabled, localPrograms } = body;
      // The profile's own fields, what the API shows but nobody changes left out.
      const rest = Object.fromEntries(
        Object.entries(body).filter(
          ([name]) =>
            !Object.hasOwn(readOnlyFields, name) &&
            !["plainPassword", "locked", "enabled", "roles", "localPrograms"].includes(name),
        ),
      );
      // Programs first (R138), refused before any write (403, or 400 on the field); then promotion. Unchanged ones do
      // nothing.
      const programs = await staffProgramsOf(db, actor, id);
      const wanted = localPrograms && [...new Set(localPrograms)].sort((a, b) => a - b);
      const programsChange = wanted !== undefined && wanted.join(",") !== programs.join(",");
      if (programsChange) await setStaffPrograms(db, actor, id, wanted);
      // The local program role in roles says what localPrograms made it: it is neither given nor taken away there.
      const isStaff = programsChange ? wanted.length > 0 : current.roles.includes(LOCAL_PROGRAM_ROLE);
      const roles = body.roles && [
        ...body.roles.filter((role) => role !== LOCAL_PROGRAM_ROLE),
        ...(isStaff ? [LOCAL_PROGRAM_ROLE] : []),
      ];
      // The profile after the body's changes (null clears, and the page's schema says what may not be empty).
      const read = () =>
        check(
          ProfileSchema,
          {
            ...current,
            ...Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, value ?? ""])),
            newPassword: plainPassword ?? undefined,
            homePhoneNumber: "homePhoneNumber" in body ? formatPhone(body.homePhoneNumber) : current.homePhoneNumber,
            workPhoneNumber: "workPhoneNumber" in body ? formatPhone(body.workPhoneNumber) : current.workPhoneNumber,
            mobilePhoneNumber:
              "mobilePhoneNumber" in body ? formatPhone(body.mobilePhoneNumber) : current.mobilePhoneNumber,
          },
          { newPassword: "plainPassword" },
        );
      const change = await updateAccount(
        db,
        actor,
        id,
        {
          state: { locked, enabled, roles },
          profile: { changed: profileChanges(profileOut(current, actor, admin), body), read },
        },
        // A caller signed in by a session (not an API key) keeps a fresh one after a new password.
        { signedIn: !context.request.headers.has("Authorization"), approvedDomains: getConfig().ADMIN_EMAIL_DOMAINS },
      );
      const profile = profileOut(
        await getProfile(db, actor, id),
        actor,
        admin && (await getUserForAdmin(db, actor, id)),
        await staffProgramsOf(db, actor, id),
      );
      return change?.session ? json(profile, { headers: { "Set-Cookie": change.session } }) : profile;
    },
  }),
};
