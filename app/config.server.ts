import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { singleton } from "./utils/singleton.server";

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const withDefault = <T extends z.ZodTypeAny>(schema: T, fallback: z.input<T>) => z.preprocess(blankIsUnset, schema.default(fallback));

const domain = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Every setting the application reads, checked once at start-up. */
export const EnvSchema = z.object({
  NODE_ENV: withDefault(z.enum(["development", "production", "test"]), "production"),
  PORT: withDefault(z.coerce.number({ invalid_type_error: "must be a port number" }).int("must be a whole number").min(1).max(65535), 3000),
  DATA_DIR: withDefault(z.string(), "./data"),
  /** Unset: SQLite in DATA_DIR. Set: the PostgreSQL database to use instead (several instances may share it). */
  DATABASE_URL: optional(
    z
      .string()
      .url("must be a PostgreSQL address such as postgres://user:password@host:5432/referrals")
      .refine((value) => /^postgres(ql)?:\/\/[^/]/.test(value), "must start with postgres:// or postgresql:// and name a host"),
  ),
  /** Processes that serve requests, each on a core of its own (docs/product-rules.md R124); 1 serves from one process. */
  WEB_CONCURRENCY: withDefault(
    z.coerce.number({ invalid_type_error: "must be a number of processes" }).int("must be a whole number").min(1, "must be at least 1").max(64),
    availableParallelism(),
  ),
  /** Connections each process keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: withDefault(
    z.coerce.number({ invalid_type_error: "must be a number of connections" }).int("must be a whole number").min(1, "must be at least 1").max(500),
    10,
  ),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
  SMTP_URL: optional(
    z
      .string()
      .url("must be a URL such as smtp://user:password@host:587")
      .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://"),
  ),
  MAIL_FROM: withDefault(z.string().min(3), "Maryland Infants and Toddlers Program <no-reply@localhost>"),
  APP_URL: optional(
    z
      .string()
      .url("must be the address people open, such as https://referrals.example.org")
      .transform((value) => value.replace(/\/+$/, "")),
  ),
  GEOCODER: withDefault(z.enum(["offline", "census"]), "offline"),
  CENSUS_GEOCODER_URL: withDefault(z.string().url("must be the geocoder's base address"), "https://geocoding.geo.census.gov"),
  ADMIN_EMAIL_DOMAINS: withDefault(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(domain, "must be a comma-separated list of domains such as maryland.gov"))),
    "",
  ),
  REPORT_RETENTION_DAYS: withDefault(
    z.coerce.number({ invalid_type_error: "must be a number of days" }).int("must be a whole number of days").min(1, "must be at least 1 day").max(3650),
    30,
  ),
  /** JSON API calls one caller (an API key, a person, or an address when anonymous) may make per minute. */
  API_RATE_LIMIT: withDefault(
    z.coerce.number({ invalid_type_error: "must be a number of calls per minute" }).int("must be a whole number").min(1).max(1_000_000),
    600,
  ),
  /** How families and referrers reach the program: on the contact page and the submit confirmation. */
  PROGRAM_PHONE: optional(z.string().regex(/^[0-9()+\-. ]{7,20}$/, "must be a phone number such as 1-800-555-0100")),
  PROGRAM_EMAIL: optional(z.string().email("must be an e-mail address")),
  CAPTCHA_VERIFY_URL: optional(z.string().url("must be the captcha service's verification URL")),
  CAPTCHA_SECRET: optional(z.string().min(1)),
  SEED_ADMIN_EMAIL: optional(
    z
      .string()
      .email("must be an e-mail address")
      .transform((value) => value.toLowerCase()),
  ),
  SEED_ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters long").regex(/\d/, "must include a number")),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  /** The SQLite file, used when DATABASE_URL is unset. */
  databaseFile: string;
  /** Where the data is: DATABASE_URL, or the SQLite file. */
  database: string;
  uploadsDir: string;
  reportsDir: string;
  outboxDir: string;
  sessionSecret: string;
  appUrl: string;
  isProduction: boolean;
}

export class ConfigError extends Error {
  name = "ConfigError";
}

/** Reads the settings from an environment; throws a ConfigError that names each wrong variable. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const secret = name === "SESSION_SECRET" || name === "SEED_ADMIN_PASSWORD" || name === "DATABASE_URL";
    return `  ${name}: ${issue.message} (got ${secret ? "a hidden value" : JSON.stringify(env[name])})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/**
 * What runs but traps people, said once at start-up: without ADMIN_EMAIL_DOMAINS nobody can be promoted to
 * administrator (docs/product-rules.md R91).
 */
export function configWarnings(env: Pick<Env, "ADMIN_EMAIL_DOMAINS">): string[] {
  if (env.ADMIN_EMAIL_DOMAINS.length) return [];
  return [
    'Warning: ADMIN_EMAIL_DOMAINS is not set, so nobody can be promoted to administrator (every user shows "Cannot be promoted"). ' +
      "Set it to the approved organisations' e-mail domains, separated by commas, such as ADMIN_EMAIL_DOMAINS=maryland.gov.",
  ];
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  // Written whole under another name, then linked to its own: the link fails if another process
  // (the migration, a second server on the shared folder) made it first, and then theirs is used,
  // never read half-written.
  const part = `${file}.part-${randomBytes(4).toString("hex")}`;
  writeFileSync(part, secret + "\n", { mode: 0o600, flag: "wx" });
  try {
    linkSync(part, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  } finally {
    rmSync(part, { force: true });
  }
}

/** Builds the configuration and makes the data folders it names. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const folders = {
    uploadsDir: path.join(dataDir, "uploads"),
    reportsDir: path.join(dataDir, "reports"),
    outboxDir: path.join(dataDir, "outbox"),
  };
  for (const dir of [dataDir, ...Object.values(folders)]) mkdirSync(dir, { recursive: true });
  return {
    ...parsed,
    ...folders,
    dataDir,
    databaseFile: path.join(dataDir, "app.db"),
    database: parsed.DATABASE_URL ?? path.join(dataDir, "app.db"),
    sessionSecret: parsed.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    appUrl: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    isProduction: parsed.NODE_ENV === "production",
  };
}

export function getConfig(): Config {
  return singleton("config", () => loadConfig());
}
