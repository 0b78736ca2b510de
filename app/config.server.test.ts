import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig, parseEnv } from "./config.server";
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
    expect(parseEnv({ ADMIN_EMAIL_DOMAINS: "Maryland.gov, msde.maryland.gov" }).ADMIN_EMAIL_DOMAINS).toEqual(["maryland.gov", "msde.maryland.gov"]);
    expect(() => parseEnv({ ADMIN_EMAIL_DOMAINS: "not a domain" })).toThrow(/ADMIN_EMAIL_DOMAINS/);
  });

  it("takes a PostgreSQL address in DATABASE_URL, refuses any other without showing it, and sizes the pool", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://app:secret@db.example.org:5432/referrals", DATABASE_POOL_SIZE: "20" })).toMatchObject({
      DATABASE_URL: "postgres://app:secret@db.example.org:5432/referrals",
      DATABASE_POOL_SIZE: 20,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgresql://db/referrals" }).database).toBe("postgresql://db/referrals");
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
        new RegExp(`^DATABASE_URL: cannot use the PostgreSQL database at postgres://app:hidden@127\\.0\\.0\\.1:${port}/referrals: .*ECONNREFUSED`),
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
});
