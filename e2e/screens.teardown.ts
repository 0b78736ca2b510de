import { SCREENS_FOLDER } from "./screens";

export default function printWhere() {
  console.log(`\nThe screenshots are in ${SCREENS_FOLDER}/<width>/<language>-<js|no-js>/<nn>-<screen>.png`);
}
