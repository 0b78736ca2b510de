import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DB } from "../app/db.server";
import { holdReferralRow, testDialect } from "../db/testing";
import { expect, expectAccessible, test, eachLanguageOnce } from "./fixtures";
import { freePort, OwnServer } from "./own-server";
import {
  createChild,
  createUser,
  openDataDir,
  referralIdOf,
  sessionCookieOf,
  sessionSecret,
  startReferral,
} from "./support";

// A save the database cannot make in time (docs/product-rules.md R135): on PostgreSQL a write waits for a row another
// holds at most DATABASE_LOCK_TIMEOUT_MS, then the form comes back with everything typed in it, its summary saying
// that nothing was saved and to try again (a 503 with Retry-After, which the browser's script does not take for the
// end of the session, R25), in the person's language; once the row is free, the same Save saves it.

const TEXT = {
  en: {
    label: "Anything else the program should know",
    save: "Save",
    busy: "The service could not answer in time, because many people are using it right now.",
  },
  sp: {
    label: "Cualquier otra cosa que el programa deba saber",
    save: "Guardar",
    busy: "El servicio no pudo responder a tiempo porque muchas personas lo están usando en este momento.",
  },
} as const;

let dataDir: string;
let db: DB;
let server: OwnServer;

test.describe.configure({ mode: "serial" });
test.skip(
  testDialect() !== "postgres",
  "lock_timeout is PostgreSQL's (SQLite waits busy_timeout for its one write lock)",
);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-busy-"));
  const opened = await openDataDir(dataDir);
  db = opened.db;
  server = new OwnServer(dataDir, await sessionSecret(), await freePort(), {
    ...opened.env,
    DATABASE_LOCK_TIMEOUT_MS: "300",
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const { lang: language, tag } of eachLanguageOnce("with JavaScript")) {
  test(
    `a save made while its referral is held keeps what was typed and says to try again (${language})`,
    { tag },
    async ({ browser, javaScriptOn }) => {
      const words = TEXT[language];
      const user = await createUser({}, db);
      const child = await createChild(user, {}, db);
      const wizard = await startReferral(user, child.id, db);
      const context = await browser.newContext({ javaScriptEnabled: javaScriptOn });
      try {
        const [name, ...value] = (await sessionCookieOf(user, db)).split("=");
        await context.addCookies([{ name, value: value.join("="), url: server.base, httpOnly: true, sameSite: "Lax" }]);
        const page = await context.newPage();
        const step = `${server.base}${wizard}/details/select`;
        await page.goto(`${step}?lang=${language}`);
        if (javaScriptOn) await expect(page.locator("html.js")).toHaveCount(1);
        const typed = `Camina tarde y habla poco; ${language} ${javaScriptOn ? "js" : "no-js"}.`;
        await page.getByLabel(words.label).fill(typed);

        const release = await holdReferralRow(db, referralIdOf(wizard));
        let answer: number | undefined;
        page.on("response", (response) => {
          if (response.request().method() === "POST") answer = response.status();
        });
        try {
          await page.getByRole("button", { name: words.save, exact: true }).click();
          await expect(page.getByRole("alert").filter({ hasText: words.busy })).toBeVisible();
        } finally {
          await release();
        }
        expect(answer).toBe(503);
        // Where the person was, not sent to sign in; nothing saved; what they typed still there.
        expect(page.url().startsWith(step)).toBe(true);
        await expect(page.getByLabel(words.label)).toHaveValue(typed);
        const stored = await db
          .selectFrom("referrals")
          .select("additional_details")
          .where("id", "=", referralIdOf(wizard))
          .executeTakeFirstOrThrow();
        expect(stored.additional_details).toBeNull();
        await expectAccessible(page, { javaScriptOn });

        // The row free again, the same Save saves it.
        await page.getByRole("button", { name: words.save, exact: true }).click();
        await expect(page.getByRole("alert").filter({ hasText: words.busy })).toHaveCount(0);
        await expect
          .poll(
            async () =>
              (
                await db
                  .selectFrom("referrals")
                  .select("additional_details")
                  .where("id", "=", referralIdOf(wizard))
                  .executeTakeFirstOrThrow()
              ).additional_details,
          )
          .toBe(typed);
      } finally {
        await context.close();
      }
    },
  );
}
