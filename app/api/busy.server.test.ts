import { describe, expect, it } from "vitest";
import { route } from "~/utils/route.server";
import { toApiError } from "./errors.server";

// A database too busy to answer in time (docs/product-rules.md R135) is a 503 with Retry-After on a page and in the
// JSON API, never a 500. The errors are PostgreSQL's as the driver gives them (app/models/row-locks.server.test.ts
// makes the lock timeout happen on a real server): its SQLSTATE in `code`.
const lockTimeout = Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });
const statementTimeout = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
const otherFailure = Object.assign(new Error("relation does not exist"), { code: "42P01" });

async function pageAnswer(error: Error): Promise<unknown> {
  const action = route(() => Promise.reject(error));
  return action({}).catch((thrown: unknown) => thrown);
}

describe("a database too busy to answer in time", () => {
  it("is the JSON API's 503 busy, with Retry-After", () => {
    for (const error of [lockTimeout, statementTimeout]) {
      const answer = toApiError(error);
      expect([answer.status, answer.code, answer.details.headers?.["Retry-After"]]).toEqual([503, "busy", "5"]);
    }
    expect(toApiError(otherFailure).status).toBe(500);
  });

  it("is a page's 503 with Retry-After (its page says to try again; the browser's script does not send it to sign-in)", async () => {
    for (const error of [lockTimeout, statementTimeout]) {
      const answer = await pageAnswer(error);
      expect(answer).toBeInstanceOf(Response);
      expect([(answer as Response).status, (answer as Response).headers.get("Retry-After")]).toEqual([503, "5"]);
    }
    expect(await pageAnswer(otherFailure)).toBe(otherFailure);
  });
});
