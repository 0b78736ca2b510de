import { describe, expect, it } from "vitest";
import { cutText } from "./text";

describe("status details in the lists", () => {
  it("are cut to 150 characters with an ellipsis, and left alone when shorter", () => {
    expect(cutText("Eligible.", 150)).toBe("Eligible.");
    const long = "a".repeat(200);
    expect(cutText(long, 150)).toHaveLength(150);
    expect(cutText(long, 150).endsWith("…")).toBe(true);
    expect(cutText("x".repeat(150), 150)).toBe("x".repeat(150));
    // Accented letters and emoji count as one character each.
    expect(Array.from(cutText("é".repeat(151), 150))).toHaveLength(150);
  });
});
