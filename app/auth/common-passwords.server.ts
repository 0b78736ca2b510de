import { readFileSync } from "node:fs";
import path from "node:path";

// About 80 KB, read once on the server, relative to the project root (as public/ and build/).
const LIST_FILE = path.join(process.cwd(), "app/data/common-passwords.txt");

let common: Set<string> | undefined;

function load(): Set<string> {
  const lines = readFileSync(LIST_FILE, "utf8").split("\n");
  return new Set(lines.filter((line) => line && !line.startsWith("#")));
}

/** Whether a password is on the list of common passwords, without regard to case. */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}
