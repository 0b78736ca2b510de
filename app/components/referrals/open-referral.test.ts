import { describe, expect, it } from "vitest";
import { openReferralHref } from "~/components/referrals/open-referral";

describe("where a referral opens", () => {
  const base = "/app/child/1/referral/2/user/3";
  it("opens a Draft in the wizard for its creator, and everything else in the review (R73)", () => {
    const creator = { id: 3, isAdmin: false, isSuperAdmin: false };
    const admin = { id: 4, isAdmin: true, isSuperAdmin: false };
    const draft = { id: 2, childId: 1, createdById: 3, status: "Draft" as const };
    expect(openReferralHref(draft, creator)).toBe(`${base}/referrer-information/relationship`);
    expect(openReferralHref({ ...draft, status: "Submitted" }, creator)).toBe(`${base}/review`);
    expect(openReferralHref(draft, admin)).toBe(`${base}/review`);
  });
});
