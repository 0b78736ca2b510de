import type { Operation } from "./handler.server";
import { addressOperations } from "./addresses.server";
import { adultOperations } from "./adults.server";
import { childOperations } from "./children.server";
import { localProgramOperations } from "./local-programs.server";
import { phoneOperations } from "./phone-numbers.server";
import { userOperations } from "./users.server";
import { referralOperations } from "./referrals.server";
import { documentOperations } from "./referral-documents.server";
import { accountOperations, referenceOperations, reportOperations } from "./services.server";

/** Every call of the JSON API, in the order the description lists them. */
export const API_OPERATIONS: readonly Operation[] = [
  referralOperations,
  documentOperations,
  childOperations,
  userOperations,
  addressOperations,
  adultOperations,
  phoneOperations,
  localProgramOperations,
  referenceOperations,
  accountOperations,
  reportOperations,
].flatMap((group) => Object.values(group) as Operation[]);
