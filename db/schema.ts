import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { ReferralStatus } from "../app/utils/statuses";

/** ISO-8601 UTC text, written by the database when left out. */
type Timestamp = ColumnType<string, string | undefined, string>;
/** SQLite has no boolean: 0 or 1. */
type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;

/** The statuses' one list lives with the application (app/utils/statuses.ts). */
export type { ReferralStatus };

export type Role = "ROLE_USER" | "ROLE_ADMIN" | "ROLE_SUPER_ADMIN" | "ROLE_LOCAL_PROGRAM";
export type InterfaceLanguage = "en" | "sp";
export type YesNo = "yes" | "no";
export type YesNoUnknown = "yes" | "no" | "unknown";
export type ReasonType = "RefReasons_ConcernsDevelopmental" | "FailedScreenings" | "IdentifiedConditions";

export interface LookupsTable {
  id: Generated<number>;
  type: string;
  code: string;
  description: string;
  description_es: string;
  list_order: ColumnType<number, number | undefined, number>;
}

export interface CacheVersionsTable {
  name: string;
  version: ColumnType<number, number | undefined, number>;
}

export interface MiscellaneousTable {
  id: Generated<number>;
  name: string;
  value: string;
}

export interface ZipCodesTable {
  zip: string;
  city: string;
  county_fips: string;
  /** Every county the ZIP touches, comma separated, the suggested one first. */
  all_county_fips: string;
}

