import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";
import { LANGUAGES, openScreen, pageFor, SCREENS, SCREENS_FOLDER, test } from "./screens";

// `npm run screens`: a full-page picture of every screen at two phone sizes and a desktop, in
// both languages, with JavaScript on and off (the config's projects). A screen that cannot be
// reached is reported at the end; the others are still pictured.

const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const digits = String(SCREENS.length).length;

for (const language of LANGUAGES) {
  test(`every screen in ${language}`, async ({ page, world, javaScriptOn }) => {
    const folder = (width: number) =>
      path.join(SCREENS_FOLDER, String(width), `${language === "sp" ? "es" : "en"}-${javaScriptOn ? "js" : "no-js"}`);
    for (const { width } of VIEWPORTS) mkdirSync(folder(width), { recursive: true });
    const unreached: string[] = [];
    for (const [index, screen] of SCREENS.entries()) {
      if (screen.jsOnly && !javaScriptOn) continue;
      const shown = await pageFor(screen, page, javaScriptOn);
      try {
        // Reached once at the phone's width, then pictured at each width as the page reflows
        // (the layout is CSS alone): three times fewer page loads and forms sent.
        await shown.page.setViewportSize(VIEWPORTS[0]);
        await openScreen(shown.page, screen, world, language);
        for (const viewport of VIEWPORTS) {
          await shown.page.setViewportSize(viewport);
          await shown.page.screenshot({
            path: path.join(folder(viewport.width), `${String(index + 1).padStart(digits, "0")}-${screen.name}.png`),
            fullPage: true,
          });
        }
      } catch (error) {
        // No server, no screen: stop at once.
        if (String(error).includes("ERR_CONNECTION_REFUSED")) throw error;
        unreached.push(`${screen.name}: ${String(error).split("\n")[0]}`);
      } finally {
        await shown.close();
      }
    }
    expect(unreached).toEqual([]);
  });
}
