import { describe, expect, it } from "vitest";
import { isPasswordAcceptable, passwordStrength } from "./password";
import { formatPhone, formatPhoneAsTyped, parsePhone } from "./phone";

describe("the password meter (R5)", () => {
  it.each([
    ["", null],
    ["a", "bad"],
    ["abcdefg", "bad"],
    ["abcdefgh", "weak"],
    ["abcdefghi1", "okay"],
    ["abcdefghij", "weak"],
    ["abcdefghijkl", "okay"],
    ["abcdefghijk1", "strong"],
  ])("reads %j as %s", (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });

  it("accepts exactly what it calls strong", () => {
    expect(isPasswordAcceptable("abcdefghijk1")).toBe(true);
    expect(isPasswordAcceptable("abcdefghij1")).toBe(false);
    expect(isPasswordAcceptable("abcdefghijkl")).toBe(false);
  });
});

describe("phones", () => {
  it("are 10 digits in three parts, shown 3-3-4", () => {
    expect(parsePhone("(410) 555-1234")).toEqual({ areaCode: "410", prefix: "555", suffix: "1234" });
    expect(parsePhone("410-555-123")).toBeNull();
    expect(parsePhone("41o5551234")).toBeNull();
    expect(formatPhone(parsePhone("4105551234"))).toBe("410-555-1234");
  });

  it("get their dashes as they are typed, and no more than 10 digits", () => {
    expect(formatPhoneAsTyped("41")).toBe("41");
    expect(formatPhoneAsTyped("41055")).toBe("410-55");
    expect(formatPhoneAsTyped("410555123456")).toBe("410-555-1234");
  });
});
