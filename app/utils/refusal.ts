/**
 * An action's answer that means the form came back with errors: Conform's reply with `status: "error"`
 * (`refused` in app/components/ui/page.server.ts, or a reply of a form that did not parse). The title says "Error: " for it.
 */
export function isRefusal(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { status?: unknown }).status === "error";
}
