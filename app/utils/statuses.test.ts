import { describe, expect, it } from "vitest";
import { ADMIN_STATUSES, PAST_DRAFT_STATUSES, REFERRAL_STATUSES, UNRECORDED_STATUSES } from "./statuses";
import { REPORT_STATUS_KEYS, REPORT_STATUSES } from "~/schemas/report";

describe("the referral statuses", () => {
  it("are the eight of R83, in the order a referral goes through them", () => {
    expect(REFERRAL_STATUSES).toEqual([
      "Draft",
      "Submitted",
      "Received",
      "Processed",
      "Unable to Process",
      "Unable to Contact",
      "Eligible",
      "Not Eligible",
    ]);
  });

  it("derive every status past Draft, the ones administrators record, and the ones before (R75, R82, R84)", () => {
    expect(PAST_DRAFT_STATUSES).toEqual(REFERRAL_STATUSES.filter((status) => status !== "Draft"));
    expect(ADMIN_STATUSES).toEqual([
      "Received",
      "Processed",
      "Unable to Process",
      "Unable to Contact",
      "Eligible",
      "Not Eligible",
    ]);
    expect(UNRECORDED_STATUSES).toEqual(["Draft", "Submitted"]);
  });

  it("give the referral report its keys, such as not_eligible (R97, R104)", () => {
    expect(REPORT_STATUSES).toEqual({
      submitted: "Submitted",
      received: "Received",
      processed: "Processed",
      unable_to_process: "Unable to Process",
      unable_to_contact: "Unable to Contact",
      eligible: "Eligible",
      not_eligible: "Not Eligible",
    });
    expect(REPORT_STATUS_KEYS).toEqual([
      "submitted",
      "received",
      "processed",
      "unable_to_process",
      "unable_to_contact",
      "eligible",
      "not_eligible",
    ]);
  });
});
