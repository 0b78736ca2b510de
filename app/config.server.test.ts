import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig, parseEnv, productionChecks } from "./config.server";
import { checkDatabase, openDatabase } from "./db.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "config-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("configuration", () => {
  it("runs with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", GEOCODER: "offline", ADMIN_EMAIL_DOMAINS: [] });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("warns at start-up, naming the variable, when no administrators' domain is set (R91)", () => {
    const [warning, ...more] = configWarnings(parseEnv({}));
    expect(more).toEqual([]);
    expect(warning).toMatch(/ADMIN_EMAIL_DOMAINS is not set/);
    expect(warning).toMatch(/promoted to administrator/);
    expect(configWarnings(parseEnv({ ADMIN_EMAIL_DOMAINS: "maryland.gov" }))).toEqual([]);
  });

  it("names each wrong variable in one message", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", GEOCODER: "google", SMTP_URL: "http://mail", SEED_ADMIN_PASSWORD: "short" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: .*"eighty"/);
    expect(message).toMatch(/GEOCODER: /);
    expect(message).toMatch(/SMTP_URL: must start with smtp/);
    expect(message).toMatch(/SEED_ADMIN_PASSWORD: .*hidden/);
    expect(message).not.toContain("short");
  });

  it("reads the administrator domains as a list and refuses a bad one", () => {
    expect(parseEnv({ ADMIN_EMAIL_DOMAINS: "Maryland.gov, msde.maryland.gov" }).ADMIN_EMAIL_DOMAINS).toEqual([
      "maryland.gov",
      "msde.maryland.gov",
    ]);
    expect(() => parseEnv({ ADMIN_EMAIL_DOMAINS: "not a domain" })).toThrow(/ADMIN_EMAIL_DOMAINS/);
  });

  it("takes a PostgreSQL address in DATABASE_URL, refuses any other without showing it, and sizes the pool", () => {
    expect(
      parseEnv({ DATABASE_URL: "postgres://app:secret@db.example.org:5432/referrals", DATABASE_POOL_SIZE: "20" }),
    ).toMatchObject({
      DATABASE_URL: "postgres://app:secret@db.example.org:5432/referrals",
      DATABASE_POOL_SIZE: 20,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgresql://db/referrals" }).database).toBe(
      "postgresql://db/referrals",
    );
    for (const wrong of ["mysql://app:secret@db/referrals", "referrals.db", "postgres:///referrals"]) {
      let message = "";
      try {
        parseEnv({ DATABASE_URL: wrong });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, wrong).toMatch(/DATABASE_URL: /);
      expect(message, wrong).not.toContain("secret");
    }
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE: must be at least 1/);
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBe(10);
  });

  it("bounds each worker's heap at 160 MB unless WORKER_HEAP_MB says otherwise", () => {
    expect(parseEnv({}).WORKER_HEAP_MB).toBe(160);
    expect(parseEnv({ WORKER_HEAP_MB: "512" }).WORKER_HEAP_MB).toBe(512);
    expect(() => parseEnv({ WORKER_HEAP_MB: "16" })).toThrow(/WORKER_HEAP_MB: must be at least 96 \(got "16"\)/);
  });

  it("serves from one process per core unless WEB_CONCURRENCY says how many", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY: must be at least 1 \(got "0"\)/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY: must be a number of processes/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "1.5" })).toThrow(/WEB_CONCURRENCY: must be a whole number/);
  });

  it("stops with a message naming DATABASE_URL, the password hidden, when the PostgreSQL server cannot be reached", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const url = `postgres://app:secret@127.0.0.1:${port}/referrals`;
    const db = openDatabase(url);
    try {
      const refused = await checkDatabase(db, url).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refused).toMatch(
        new RegExp(
          `^DATABASE_URL: cannot use the PostgreSQL database at postgres://app:hidden@127\\.0\\.0\\.1:${port}/referrals: .*ECONNREFUSED`,
        ),
      );
      expect(refused).not.toContain("secret");
    } finally {
      await db.destroy();
    }
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ PORT: "", SMTP_URL: "" })).toMatchObject({ PORT: 3000, SMTP_URL: undefined });
  });

  it("makes the data folders and keeps one generated session secret", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    for (const folder of ["uploads", "reports", "outbox"]) expect(existsSync(path.join(dir, folder))).toBe(true);
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first.sessionSecret);
    expect(statSync(path.join(dir, "session-secret")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
    expect(first.databaseFile).toBe(path.join(dir, "app.db"));
  });

  it("prefers SESSION_SECRET when it is set", () => {
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: "too short" })).toThrow(/SESSION_SECRET/);
  });

  it("runs as development unless NODE_ENV=production says otherwise", () => {
    expect(parseEnv({}).NODE_ENV).toBe("development");
    expect(loadConfig({ DATA_DIR: tempDir() }).isProduction).toBe(false);
  });

  it("refuses production over http, naming APP_URL, unless ALLOW_HTTP=1 says the operator means it, then warns (R110)", () => {
    const none = { administratorExists: false };
    expect(productionChecks(loadConfig({ DATA_DIR: tempDir() }), none)).toEqual({ errors: [], warnings: [] });
    const http = productionChecks(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", APP_URL: "http://referrals.example.org" }),
      none,
    );
    expect(http.errors).toEqual([
      expect.stringMatching(/^APP_URL is "http:\/\/referrals\.example\.org", not an https:\/\/ address.*ALLOW_HTTP=1/),
    ]);
    const unset = productionChecks(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production" }), none);
    expect(unset.errors).toEqual([expect.stringMatching(/^APP_URL is unset \(so http:\/\/localhost:3000\)/)]);
    const mail = { SMTP_URL: "smtp://mail.example.org:587" };
    const allowed = productionChecks(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", ALLOW_HTTP: "1", ...mail }),
      none,
    );
    expect(allowed).toEqual({
      errors: [],
      warnings: [expect.stringMatching(/^Warning: APP_URL .*because ALLOW_HTTP=1/)],
    });
    expect(
      productionChecks(
        loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", APP_URL: "https://referrals.example.org", ...mail }),
        none,
      ),
    ).toEqual({
      errors: [],
      warnings: [],
    });
    // Without SMTP the mail waits in the outbox: said at every start (R134).
    expect(
      productionChecks(
        loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", APP_URL: "https://referrals.example.org" }),
        none,
      ).warnings,
    ).toEqual([expect.stringMatching(/^Warning: SMTP_URL is not set/)]);
  });

  it("over https, names the session cookie with the __Host- prefix, Secure and for the whole host (R110)", async () => {
    const { forgetSingleton } = await import("./utils/singleton.server");
    const { sessionCookie } = await import("./auth/session.server");
    const cookieOf = async (env: Record<string, string>) => {
      forgetSingleton("config");
      for (const name of ["cookie:__session", "cookie:__Host-session"]) forgetSingleton(name);
      Object.assign(process.env, env);
      return sessionCookie().serialize("an id");
    };
    const saved = { DATA_DIR: process.env.DATA_DIR ?? "", APP_URL: process.env.APP_URL ?? "" };
    try {
      const https = await cookieOf({ DATA_DIR: tempDir(), APP_URL: "https://referrals.example.org" });
      expect(https).toMatch(/^__Host-session=/);
      expect(https).toMatch(/; Path=\/;/);
      expect(https).toMatch(/; Secure/);
      expect(https).not.toMatch(/Domain=/i);
      const http = await cookieOf({ DATA_DIR: tempDir(), APP_URL: "http://localhost:3000" });
      expect(http).toMatch(/^__session=/);
      expect(http).not.toMatch(/Secure/);
    } finally {
      Object.assign(process.env, saved);
      forgetSingleton("config");
    }
  });

  it("seals with SECRETS_KEY, and asks for it in production once an administrator exists or the seed makes one (R109)", () => {
    const key = randomBytes(32).toString("base64");
    const given = loadConfig({ DATA_DIR: tempDir(), SECRETS_KEY: key });
    expect(given.secretsKeys).toMatchObject({ fromFile: false });
    expect(given.secretsKeys.current.equals(Buffer.from(key, "base64"))).toBe(true);
    expect(() => parseEnv({ SECRETS_KEY: "short" })).toThrow(
      /SECRETS_KEY: must be base64 of 32 random bytes .*\(got a hidden value\)/,
    );

    // Without it, outside production: a key made once into the data folder, readable by its owner alone.
    const dir = tempDir();
    const made = loadConfig({ DATA_DIR: dir }).secretsKeys;
    expect(made.fromFile).toBe(true);
    expect(statSync(path.join(dir, "secrets-key")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).secretsKeys.current.equals(made.current)).toBe(true);

    const production = { DATA_DIR: tempDir(), NODE_ENV: "production", APP_URL: "https://referrals.example.org" };
    expect(productionChecks(loadConfig(production), { administratorExists: false }).errors).toEqual([]);
    expect(productionChecks(loadConfig(production), { administratorExists: true }).errors).toEqual([
      expect.stringMatching(/^SECRETS_KEY is not set/),
    ]);
    expect(
      productionChecks(loadConfig({ ...production, SEED_ADMIN_EMAIL: "a@maryland.gov" }), {
        administratorExists: false,
      }).errors,
    ).toHaveLength(1);
    expect(
      productionChecks(loadConfig({ ...production, SECRETS_KEY: key }), { administratorExists: true }).errors,
    ).toEqual([]);
  });

  it("reads TRUST_PROXY as Express takes it, and refuses what Express would not (R11)", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.1",
    ]);
    for (const wrong of ["yes", "10.0.0.0/33", "the balancer", "10.0.0"])
      expect(() => parseEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be/);
  });

  it("turns the registration captcha on only when whole, naming what a half-made one lacks (R2)", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).captcha).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        CAPTCHA_PROVIDER: "hcaptcha",
        CAPTCHA_SITE_KEY: "site",
        CAPTCHA_SECRET: "secret",
      }).captcha,
    ).toEqual({
      provider: "hcaptcha",
      siteKey: "site",
      secret: "secret",
      verifyUrl: "https://api.hcaptcha.com/siteverify",
    });
    // As it was set up before the page drew the check: the service is known by its address, the site key is missing.
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        CAPTCHA_VERIFY_URL: "https://www.google.com/recaptcha/api/siteverify",
        CAPTCHA_SECRET: "secret",
      }),
    ).toThrow(/CAPTCHA_SITE_KEY: must be/);
  });
});
