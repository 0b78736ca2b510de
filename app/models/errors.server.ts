import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy, isForeignKeyViolation } from "../../db/dialect";

/** A delete the database refused because other records still name the record (a foreign key), on either database. */
export function isInUseError(error: unknown): boolean {
  return isForeignKeyViolation(error);
}

/** The database was too busy (R135): nothing was written; retry after `BUSY_RETRY_AFTER_SECONDS`. */
export function isBusyError(error: unknown): boolean {
  return isDatabaseBusy(error);
}

export { BUSY_RETRY_AFTER_SECONDS };
