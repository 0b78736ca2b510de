import { describe, expect, it } from "vitest";
import { ADMIN_STATUSES, PAST_DRAFT_STATUSES, REFERRAL_STATUSES, UNRECORDED_STATUSES } from "./statuses";
import { REPORT_STATUS_KEYS, REPORT_STATUSES } from "~/schemas/report";

// Each status in the order a referral goes through them (R83): whether an administrator records it (R84), and its key
// in the referral report (R97, R104), which offers every status past Draft (R75).
const STATUSES = [
  ["Draft", false, null],
  ["Submitted", false, "submitted"],
  ["Received", true, "received"],
  ["Processed", true, "processed"],
  ["Unable to Process", true, "unable_to_process"],
  ["Unable to Contact", true, "unable_to_contact"],
  ["Eligible", true, "eligible"],
  ["Not Eligible", true, "not_eligible"],
] as const;
type Row = (typeof STATUSES)[number];

const statusesWhere = (keep: (row: Row) => boolean) => STATUSES.filter(keep).map(([status]) => status);

describe("the referral statuses", () => {
  it("are the eight of R83, in the order a referral goes through them", () => {
    expect(REFERRAL_STATUSES).toEqual(STATUSES.map(([status]) => status));
  });

  it.each([
    ["every status past Draft", PAST_DRAFT_STATUSES, statusesWhere(([, , reportKey]) => reportKey !== null)],
    ["the ones administrators record", ADMIN_STATUSES, statusesWhere(([, recorded]) => recorded)],
    ["the ones before", UNRECORDED_STATUSES, statusesWhere(([, recorded]) => !recorded)],
  ])("derive %s, in that order (R75, R82, R84)", (_, derived, expected) => {
    expect(derived).toEqual(expected);
  });

  it("give the referral report its keys, such as not_eligible (R97, R104)", () => {
    const keyed = STATUSES.flatMap(([status, , reportKey]) => (reportKey === null ? [] : [[reportKey, status]]));
    expect(REPORT_STATUSES).toEqual(Object.fromEntries(keyed));
    expect(REPORT_STATUS_KEYS).toEqual(keyed.map(([reportKey]) => reportKey));
  });
});
