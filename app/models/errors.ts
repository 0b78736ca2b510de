/**
 * A record that does not exist, or that the person asking may not see: the two are answered
 * alike (404), so nobody learns what exists by asking for ids that are not theirs.
 */
export class NotFoundError extends Error {
  name = "NotFoundError";
}

/** Choices that are not in their lookup lists (a tampered or outdated form), by field. */
export class InvalidChoiceError extends Error {
  name = "InvalidChoiceError";
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(`not in the lookup lists: ${Object.keys(fieldErrors).join(", ")}`);
  }
}