export interface PhoneNumbersTable {
  id: Generated<number>;
  area_code: string;
  prefix: string;
  suffix: string;
  created_by_id: number | null;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  prefix: string | null;
  suffix: string | null;
  reference: string | null;
  primary_language: ColumnType<InterfaceLanguage, InterfaceLanguage | undefined, InterfaceLanguage>;
  security_question1: string | null;
  security_question2: string | null;
  security_answer1_hash: string | null;
  security_answer2_hash: string | null;
  home_phone_id: number | null;
  work_phone_id: number | null;
  mobile_phone_id: number | null;
  locked: Flag;
  enabled: Flag;
  last_login: string | null;
  status_updated_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by_id: number | null;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export interface AddressesTable {
  id: Generated<number>;
  line1: string;
  line2: string | null;
  city: string;
  zip: string;
  nickname: string | null;
  address_book: Flag;
  state: ColumnType<string, string | undefined, string>;
  county: string | null;
  created_by_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChildrenTable {
  id: Generated<number>;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  prefix: string | null;
  suffix: string | null;
  /** YYYY-MM-DD */
  birthdate: string;
  state_of_residence: ColumnType<string, string | undefined, string>;
  created_by_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferralsTable {
  id: Generated<number>;
  status: ColumnType<ReferralStatus, ReferralStatus | undefined, ReferralStatus>;
  child_id: number;
  created_by_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  submission_date: string | null;
  status_updated_at: string | null;
  status_details: string | null;
  status_details_es: string | null;
  comments: string | null;
  service_coordinator: string | null;
  eligibility_determination: string | null;
  has_been_copied: Flag;
  referrer_relationship: string | null;
  referral_source_other: string | null;
  referrer_prefix: string | null;
  referrer_suffix: string | null;
  referrer_first_name: string | null;
  referrer_middle_name: string | null;
  referrer_last_name: string | null;
  referrer_phone_id: number | null;
  family_approval: number | null;
  is_audiologist_screening: number | null;
  is_hospital_birth: number | null;
  is_capta: number | null;
  gender: string | null;
  is_hispanic_child: YesNoUnknown | null;
  primary_language: string | null;
  address_id: number | null;
  /** weeks * 7 + days, or -1 when unknown */
  gestational_age_in_days: number | null;
  family_primary_language: string | null;
  family_needs_interpreter: YesNo | null;
  child_in_foster_care: YesNoUnknown | null;
  other_medical_condition: string | null;
  failed_screening_date: string | null;
  additional_details: string | null;
  child_parent_consent: number | null;
  /** The local program it belongs to once submitted (its address's county then, or where it was moved: R137). */
  local_program_id: number | null;
  /** When someone of its program first opened it, and which program that was (its id; R140). */
  opened_at: string | null;
  opened_by_id: number | null;
}

export interface ReferralRacesTable {
  referral_id: number;
  race_code: string;
}

export interface ReferralReasonsTable {
  referral_id: number;
  reason_type: ReasonType;
  reason_code: string;
}

export interface AdultsTable {
  id: Generated<number>;
  referral_id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  prefix: string | null;
  suffix: string | null;
  child_relationship: string | null;
  preferred_method_of_contact: string | null;
  best_time_to_contact: string | null;
  email: string | null;
  home_phone_id: number | null;
  work_phone_id: number | null;
  mobile_phone_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferralDocumentsTable {
  id: Generated<number>;
  referral_id: number;
  disabled: Flag;
  description: string;
  is_consent: Flag;
  /** The sanitized name the file was uploaded with. */
  file_name: string;
  /** The random name under DATA_DIR/uploads. */
  file_path: string;
  content_type: string;
  size_bytes: number;
  created_by_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One of the 24 local programs (docs/product-rules.md R136). */
export interface LocalProgramsTable {
  id: Generated<number>;
  /** The county's FIPS code (Baltimore City's is 24510): one program each. */
  jurisdiction: string;
  name: string;
  name_es: string;
  intake_email: string | null;
  phone: string | null;
  /** The e-mail domains its staff's accounts may be on, comma-separated, lower case. */
  approved_domains: ColumnType<string, string | undefined, string>;
  updated_at: string | null;
  updated_by_id: number | null;
}

/** Who is staff of which program (the local program role, R138). */
export interface UserLocalProgramsTable {
  user_id: number;
  local_program_id: number;
}

/** A referral moved from one program to another, by whom and why (R139). */
export interface ReferralTransfersTable {
  id: Generated<number>;
  referral_id: number;
  from_program_id: number | null;
  to_program_id: number;
  reason: string;
  transferred_by_id: number | null;
  transferred_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the random id the cookie holds: a copy of the table opens no session. */
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: string;
  return_to: string | null;
  /** Past the password, not yet signed in: the second factor's code, or its set-up, is still to come (R129). */
  awaiting: SessionAwaiting | null;
  /** The browser it was signed in with (its User-Agent) and the address it came from, for its owner's list (R110). */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Waiting for the code mailed to the account (R129): its SHA-256. Binding an app is then the next step; the code
   * lives as long as the waiting session, and a new one sent takes its place.
   */
  mail_code_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** "mailCode": the code mailed to the account, before an administrator without an app binds one ("setup"). */
export type SessionAwaiting = "mailCode" | "code" | "setup";

/** A person's authenticator app (docs/product-rules.md R129): its secret, confirmed once a code from it was given. */
export interface SecondFactorsTable {
  user_id: number;
  /** Base32 as the app is given it, sealed with SECRETS_KEY (app/services/secret-box.server.ts). */
  secret: string;
  created_at: string;
  confirmed_at: string | null;
  /** The time step (30 s) of the last code taken: a code of that step or an earlier one is not taken again. */
  last_used_step: number | null;
  /** Not yet confirmed: the session whose set-up screen showed this key, the only one that may confirm it. */
  setup_session_hash: string | null;
}

/**
 * A person's wrong codes in a row, and until when their second step is locked for them (docs/product-rules.md R129).
 */
export interface CodeGuardsTable {
  user_id: number;
  failures: ColumnType<number, number | undefined, number>;
  locked_until: string | null;
}

/** The codes that stand in for the app's once each (SHA-256 of the code as shown, without its dash). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
  attempts_left: ColumnType<number, number | undefined, number>;
  answers_verified_at: string | null;
  requested_by_id: number | null;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
  /** A link that confirms a new e-mail address for the account, rather than the account itself. */
  new_email: string | null;
}

export interface ReviewTokensTable {
  id: Generated<number>;
  referral_id: number;
  token_hash: string;
  created_by_id: number | null;
  created_at: Timestamp;
  expires_at: string;
  revoked_at: string | null;
  /** Who reads the referral through it, and why: said when it is made, named in the record of access (R93, R95). */
  reviewer_name: ColumnType<string | null, string | null | undefined, string | null>;
  purpose: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a link ended that nobody revoked: its maker's authority over the referral ended (R93). */
  ended_reason: ColumnType<
    ReviewLinkEndReason | null,
    ReviewLinkEndReason | null | undefined,
    ReviewLinkEndReason | null
  >;
}

export type ReviewLinkEndReason = "transferred" | "roleLost" | "deactivated";

/** A key for the JSON API (issue 11): acts as its owner, an administrator; only its hash is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_start: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by_id: number | null;
  /** read: GET only; write: every call its maker may make. */
  scope: ColumnType<ApiKeyScope, ApiKeyScope | undefined, ApiKeyScope>;
  /**
   * Why it stopped before its end date: revoked by an administrator, or its maker's password, second step, account or
   * role changed.
   */
  ended_reason: ApiKeyEndReason | null;
}

export type ApiKeyScope = "read" | "write";
export type ApiKeyEndReason = "revoked" | "passwordChanged" | "secondFactorReset" | "deactivated" | "roleLost";

export interface ReferralStatusHistoryTable {
  id: Generated<number>;
  referral_id: number;
  from_status: ReferralStatus | null;
  to_status: ReferralStatus;
  changed_by_id: number | null;
  changed_at: Timestamp;
  status_details: string | null;
  status_details_es: string | null;
  comments: string | null;
}

export interface GeneratedReportsTable {
  id: Generated<number>;
  kind: "referral" | "user";
  format: "csv" | "xlsx";
  file_name: string;
  parameters: ColumnType<string, string | undefined, string>;
  row_count: number | null;
  created_by_id: number | null;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: Timestamp;
  actor_user_id: number | null;
  actor_review_token_id: number | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  referral_id: number | null;
  details: string | null;
  /** The child whose record was seen (a list or an export shows children). */
  child_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** How: a page, a CSV export, a report, the API (R95). */
  channel: ColumnType<AccessChannel | null, AccessChannel | null | undefined, AccessChannel | null>;
  /** The API key the call was made with. */
  api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The viewer's e-mail when they looked (their account's may change later). */
  actor_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AccessChannel = "page" | "csv" | "report" | "api" | "reviewLink";

/** An event of sign-in and of accounts, for the security review (docs/product-rules.md R133). */
export interface SecurityEventsTable {
  id: Generated<number>;
  at: string;
  kind: string;
  actor_user_id: number | null;
  subject_user_id: number | null;
  /** The API key it was done with (the means). */
  api_key_id: number | null;
  /** The API key it is about: made, revoked, ended. */
  subject_api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The address the request came from. */
  address: string | null;
  /** What else says what happened (JSON): a key's name, a new address asked for. Never a password, code or token. */
  details: string | null;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  hits: ColumnType<number, number | undefined, number>;
  window_ends_at: string;
}

/** Who does a task that one instance at a time must do, and until when (app/models/lease.server.ts). */
export interface TaskLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** Two submitted referrals possibly of the same child (docs/product-rules.md R126), one row each way. */
export interface SameChildPairsTable {
  referral_id: number;
  other_referral_id: number;
  found_at: string;
  /** The administrator who decided they are not the same child, and when: the pair is silent from then on. */
  not_same_by_id: number | null;
  not_same_at: string | null;
}

/**
 * What the program's figures keep of a submitted referral (docs/product-rules.md R127), written with the submit and
 * every status change: its day of submission in Maryland, and its county, source and child's age as submitted.
 */
export interface ReferralFiguresTable {
  referral_id: number;
  created_by_id: number;
  status: ReferralStatus;
  /** ISO, UTC. */
  submitted_at: string;
  /** YYYY-MM-DD, Maryland's calendar. */
  submitted_day: string;
  county: string | null;
  /** The referrer's relationship (References lookup code). */
  source: string | null;
  age_months: number;
  /** When the program first recorded a status after submission (ISO, UTC). */
  first_change_at: string | null;
  /** The local program it belongs to now (R137). */
  local_program_id: number | null;
  /** Days from submission to the first Eligible or Not Eligible: the end of the 45-day timeline (R141). */
  determined_days: number | null;
}

export interface Database {
  local_programs: LocalProgramsTable;
  user_local_programs: UserLocalProgramsTable;
  referral_transfers: ReferralTransfersTable;
  lookups: LookupsTable;
  cache_versions: CacheVersionsTable;
  miscellaneous: MiscellaneousTable;
  zip_codes: ZipCodesTable;
  phone_numbers: PhoneNumbersTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  addresses: AddressesTable;
  children: ChildrenTable;
  referrals: ReferralsTable;
  referral_races: ReferralRacesTable;
  referral_reasons: ReferralReasonsTable;
  adults: AdultsTable;
  referral_documents: ReferralDocumentsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_verifications: EmailVerificationsTable;
  review_tokens: ReviewTokensTable;
  referral_status_history: ReferralStatusHistoryTable;
  generated_reports: GeneratedReportsTable;
  audit_events: AuditEventsTable;
  rate_limits: RateLimitsTable;
  api_keys: ApiKeysTable;
  task_leases: TaskLeasesTable;
  same_child_pairs: SameChildPairsTable;
  referral_figures: ReferralFiguresTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  code_guards: CodeGuardsTable;
  security_events: SecurityEventsTable;
}

export type Lookup = Selectable<LookupsTable>;
export type NewLookup = Insertable<LookupsTable>;
export type Address = Selectable<AddressesTable>;
