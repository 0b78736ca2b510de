import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { decodeSecretsKey } from "../db/secrets-key";

// Every environment variable the application reads, with its default, limits and the message naming a wrong value.

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
/** Unset or blank: `fallback`, parsed like a set value (zod 4's prefault; its default would skip parsing). */
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(blankIsUnset, schema.prefault(fallback));
/** An address `new URL` reads, the value kept as written (zod 4's z.url() also trims it). */
const url = (message: string) =>
  z.string().refine((value) => {
    try {
      new URL(value);
      return true;
    } catch {
      return false;
    }
  }, message);

const domain = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Express's "trust proxy": a boolean, a number of hops, or addresses, subnets and its three names. */
export type TrustProxy = boolean | number | string[];
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(part: string): boolean {
  if (PROXY_NAMES.has(part)) return true;
  const [address, bits, ...rest] = part.split("/");
  if (rest.length || !isIP(address)) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .transform((value): TrustProxy | null => {
    const text = value.trim().toLowerCase();
    if (text === "true") return true;
    if (text === "false") return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const parts = text.split(",").map((part) => part.trim());
    return parts.every(isProxyAddress) ? parts : null;
  })
  .refine(
    (value) => value !== null,
    "must be true, false, a number of proxies, or addresses and subnets such as 10.0.0.0/8, loopback",
  )
  .transform((value) => value as TrustProxy);
const secretsKey = z
  .string()
  .refine((value) => decodeSecretsKey(value) !== null, "must be base64 of 32 random bytes (openssl rand -base64 32)");

/** A timeout in ms: at least 100 (0 would turn PostgreSQL's off), at most an hour. */
const timeoutMs = (fallback: number) =>
  withDefault(
    z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(100, "must be at least 100")
      .max(3_600_000),
    fallback,
  );

export const EnvSchema = z.object({
  /** production: APP_URL must be https (unless ALLOW_HTTP=1) and SECRETS_KEY set once an administrator exists. */
  NODE_ENV: withDefault(z.enum(["development", "production", "test"]), "development"),
  PORT: withDefault(
    z.coerce.number({ error: "must be a port number" }).int("must be a whole number").min(1).max(65535),
    3000,
  ),
  DATA_DIR: withDefault(z.string(), "./data"),
  /** Unset: SQLite in DATA_DIR. Set: PostgreSQL instead, which several instances may share. */
  DATABASE_URL: optional(
    url("must be a PostgreSQL address such as postgres://user:password@host:5432/referrals").refine(
      (value) => /^postgres(ql)?:\/\/[^/]/.test(value),
      "must start with postgres:// or postgresql:// and name a host",
    ),
  ),
  /** Processes serving requests, one per core (R124). */
  WEB_CONCURRENCY: withDefault(
    z.coerce
      .number({ error: "must be a number of processes" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(64),
    availableParallelism(),
  ),
  /** Each worker's V8 old space, in MB, so an idle worker stays within the 200 MB budget (decision 0014). */
  WORKER_HEAP_MB: withDefault(
    z.coerce
      .number({ error: "must be a number of megabytes" })
      .int("must be a whole number")
      .min(96, "must be at least 96")
      .max(65_536),
    160,
  ),
  /** Connections each process keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: withDefault(
    z.coerce
      .number({ error: "must be a number of connections" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(500),
    10,
  ),
  /** Instances sharing the PostgreSQL database; the start checks all their connections fit (R135). */
  DATABASE_INSTANCES: withDefault(
    z.coerce
      .number({ error: "must be a number of instances" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(100),
    1,
  ),
  /** PostgreSQL statement_timeout, in ms. */
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs(30_000),
  /** PostgreSQL lock_timeout, in ms; then "busy, try again". */
  DATABASE_LOCK_TIMEOUT_MS: timeoutMs(5_000),
  /** PostgreSQL idle_in_transaction_session_timeout, in ms. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs(60_000),
  /** PostgreSQL: `rows`, writes hold the rows they depend on; `database`, writes share one lock (decision 0015). */
  DATABASE_WRITE_LOCK: withDefault(z.enum(["rows", "database"]), "rows"),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
  SMTP_URL: optional(
    url("must be a URL such as smtp://user:password@host:587").refine(
      (value) => /^smtps?:\/\//.test(value),
      "must start with smtp:// or smtps://",
    ),
  ),
  MAIL_FROM: withDefault(z.string().min(3), "Maryland Infants and Toddlers Program <no-reply@localhost>"),
  APP_URL: optional(
    url("must be the address people open, such as https://referrals.example.org").transform((value) =>
      value.replace(/\/+$/, ""),
    ),
  ),
  /** Allows plain http in production, with a warning at every start. */
  ALLOW_HTTP: withDefault(
    z.enum(["0", "1", "true", "false"]).transform((value) => value === "1" || value === "true"),
    "0",
  ),
  /** The proxies in front, so limits count the client's address from X-Forwarded-For. */
  TRUST_PROXY: withDefault(trustProxy, "false"),
  /** Seals the authenticator keys; unset, one is made in DATA_DIR/secrets-key (not for production). */
  SECRETS_KEY: optional(secretsKey),
  /** During a rotation: earlier keys, comma separated, still opening what they sealed. */
  SECRETS_KEY_PREVIOUS: optional(
    z
      .string()
      .refine(
        (value) => value.split(",").every((part) => decodeSecretsKey(part) !== null),
        "must be base64 keys of 32 bytes, separated by commas",
      ),
  ),
  GEOCODER: withDefault(z.enum(["offline", "census"]), "offline"),
  CENSUS_GEOCODER_URL: withDefault(url("must be the geocoder's base address"), "https://geocoding.geo.census.gov"),
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
    z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1 day")
      .max(3650),
    30,
  ),
  /** JSON API calls per minute per caller (key, person, or address when anonymous). */
  API_RATE_LIMIT: withDefault(
    z.coerce
      .number({ error: "must be a number of calls per minute" })
      .int("must be a whole number")
      .min(1)
      .max(1_000_000),
    600,
  ),
  /** Shown on the contact page and the submit confirmation. */
  PROGRAM_PHONE: optional(z.string().regex(/^[0-9()+\-. ]{7,20}$/, "must be a phone number such as 1-800-555-0100")),
  PROGRAM_EMAIL: optional(z.email("must be an e-mail address")),
  /** Registration's captcha: its service, site key and secret. */
  CAPTCHA_PROVIDER: optional(
    z.enum(["recaptcha", "hcaptcha", "turnstile"], { error: "must be recaptcha, hcaptcha or turnstile" }),
  ),
  CAPTCHA_SITE_KEY: optional(z.string().min(1).max(200)),
  CAPTCHA_SECRET: optional(z.string().min(1)),
  /** Unset: the service's own siteverify (tests point it at a stand-in). */
  CAPTCHA_VERIFY_URL: optional(url("must be the captcha service's verification URL")),
  /** The log is JSON lines, pretty only in a terminal. */
  LOG_LEVEL: withDefault(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  /** The bearer token /metrics asks for; unset, /metrics answers 404 and nothing is measured. */
  METRICS_TOKEN: optional(z.string().min(32, "must be at least 32 characters long (openssl rand -hex 32)")),
  /** On SIGTERM, seconds /readyz answers 503 before the server stops taking requests: the load balancer's delay. */
  SHUTDOWN_DRAIN_SECONDS: withDefault(
    z.coerce.number({ error: "must be a number of seconds" }).int("must be a whole number").min(0).max(300),
    0,
  ),
  SEED_ADMIN_EMAIL: optional(z.email("must be an e-mail address").transform((value) => value.toLowerCase())),
  SEED_ADMIN_PASSWORD: optional(
    z.string().min(12, "must be at least 12 characters long").regex(/\d/, "must include a number"),
  ),
});

export type Env = z.infer<typeof EnvSchema>;
