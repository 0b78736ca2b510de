// Builds app/styles/app.css from app.scss and copies the USWDS images it uses into public/img.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const uswds = path.join(root, "node_modules/@uswds/uswds");

const { css } = sass.compile(path.join(root, "app/styles/app.scss"), {
  loadPaths: [path.join(uswds, "packages")],
  style: "compressed",
  quietDeps: true,
  silenceDeprecations: ["import", "global-builtin", "color-functions", "legacy-js-api"],
});
writeFileSync(path.join(root, "app/styles/app.css"), css);

const images = new Set([...css.matchAll(/url\(["']?\/img\/([^"')]+)["']?\)/g)].map((match) => match[1]));
for (const image of images) {
  const target = path.join(root, "public/img", image);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(uswds, "dist/img", image), target);
}
console.log(`app.css: ${(css.length / 1024).toFixed(1)} KB, ${images.size} images`);
