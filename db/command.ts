import { pathToFileURL } from "node:url";

/**
 * Runs a command's `main` when its file is the one node was asked to run (`tsx db/migrate.ts`), not when a test or
 * another command imports it; a failure is said in one line and the command ends with 1.
 */
export function runAsCommand(
  meta: ImportMeta,
  main: () => Promise<void>,
  describe = (error: unknown) => (error instanceof Error ? error.message : error),
) {
  if (meta.url !== pathToFileURL(process.argv[1] ?? "").href) return;
  main().catch((error: unknown) => {
    console.error(describe(error));
    process.exit(1);
  });
}
