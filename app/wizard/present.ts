// Apart from the table of answers so that the review page's rows test an answer the same way without loading it.

/** The one test of an answer given: not null or undefined, not blank. */
export const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";
