/** A form came back with errors (Conform's `status: "error"`); the title says "Error: ". */
export function isRefusal(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { status?: unknown }).status === "error";
}
