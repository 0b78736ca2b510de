import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./2026-11-21T00-initial";
import * as listIndexes from "./2026-11-21T01-list-indexes";
import * as apiKeys from "./2026-11-21T02-api-keys";
import * as taskLeases from "./2026-11-24T00-task-leases";
import * as postgresListIndexes from "./2026-11-24T01-postgres-list-indexes";
import * as sameChildPairs from "./2026-11-25T00-same-child-pairs";
import * as referralFigures from "./2026-11-25T01-referral-figures";
import * as secondFactor from "./2026-11-26T00-second-factor";
import * as signInSecurity from "./2026-11-27T00-sign-in-security";
import * as recordOfAccess from "./2026-11-27T01-record-of-access";
import * as localPrograms from "./2026-11-28T00-local-programs";
import * as programFigures from "./2026-11-28T01-program-figures";
import * as localProgramRole from "./2026-11-28T02-local-program-role";
import * as securityReview from "./2026-12-05T00-security-review";
import * as sessionDevices from "./2026-12-05T01-session-devices";
import * as mailedCode from "./2026-12-05T02-mailed-code";

// Every migration, in the order it runs. Names sort by their ISO date prefix, and Kysely
// refuses to run when an applied name is missing here, so never rename or remove one.
const migrations: Record<string, Migration> = {
  "2026-11-21T00-initial": initial,
  "2026-11-21T01-list-indexes": listIndexes,
  "2026-11-21T02-api-keys": apiKeys,
  "2026-11-24T00-task-leases": taskLeases,
  "2026-11-24T01-postgres-list-indexes": postgresListIndexes,
  "2026-11-25T00-same-child-pairs": sameChildPairs,
  "2026-11-25T01-referral-figures": referralFigures,
  "2026-11-26T00-second-factor": secondFactor,
  "2026-11-27T00-sign-in-security": signInSecurity,
  "2026-11-27T01-record-of-access": recordOfAccess,
  "2026-11-28T00-local-programs": localPrograms,
  "2026-11-28T01-program-figures": programFigures,
  "2026-11-28T02-local-program-role": localProgramRole,
  "2026-12-05T00-security-review": securityReview,
  "2026-12-05T01-session-devices": sessionDevices,
  "2026-12-05T02-mailed-code": mailedCode,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
