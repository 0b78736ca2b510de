import { json } from "@remix-run/node";
import { ForbiddenError, NotFoundError } from "~/models/errors";

// How routes turn the model's answers into HTTP: a record that is missing, or not the asker's to
// see, is a 404 page (docs/product-rules.md R108: never someone else's data, nor a hint that it exists).

export function notFound(): never {
  throw json({ message: "Not found" }, { status: 404 });
}

/** A record id from the path: a positive whole number, or the page does not exist. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) notFound();
  return Number(value);
}

export function forbidden(): never {
  throw json({ message: "Forbidden" }, { status: 403 });
}

/** Runs a model call; NotFoundError becomes the 404 page and ForbiddenError the 403 page. */
export async function orHttpError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    if (error instanceof ForbiddenError) forbidden();
    throw error;
  }
}
