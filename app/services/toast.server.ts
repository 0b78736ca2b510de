import { redirect } from "@remix-run/node";
import { z } from "zod";
import { signedCookie } from "~/utils/cookie.server";

/**
 * A one-request signed cookie, so it shows after the redirect with or without JavaScript. Holds a translation key,
 * translated by the page that shows it.
 */
export const ToastSchema = z.object({
  kind: z.enum(["success", "error", "info"]).default("success"),
  key: z.string().min(1),
  values: z.record(z.string(), z.string()).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

function toastCookie() {
  return signedCookie("toast");
}

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie().serialize(ToastSchema.parse(toast)) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of await createToastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined) {
    headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
