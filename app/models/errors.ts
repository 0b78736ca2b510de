/**
 * The HTTP status of a refusal (404, 403), read by route(), the helper every route's loader and action is written
 * with, which turns refusals into pages (app/utils/route.server.ts). A symbol of the global registry, so that it reads
 * the same in the server's two bundles (the Remix build and the server that loads it), each with its own copy of these
 * classes.
 */
export const HTTP_STATUS = Symbol.for("referrals.httpStatus");

/**
 * A record that does not exist, or that the person asking may not see: the two are answered
 * alike (404), so nobody learns what exists by asking for ids that are not theirs.
 */
export class NotFoundError extends Error {
  name = "NotFoundError";
  readonly [HTTP_STATUS] = 404;
}

/**
 * Input the model refuses after looking at what is stored (a rule the form alone cannot check),
 * by field; each message is a translation key, shown next to its field.
 */
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

/** Fields of a record the person may see but not change (an administrator's change to someone else's profile), by field. */
export class FieldsForbiddenError extends ForbiddenError {
  name = "FieldsForbiddenError";
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(`not theirs: ${Object.keys(fieldErrors).join(", ")}`);
  }
}
