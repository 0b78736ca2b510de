/**
 * A record that does not exist, or that the person asking may not see: the two are answered
 * alike (404), so nobody learns what exists by asking for ids that are not theirs.
 */
export class NotFoundError extends Error {
  name = "NotFoundError";
}
