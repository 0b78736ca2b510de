import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromPublicLanguage, toPublicLanguage } from "./config";
import { getLanguage, serializeLanguageCookie } from "./i18next.server";
import { resources } from "./resources.server";

async function requestWith(url: string, language?: "en" | "es") {
  const headers = new Headers();
  if (language) headers.set("Cookie", (await serializeLanguageCookie(language)).split(";")[0]);
  return new Request(url, { headers });
}

describe("language", () => {
  it("maps the public codes en and sp to en and es", () => {
    expect(fromPublicLanguage("sp")).toBe("es");
    expect(fromPublicLanguage("EN")).toBe("en");
    expect(fromPublicLanguage("fr")).toBeNull();
    expect(toPublicLanguage("es")).toBe("sp");
  });

  it("takes ?lang= first, then the cookie, then English", async () => {
    expect(await getLanguage(await requestWith("http://x/login?lang=sp"))).toBe("es");
    expect(await getLanguage(await requestWith("http://x/login?lang=en", "es"))).toBe("en");
    expect(await getLanguage(await requestWith("http://x/login", "es"))).toBe("es");
    expect(await getLanguage(await requestWith("http://x/login?lang=xx"))).toBe("en");
    expect(await getLanguage(await requestWith("http://x/login"))).toBe("en");
  });

  it("reads a cookie it did not write (lang=sp typed by hand, garbage) as no choice, not as an error", async () => {
    for (const cookie of ["lang=sp", "lang=%%%", "lang=eyJ4IjoxfQ%3D%3D", "lang="]) {
      expect(await getLanguage(new Request("http://x/login", { headers: { Cookie: cookie } }))).toBe("en");
    }
  });

  it("ignores the browser's Accept-Language", async () => {
    const request = new Request("http://x/login", { headers: { "Accept-Language": "es-MX,es;q=0.9" } });
    expect(await getLanguage(request)).toBe("en");
  });

  it("remembers the language as en or sp", async () => {
    expect(decodeURIComponent(await serializeLanguageCookie("es"))).toContain(Buffer.from('"sp"').toString("base64"));
  });
});

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else out.set(prefix, value);
  return out;
}

describe("translations", () => {
  it("are all bundled: every locales file is in the resources, in both languages", () => {
    for (const language of ["en", "es"] as const) {
      const files = readdirSync(path.join(process.cwd(), "locales", language)).map((file) =>
        file.replace(/\.json$/, ""),
      );
      expect(Object.keys(resources[language]).sort(), language).toEqual(files.sort());
    }
  });

  it("have the same keys in English and Spanish, none empty", () => {
    for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
      const en = flatten(resources.en[namespace]);
      const es = flatten(resources.es[namespace]);
      expect([...es.keys()].sort(), namespace).toEqual([...en.keys()].sort());
      for (const [key, text] of es) expect(String(text).trim(), `${namespace}:${key}`).not.toBe("");
    }
  });

  it("keep the same placeholders in both languages", () => {
    for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
      const es = flatten(resources.es[namespace]);
      for (const [key, text] of flatten(resources.en[namespace])) {
        const names = (value: unknown) => [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(names(es.get(key)), `${namespace}:${key}`).toEqual(names(text));
      }
    }
  });
});
