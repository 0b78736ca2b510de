import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

// Data-folder files may be shared by instances (R122): written under a temporary name and renamed (atomic) once whole.

const PART = /\.part-[0-9a-f]{8}$/;

export function partNameFor(file: string): string {
  return `${file}.part-${randomBytes(4).toString("hex")}`;
}

export async function commitPart(part: string, file: string): Promise<void> {
  await rename(part, file);
}

/** Writes a file whole, under a temporary name first; only this process can read it (0600). */
export async function writeFileWhole(file: string, data: string | Uint8Array): Promise<void> {
  const part = partNameFor(file);
  try {
    await writeFile(part, data, { flag: "wx", mode: 0o600 });
    await commitPart(part, file);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files of a folder last written over `olderThanMs` ago: what a process stopped mid-write left.
 */
export async function sweepPartFiles(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!PART.test(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs <= olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Mode 0600: the database holds every family's record. SQLite copies the mode to the WAL and shm files it makes;
 * older ones are narrowed too.
 */
export function keepDatabaseFilePrivate(file: string): void {
  if (file === ":memory:") return;
  if (!existsSync(file)) closeSync(openSync(file, "a", 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(name)) chmodSync(name, 0o600);
}
