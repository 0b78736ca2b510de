import { isForeignKeyViolation } from "../../db/dialect";

/** A delete the database refused because other records still name the record (a foreign key), on either database. */
export function isInUseError(error: unknown): boolean {
  return isForeignKeyViolation(error);
}
