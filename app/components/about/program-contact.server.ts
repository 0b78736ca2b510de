import { getConfig } from "~/config.server";
import type { ProgramContactInfo } from "./ProgramContact";

export function programContact(): ProgramContactInfo {
  const config = getConfig();
  return { phone: config.PROGRAM_PHONE ?? null, email: config.PROGRAM_EMAIL ?? null };
}
