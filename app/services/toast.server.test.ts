import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getToast, redirectWithToast } from "./toast.server";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "toast-test-"));
});

function cookieFrom(response: Response) {
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

describe("toasts", () => {
  it("travel through the redirect and are cleared when read", async () => {
    const response = await redirectWithToast("/app/children", { key: "nav.children", kind: "success" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/app/children");

    const next = new Request("http://x/app/children", { headers: { Cookie: cookieFrom(response) } });
    const { toast, headers } = await getToast(next);
    expect(toast).toEqual({ kind: "success", key: "nav.children" });
    expect(headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  it("ignore a cookie that was tampered with", async () => {
    const response = await redirectWithToast("/", { key: "nav.children" });
    const [name, value] = cookieFrom(response).split("=");
    const forged = `${name}=${value.replace(/.$/, value.endsWith("A") ? "B" : "A")}`;
    const { toast } = await getToast(new Request("http://x/", { headers: { Cookie: forged } }));
    expect(toast).toBeNull();
  });

  it("leave a page without a message alone", async () => {
    const { toast, headers } = await getToast(new Request("http://x/"));
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});
