import { addChild } from "~/test/referrals";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { addPerson } from "~/test/people";
import { readOutbox } from "~/test/outbox";
import { parseCsv } from "~/utils/csv";
import { englishLeftIn, localeStrings } from "./english-only";
import { fixedT } from "./i18next.server";

// Spanish beyond the screens (which the browser tests check): the mail a Spanish-speaking person
// gets and the reports an administrator makes in Spanish hold no English, and every Spanish
// string speaks as usted.

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
});
afterAll(() => test.close());

describe("Spanish", () => {
  it("addresses the reader as usted, never as tú", () => {
    // Words only the informal second person uses ("tu" without an accent is "your", informal). Its
    // commands ("elige", "escribe") are also how usted is told what happens, so only those with
    // a pronoun attached are listed.
    const informal =
      /(?<!\p{L})(tú|tu|tus|ti|contigo|tuyo|tuya|tienes|puedes|quieres|necesitas|debes|deseas|sabes|eres|estás|has|vas|inténtalo|asegúrate|escríbelo|elígelo|revísalo)(?!\p{L})/iu;
    const found = localeStrings("es").filter((text) => informal.test(text));
    expect(found).toEqual([]);
  });

  it("writes every account and referral mail to a Spanish speaker in Spanish", async () => {
    const { sendPasswordResetEmail, sendReferralSubmittedEmail, sendStatusChangedEmail, sendVerificationEmail } =
      await import("~/services/emails.server");
    const to = { email: "abuela@example.com", first_name: "Rosa", primary_language: "sp" as const };
    await sendVerificationEmail(to, "token-1");
    await sendPasswordResetEmail(to, "token-2");
    await sendReferralSubmittedEmail(to, {
      number: 12,
      childName: "Ana Pérez",
      submittedAt: "2026-11-20T15:00:00Z",
      link: "http://localhost/app",
    });
    await sendStatusChangedEmail(to, {
      number: 12,
      childName: "Ana Pérez",
      status: "Not Eligible",
      details: { en: "Moved out of state", es: "Se mudó fuera del estado" },
      link: "http://localhost/app",
    });
    const mails = readOutbox(path.join(test.dir, "outbox"), to.email);
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      expect(mail.language).toBe("es");
      expect(mail.text).toContain("Rosa");
      expect(englishLeftIn(`${mail.subject}\n${mail.text}`), mail.subject).toEqual([]);
    }
    // The links the application makes open the Spanish pages.
    for (const mail of mails.slice(0, 2)) expect(mail.text).toContain("lang=sp");
    expect(mails[3].text).toContain("Se mudó fuera del estado");
    expect(mails[3].text).not.toContain("Moved out of state");
  });

  it("labels the reports made in Spanish in Spanish", async () => {
    const { generateReferralReport, generateUserReport } = await import("~/models/report.server");
    const { startReferral } = await import("~/models/child.server");
    const { getConfig } = await import("~/config.server");
    const admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
    const referrer = await addPerson(test.db, "padre@example.com");
    const child = await addChild(test.db, referrer, { firstName: "Ana" });
    for (const status of ["Submitted", "Eligible", "Not Eligible", "Received"] as const) {
      const { id } = await startReferral(test.db, referrer, child.id);
      await test.db
        .updateTable("referrals")
        .set({ status, submission_date: "2026-11-01T15:00:00Z", status_updated_at: "2026-11-01T15:00:00Z" })
        .where("id", "=", id)
        .execute();
    }
    const t = await fixedT("es", ["referrals", "common", "wizard", "admin", "auth"]);
    const spanish = new Set(localeStrings("es"));
    const read = (fileName: string) =>
      parseCsv(readFileSync(path.join(getConfig().reportsDir, fileName), "utf8").replace(/^\uFEFF/, ""));

    const referrals = read(
      (await generateReferralReport(test.db, admin, { statuses: [], format: "csv" }, "es", t)).fileName,
    );
    const users = read((await generateUserReport(test.db, admin, { format: "csv" }, "es", t)).fileName);
    for (const [header, ...rows] of [referrals, users]) {
      expect(header.filter((label) => !spanish.has(label))).toEqual([]);
      expect(englishLeftIn(rows.flat().join("\n"))).toEqual([]);
    }
    expect(
      referrals
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(
      [
        t("common:statuses.Eligible"),
        t("common:statuses.Not Eligible"),
        t("common:statuses.Received"),
        t("common:statuses.Submitted"),
      ].sort(),
    );
    expect(referrals[1][1]).not.toMatch(/Submitted|Eligible|Received/);
  });
});
