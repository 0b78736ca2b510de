import { spawn } from "node:child_process";
import { startPostgres } from "./postgres-server";

// `tsx db/with-postgres.ts <command> [arguments…]`: runs the command with TEST_DATABASE_URL set to
// a throw-away PostgreSQL server's superuser (db/postgres-server.ts), then stops and removes the
// server, and exits as the command did. With TEST_DATABASE_URL already set, that server is used
// and nothing is started.

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx db/with-postgres.ts <command> [arguments…]");
  process.exit(2);
}

let stop = () => {};
if (!process.env.TEST_DATABASE_URL) {
  try {
    const server = startPostgres();
    stop = server.stop;
    process.env.TEST_DATABASE_URL = server.adminUrl;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const child = spawn(command, args, { stdio: "inherit", shell: process.platform === "win32" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
