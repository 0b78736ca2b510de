// `npm start` builds only when the build is missing or older than any source it comes from.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const built = "build/server.js";
const sources = ["app", "locales", "remix.config.js", "package.json", "package-lock.json"];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const stale =
  !existsSync(built) ||
  !existsSync("build/main.js") ||
  !existsSync("build/index.js") ||
  Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;
if (stale) {
  console.log("Building the application…");
  execSync("npm run build", { stdio: "inherit" });
}
