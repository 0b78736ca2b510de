import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { readOrCreateFile, readSecretsKeys, type SecretsKeys } from "../db/secrets-key";
import { EnvSchema, type Env } from "./config-schema.server";
import { CAPTCHA_PROVIDERS, captchaProviderOfUrl, type CaptchaProvider } from "./services/captcha";
import { singleton } from "./utils/singleton.server";

// The configuration built from the environment once, and what a start-up says about it.

export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
  secret: string;
  verifyUrl: string;
}

/** The captcha, or null when off; a half-made one is a ConfigError naming what is missing. */
function captchaOf(env: Env): CaptchaConfig | null {
  const { CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY, CAPTCHA_SECRET, CAPTCHA_VERIFY_URL } = env;
  if (!CAPTCHA_SECRET && !CAPTCHA_SITE_KEY && !CAPTCHA_PROVIDER) return null;
  const provider = CAPTCHA_PROVIDER ?? (CAPTCHA_VERIFY_URL ? captchaProviderOfUrl(CAPTCHA_VERIFY_URL) : null);
  const missing = [
    ...(provider ? [] : ["CAPTCHA_PROVIDER: must be recaptcha, hcaptcha or turnstile"]),
    ...(CAPTCHA_SITE_KEY
      ? []
      : ["CAPTCHA_SITE_KEY: must be the service's site key, which draws the check on the registration page"]),
    ...(CAPTCHA_SECRET ? [] : ["CAPTCHA_SECRET: must be the service's secret, which checks the tokens"]),
  ];
  if (missing.length || !provider || !CAPTCHA_SITE_KEY || !CAPTCHA_SECRET) {
    throw new ConfigError(
      `Invalid configuration: the registration captcha is half set up:\n${missing.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  return {
    provider,
    siteKey: CAPTCHA_SITE_KEY,
    secret: CAPTCHA_SECRET,
    verifyUrl: CAPTCHA_VERIFY_URL ?? CAPTCHA_PROVIDERS[provider].verifyUrl,
  };
}

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
  /** APP_URL is https: Secure cookies with the __Host- prefix, and HSTS. */
  https: boolean;
  isProduction: boolean;
  secretsKeys: SecretsKeys;
  captcha: CaptchaConfig | null;
}

export class ConfigError extends Error {
  name = "ConfigError";
}

/** Throws a ConfigError naming each wrong variable. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const secret = [
      "SESSION_SECRET",
      "SEED_ADMIN_PASSWORD",
      "DATABASE_URL",
      "SECRETS_KEY",
      "SECRETS_KEY_PREVIOUS",
      "CAPTCHA_SECRET",
      "METRICS_TOKEN",
    ].includes(name);
    return `  ${name}: ${issue.message} (got ${secret ? "a hidden value" : JSON.stringify(env[name])})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** What runs but traps people, said once at start-up (R91). */
export function configWarnings(env: Pick<Env, "ADMIN_EMAIL_DOMAINS">): string[] {
  if (env.ADMIN_EMAIL_DOMAINS.length) return [];
  return [
    'Warning: ADMIN_EMAIL_DOMAINS is not set, so nobody can be promoted to administrator (every user shows "Cannot be promoted"). ' +
      "Set it to the approved organisations' e-mail domains, separated by commas, such as ADMIN_EMAIL_DOMAINS=maryland.gov.",
  ];
}

/** What production forbids or warns of at start, each naming its variable (R110); nothing elsewhere. */
export function productionChecks(
  config: Config,
  { administratorExists }: { administratorExists: boolean },
): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!config.isProduction) return { errors, warnings };
  if (!config.https) {
    const said = `APP_URL is ${config.APP_URL ? JSON.stringify(config.APP_URL) : `unset (so ${config.appUrl})`}, not an https:// address`;
    if (config.ALLOW_HTTP)
      warnings.push(
        `Warning: ${said}: cookies are sent without Secure and no HSTS is set, because ALLOW_HTTP=1. Serve it over https in production.`,
      );
    else
      errors.push(
        `${said}. In production (NODE_ENV=production) the service is served over https: set APP_URL to its https:// address, or ALLOW_HTTP=1 if you mean to serve it over http.`,
      );
  }
  if (!config.SMTP_URL) {
    warnings.push(
      "Warning: SMTP_URL is not set, so no mail leaves this machine: each is written to DATA_DIR/outbox (kept 7 days), where reset links and " +
        "children's names wait unread. Set SMTP_URL to the program's mail server.",
    );
  }
  if (!config.SECRETS_KEY && (administratorExists || config.SEED_ADMIN_EMAIL)) {
    errors.push(
      "SECRETS_KEY is not set, and an administrator exists (or SEED_ADMIN_EMAIL makes one): in production the key that seals the authenticator keys " +
        "must be kept apart from the data. Set SECRETS_KEY to base64 of 32 random bytes (openssl rand -base64 32); see docs/security.md, Keys at rest.",
    );
  }
  return { errors, warnings };
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
  const appUrl = parsed.APP_URL ?? `http://localhost:${parsed.PORT}`;
  let secretsKeys: SecretsKeys | undefined;
  return {
    ...parsed,
    ...folders,
    dataDir,
    databaseFile: path.join(dataDir, "app.db"),
    database: parsed.DATABASE_URL ?? path.join(dataDir, "app.db"),
    sessionSecret:
      parsed.SESSION_SECRET ??
      readOrCreateFile(path.join(dataDir, "session-secret"), () => randomBytes(32).toString("hex")),
    appUrl,
    https: appUrl.startsWith("https:"),
    isProduction: parsed.NODE_ENV === "production",
    // Lazy, so a production start refused for want of SECRETS_KEY leaves no key file beside the data.
    get secretsKeys() {
      return (secretsKeys ??= readSecretsKeys(parsed, dataDir));
    },
    captcha: captchaOf(parsed),
  };
}

export function getConfig(): Config {
  return singleton("config", () => loadConfig());
}
