import { createTestDatabase, type TestDatabase } from "../../db/testing";

/**
 * A fresh test database whose folder and settings the configuration reads, as the server's would (mail, uploads,
 * limits).
 */
export async function configuredTestDatabase(): Promise<TestDatabase> {
  const test = await createTestDatabase();
  Object.assign(process.env, test.env);
  (await import("~/config.server")).getConfig();
  return test;
}
