import { describe, expect, it } from "vitest";
import { titleWordsIn } from "./title.server";

// The root's title words are kept per language by the process: each request still gets its own language's.

describe("the title words", () => {
  it("are each language's own, whichever was asked first", async () => {
    expect((await titleWordsIn("en")).errors["not-found"]).toMatch(/^Page not found \| Maryland/);
    expect((await titleWordsIn("es")).errors["not-found"]).toMatch(/^Página no encontrada \| Referido/);
    expect((await titleWordsIn("en")).errors["not-found"]).toMatch(/^Page not found \| Maryland/);
    expect((await titleWordsIn("es")).errorPrefix).toBe("Error: ");
  });
});
