import { InputError } from "~/models/errors";

/** The fields of a JSON or form body, as FormData, so one zod schema reads both. */
export async function readBody(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) {
    // Neither JSON nor a form (text/plain, a broken multipart body): refused by field, not a 500.
    return request.formData().catch(() => {
      throw new InputError({ body: ["api:fields.badBody"] });
    });
  }
  const form = new FormData();
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return form;
  }
  if (body && typeof body === "object" && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      form.set(name, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}
