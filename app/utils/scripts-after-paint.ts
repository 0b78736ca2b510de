// A page is shown before its scripts are fetched (docs/product-rules.md R125). On a slow phone network the
// stylesheet, which the first paint waits for, then has the connection to itself, and the page reads as soon as it
// can; the scripts, which only enhance a page that works without them, come after.
//
// Remix's <Scripts> writes a <link rel="modulepreload"> for each of the page's script files and one inline module
// script that imports them; a browser fetches both as soon as it reads them. The server makes them inert
// (afterPaintScripts), and a small script of the page's head (START_SCRIPTS_AFTER_PAINT) gives them back their
// meaning once the page has loaded and painted a frame. The elements stay where React rendered them, so hydration
// finds the document it expects.

const PRELOAD = '<link rel="modulepreload" ';
const PRELOAD_LATER = '<link rel="modulepreload-after-paint" ';
const MODULE = ' type="module" async="">';
const MODULE_LATER = ' type="module-after-paint">';

/** The page's HTML with its script preloads and its module script made inert until START_SCRIPTS_AFTER_PAINT runs them. */
export function afterPaintScripts(html: string): string {
  // Both are at the end of the body, the preloads before the module script: only that part is read again.
  const module = html.lastIndexOf(MODULE);
  if (module < 0) return html;
  const first = html.indexOf(PRELOAD);
  const from = first >= 0 && first < module ? first : module;
  return html.slice(0, from) + html.slice(from, module).split(PRELOAD).join(PRELOAD_LATER) + MODULE_LATER + html.slice(module + MODULE.length);
}

/**
 * The head's script: after the load event and the page's first paint, the preloads become preloads again and the module
 * script is replaced by a live copy (same place, same text, the page's nonce). The first paint is the one the browser
 * reports (looked for at each frame); where it reports none, two frames on; in any case within a second, for a page
 * opened in the background and not yet painted. Written for the oldest browsers the service supports (R34), every
 * statement ended by its semicolon or brace so that the lines can be joined (it is in every page).
 */
export const START_SCRIPTS_AFTER_PAINT = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="modulepreload-after-paint"]');
    for (var i = 0; i < links.length; i++) links[i].rel = "modulepreload";
    var later = document.querySelector('script[type="module-after-paint"]');
    if (!later) return;
    var script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = later.textContent;
    later.parentNode.replaceChild(script, later);
  }
  var reportsPaint = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf("paint") >= 0;
  function painted() {
    return window.performance && performance.getEntriesByName && performance.getEntriesByName("first-contentful-paint").length > 0;
  }
  function afterPaint() {
    var frames = 0;
    function frame() {
      frames += 1;
      if (painted() || (!reportsPaint && frames > 2)) setTimeout(start, 0);
      else if (!started) requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
    setTimeout(start, 1000);
  }
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint);
})();`.replace(/\n\s*/g, "");
