/**
 * The HTTP status of a refusal, read by route() (app/utils/route.server.ts). A global-registry symbol so it matches
 * across the server's two bundles, each with its own copy of these classes.
 */
export const HTTP_STATUS = Symbol.for("referrals.httpStatus");

/** Not found or not yours, answered alike (404), so ids cannot be probed. */
export class NotFoundError extends Error {
  name = "NotFoundError";
  readonly [HTTP_STATUS] = 404;
}

/** Input refused after reading stored data, by field; each message is a translation key. */
export class InputError extends Error {
  name = "InputError";
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(`refused: ${Object.keys(fieldErrors).join(", ")}`);
  }
}

/** Choices that are not in their lookup lists (a tampered or outdated form), by field. */
export class InvalidChoiceError extends InputError {
  name = "InvalidChoiceError";
}

/** Something the person may see but not do (an administrator creating a child): a 403 page. */
export class ForbiddenError extends Error {
  name = "ForbiddenError";
  readonly [HTTP_STATUS] = 403;
}

/** Fields the person may see but not change (an administrator changing someone else's profile). */
export class FieldsForbiddenError extends ForbiddenError {
  name = "FieldsForbiddenError";
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(`not theirs: ${Object.keys(fieldErrors).join(", ")}`);
  }
}
