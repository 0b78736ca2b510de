import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { virtual } from "@guidepup/virtual-screen-reader";
import type { Page } from "@playwright/test";
import { buildSync } from "esbuild";
import { englishLeftIn } from "../app/i18n/english-only";

// What a screen reader says on a screen, from top to bottom, as @guidepup/virtual-screen-reader walks the
// accessibility tree of the page the browser shows (docs/accessibility.md tells how to read one). The
// transcript is the list of what it says at each step; the rules below are checked on it for every
// screen (e2e/accessibility.spec.ts), and `npm run transcripts` writes it to docs/a11y/transcripts/.

/** Where the transcripts are kept, in the repository (docs/decisions/0021-transcripts-beside-the-docs.md). */
export const TRANSCRIPTS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "docs",
  "a11y",
  "transcripts",
);

/**
 * A screen's transcript file: `<screen>.<lang>.txt`, and `<screen>.<lang>.no-js.txt` where JavaScript off says
 * otherwise.
 */
export function transcriptFile(screen: string, lang: "en" | "es", mode?: "no-js") {
  return `${screen}.${lang}${mode ? `.${mode}` : ""}.txt`;
}

/** The virtual screen reader's browser build, bundled once into a script that leaves it on `window`. */
let source: string | undefined;
function screenReaderSource() {
  source ??= buildSync({
    entryPoints: [createRequire(import.meta.url).resolve("@guidepup/virtual-screen-reader/browser.js")],
    bundle: true,
    format: "iife",
    globalName: "virtualScreenReader",
    write: false,
    logLevel: "error",
  }).outputFiles[0].text;
  return source;
}

/**
 * One thing said: what is heard, and when it is a control (something one can press, type in or choose), what it does.
 */
export interface Heard {
  /** As it is said: its role, name, value, description and states ("textbox, First name, required"). */
  said: string;
  /** Its name (and value when the name does not say it), as the reader gives it. */
  name: string;
  control?: {
    /** The element, for the messages: `input#login-email`, `a`. */
    element: string;
    /** Where it leads or what it sends: a link's address; a button's form, name and value; a field's id. */
    target: string;
    /** Its value as shown (a field's text, a list's chosen option): a name that is only this names nothing. */
    value: string;
    /** aria-invalid. */
    invalid: boolean;
    /** A box's tick as the page holds it (the DOM's `checked`), for what is said of it. */
    checked?: boolean;
  };
  /** An option's choice as the page holds it (the DOM's `selected`), for what is said of it. */
  chosen?: boolean;
  /** An error message's text, when this is a field or group in error whose description is read with it. */
  errors?: string[];
  /** Said inside an alert (the error summary, said before the page's title when a form is refused). */
  inAlert?: boolean;
}

export interface Transcript {
  heard: Heard[];
  /** Whether what is said is a modal dialog open over the page, the rest of which is then inert. */
  modal: boolean;
  /** The page's title (document.title). */
  title: string;
  /** The page's language (html lang). */
  language: string;
  /**
   * The error messages shown next to fields (.usa-error-message), each with whether a control or group refers to it.
   */
  errorMessages: Array<{ text: string; id: string }>;
  /**
   * Positions in `heard` of the controls in the order Tab reaches them, one round from the top; -1 for one never heard.
   */
  tabOrder: Array<{ heard: number; element: string }>;
}

declare global {
  interface Window {
    virtualScreenReader?: { virtual: typeof virtual };
    /** The elements the reader said, by position in the transcript (for the walk with Tab). */
    heardAt?: Map<Element, number>;
    /** Every element of the page as the reader walked it: one made later (by the round of Tab itself) is not judged. */
    walked?: WeakSet<Element>;
  }
}

/** The reader's walk, run in the page: every step from the top of the document to its end. */
async function walk() {
  const { virtual } = window.virtualScreenReader!;
  const controls =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
  const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`;
  const targetOf = (element: Element): string => {
    if (element instanceof HTMLAnchorElement) return element.href;
    if (element instanceof HTMLButtonElement) {
      const form = element.form;
      return `${form ? `${form.method} ${form.action}` : "no form"} ${element.name}=${element.value} ${element.type}${element.getAttribute("aria-controls") ?? ""}`;
    }
    return element.id ? `#${element.id}` : describe(element);
  };
  const valueOf = (element: Element): string => {
    if (element instanceof HTMLSelectElement) return element.selectedOptions[0]?.text ?? "";
    if (element instanceof HTMLInputElement && !["checkbox", "radio", "submit", "button"].includes(element.type))
      return element.value;
    if (element instanceof HTMLTextAreaElement) return element.value;
    return "";
  };
  // The virtual reader reads a box's ticks, a list's choice and a field's text from the markup's attributes, which say
  // what the page first held; a screen reader says what the page holds now, as a person changed it with JavaScript
  // (a refused form keeps what was chosen without a new document). The attributes are set to what the page holds.
  for (const input of document.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]"))
    input.toggleAttribute("checked", input.checked);
  for (const option of document.querySelectorAll("option")) option.toggleAttribute("selected", option.selected);
  for (const input of document.querySelectorAll<HTMLInputElement>(
    "input:not([type=checkbox], [type=radio], [type=file], [type=hidden], [type=password])",
  )) {
    if (input.getAttribute("value") !== input.value) input.setAttribute("value", input.value);
  }
  for (const area of document.querySelectorAll("textarea"))
    if (area.textContent !== area.value) area.textContent = area.value;
  const heard: Heard[] = [];
  const heardAt = new Map<Element, number>();
  // A modal dialog leaves the rest of the page inert: a screen reader says the dialog alone.
  const modal = [...document.querySelectorAll("dialog[open]")].find((dialog) => dialog.matches(":modal")) ?? null;
  await virtual.start({ container: modal ?? document.body });
  try {
    for (let step = 0; step < 20_000; step++) {
      const said = await virtual.lastSpokenPhrase();
      const node = virtual.activeNode;
      const entry: Heard = { said, name: await virtual.itemText() };
      // An option's value is for the server: the virtual reader says it, screen readers do not.
      if (node instanceof HTMLOptionElement && node.value !== node.label) {
        entry.said = said.replace(`, ${node.label}, ${node.value}`, `, ${node.label}`);
        entry.name = node.label;
      }
      if (node instanceof HTMLOptionElement) entry.chosen = node.selected;
      // A list's value is said as its chosen option's words, as screen readers do (the virtual reader says the value).
      if (
        node instanceof HTMLSelectElement &&
        node.selectedOptions[0] &&
        node.value &&
        node.value !== node.selectedOptions[0].label
      ) {
        const chosen = node.selectedOptions[0].label;
        entry.said = entry.said.replace(`, ${node.value}, `, `, ${chosen}, `);
        entry.name = entry.name.replace(
          new RegExp(`, ${node.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
          `, ${chosen}`,
        );
      }
      // "end of combobox, Month": the reader leaving what it said already.
      if (node instanceof Element && !said.startsWith("end of ")) {
        if (!heardAt.has(node)) heardAt.set(node, heard.length);
        if (node.matches(controls)) {
          const value = valueOf(node);
          entry.control = {
            element: describe(node),
            target: targetOf(node),
            value,
            invalid: node.getAttribute("aria-invalid") === "true",
          };
          if (node instanceof HTMLInputElement && (node.type === "checkbox" || node.type === "radio"))
            entry.control.checked = node.checked;
          // The name alone: the reader says a field's value after it.
          if (value && entry.name.endsWith(`, ${value}`)) entry.name = entry.name.slice(0, -value.length - 2);
        }
        const errors = (node.getAttribute("aria-describedby") ?? "")
          .split(/\s+/)
          .map((id) => (id ? document.getElementById(id) : null))
          .filter((described) => described?.classList.contains("usa-error-message"))
          .map((described) => described!.textContent!.trim());
        if (errors.length) entry.errors = errors;
        if (node.closest("[role=alert]")) entry.inAlert = true;
      }
      heard.push(entry);
      // The end of the document, or of the modal dialog said alone (the reader would go round it again).
      if (said === "end of document" || (modal && node === modal && said.startsWith("end of "))) break;
      await virtual.next();
    }
  } finally {
    await virtual.stop();
  }
  window.heardAt = heardAt;
  window.walked = new WeakSet(document.querySelectorAll("*"));
  return {
    heard,
    modal: modal !== null,
    title: document.title,
    language: document.documentElement.lang,
    errorMessages: [...document.querySelectorAll(".usa-error-message")]
      .filter((element) => element.textContent?.trim())
      .map((element) => ({ text: element.textContent!.trim(), id: element.id })),
  };
}

/** Starts writing down, in the page, each element the focus moves to, by its position in the transcript. */
function recordFocus() {
  const stops: Array<{ heard: number; element: string }> = [];
  document.addEventListener("focusin", (event) => {
    const element = event.target as Element;
    // A form's checks as a field is left may show an error summary meanwhile, which the walk could not say.
    if (window.walked && !window.walked.has(element)) return;
    const text = (element.getAttribute("aria-label") ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    stops.push({
      heard: window.heardAt?.get(element) ?? -1,
      element: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className ? `.${String(element.className).split(" ")[0]}` : ""} "${text}"`,
    });
  });
  (window as unknown as { focusStops: typeof stops }).focusStops = stops;
  (document.activeElement as HTMLElement | null)?.blur();
  // Enough presses for one round: each control Tab may stop at (a radio group is one stop, so fewer).
  return document.querySelectorAll(
    "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])",
  ).length;
}

/** The Tab key as the browser's input pipeline receives it from a keyboard. */
const TAB_KEY = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };

/**
 * One round of Tab through the page: the stops in the order Tab reaches them, starting at the one said first (the
 * round is the same whichever stop it starts from). The stops are read once, at the end.
 *
 * The presses are real key events, sent through the browser's own input pipeline as `keyboard.press` sends them, but
 * all at once: the browser handles them one after the other, in order, without waiting for the test between two. One
 * `keyboard.press` at a time cost about 0.1 s a press on this machine's 2 cores, some 2 s on each screen; sent at once,
 * a round takes about 0.35 s, and the stops are the same (compared over 76 screens).
 */
async function tabRound(page: Page): Promise<Transcript["tabOrder"]> {
  const count = await page.evaluate(recordFocus);
  const browser = await page.context().newCDPSession(page);
  try {
    const presses: Promise<unknown>[] = [];
    for (let press = 0; press < count + 2; press++) {
      presses.push(browser.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...TAB_KEY }));
      presses.push(browser.send("Input.dispatchKeyEvent", { type: "keyUp", ...TAB_KEY }));
    }
    await Promise.all(presses);
  } finally {
    await browser.detach();
  }
  const all = await page.evaluate(() => (window as unknown as { focusStops: Transcript["tabOrder"] }).focusStops);
  // The round ends where a stop comes again.
  const seen = new Set<string>();
  const stops: Transcript["tabOrder"] = [];
  for (const stop of all) {
    const key = `${stop.heard}:${stop.element}`;
    if (seen.has(key)) break;
    seen.add(key);
    stops.push(stop);
  }
  const first = stops.reduce(
    (best, stop, index) => (stop.heard >= 0 && (best < 0 || stop.heard < stops[best].heard) ? index : best),
    -1,
  );
  return first <= 0 ? stops : [...stops.slice(first), ...stops.slice(0, first)];
}

/**
 * The transcript of the page as it is now (with JavaScript off, of the scriptless copy fixtures.ts shows it in), and
 * unless `tabs` is false, one round of Tab through it.
 */
export async function transcribe(page: Page, { tabs = true }: { tabs?: boolean } = {}): Promise<Transcript> {
  if (!(await page.evaluate(() => "virtualScreenReader" in window))) await page.evaluate(screenReaderSource());
  const said = await page.evaluate(walk);
  return { ...said, tabOrder: tabs ? await tabRound(page) : [] };
}

/** The transcript as a file holds it: one thing said per line. */
function transcriptText(transcript: Transcript): string {
  return `${transcript.heard.map((each) => each.said).join("\n")}\n`;
}

/**
 * What changes from one showing of a screen to the next (today's date, the server's port, e-mail addresses made for
 * the run, keys and links' secrets), said as a placeholder: two transcripts that differ only there say the same.
 */
const MASKS: Array<[RegExp, string]> = [
  [/https?:\/\/localhost:\d+/g, "‹site›"],
  [/token=[\w-]+/g, "token=‹secret›"],
  [/[\w.+-]+@example\.com/g, "‹e-mail›"],
  [/\b[A-Z2-7]{16,}\b/g, "‹secret›"],
  [/\b(?:[A-Z2-7]{4} ){3,}[A-Z2-7]{1,4}\b/g, "‹secret›"],
  [/\b(?:mdei|key)_[\w-]{8,}/gi, "‹secret›"],
  // A key's first letters as its list shows them, a recovery code, a kept file's random name.
  [/\bmdei_[\w-]{4}(?![\w-])/g, "mdei_‹start›"],
  [/\b(?=[a-z-]*\d)[a-z0-9]{5}-[a-z0-9]{5}\b/g, "‹secret›"],
  [/\b(?:[a-z0-9]{6}-){3}[a-z0-9]{6}\b/g, "‹secret›"],
  // A recovery code said alone, as its list item (one of letters only too).
  [/^[a-z0-9]{5}-[a-z0-9]{5}$/gm, "‹secret›"],
  [/-[0-9a-f]{8}\.csv\b/g, "-‹id›.csv"],
  [/\bKey [0-9a-f]{8}\b/g, "Key ‹name›"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "‹id›"],
  [
    /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/g,
    "‹date›",
  ],
  [
    /\b\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}\b/g,
    "‹date›",
  ],
  [/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, "‹date›"],
  [/\b\d{4}-\d{2}-\d{2}\b/g, "‹date›"],
  [/\b\d{1,2}:\d{2}(?: ?(?:[AP]M|[ap]\.m\.))?(?: (?:EST|EDT))?/gi, "‹time›"],
];

/**
 * The transcript as a file holds it, one thing said per line, with what changes from one showing to the next masked.
 */
export function maskedText(transcript: Transcript): string {
  return MASKS.reduce(
    (result, [pattern, placeholder]) => result.replace(pattern, placeholder),
    transcriptText(transcript),
  );
}

const STEP = { en: /\bstep (\d+) of 14\b/i, es: /\bpaso (\d+) de 14\b/i } as const;

/**
 * What the transcript breaks of the rules every screen keeps (docs/accessibility.md); an empty list when none.
 * `step` is the wizard step the screen is (1 to 14) and its section's name, said with it.
 */
export function transcriptProblems(
  transcript: Transcript,
  { step }: { step?: { number: number; section: string } } = {},
): string[] {
  const problems: string[] = [];
  const { heard } = transcript;

  // Every control has a name: something more than its value. A box is said ticked, and an option chosen, as the page
  // holds it.
  for (const each of heard) {
    if (each.control && (!each.name.trim() || each.name.trim() === each.control.value.trim()))
      problems.push(`a control without a name: ${each.control.element} said "${each.said}"`);
    const states = each.said.split(", ");
    if (each.control?.checked !== undefined && states.includes(each.control.checked ? "not checked" : "checked"))
      problems.push(
        `a box said otherwise than it is (${each.control.checked ? "ticked" : "not ticked"}): "${each.said}"`,
      );
    // After the option's words, which the reader runs into its state ("- Select -not selected").
    const optionStates = each.said.slice(each.said.indexOf(each.name) + each.name.length).split(", ");
    if (each.chosen !== undefined && optionStates.includes(each.chosen ? "not selected" : "selected"))
      problems.push(`an option said otherwise than it is (${each.chosen ? "chosen" : "not chosen"}): "${each.said}"`);
  }

  // One name, one target: two links or buttons said alike go to the same place or do the same thing.
  const targets = new Map<string, Set<string>>();
  for (const each of heard) {
    if (!each.control || !/^(link|button)\b/.test(each.said)) continue;
    const key = `${each.said.split(",")[0]}: ${each.name}`;
    targets.set(key, (targets.get(key) ?? new Set()).add(each.control.target));
  }
  for (const [name, where] of targets)
    if (where.size > 1) problems.push(`one name for ${where.size} different targets: ${name}`);

  // An error is said with its field: every message shown is in the description of a field or group in error.
  const saidWithField = new Set(heard.flatMap((each) => each.errors ?? []));
  for (const message of transcript.errorMessages) {
    if (!saidWithField.has(message.text)) problems.push(`an error not said with its field: "${message.text}"`);
  }
  for (const each of heard) {
    if (each.control?.invalid && !each.errors?.length)
      problems.push(`a field in error said without its message: "${each.said}"`);
  }

  // The first heading is the page's title (an error summary, said first as an alert, comes before it; a page that is
  // itself an alert has its title in it); a modal dialog's is its own question, its name.
  const allHeadings = heard.filter((each) => each.said.startsWith("heading, "));
  const headings = allHeadings.some((each) => !each.inAlert)
    ? allHeadings.filter((each) => !each.inAlert)
    : allHeadings;
  const first = headings[0];
  if (!first) problems.push("no heading");
  else if (transcript.modal) {
    if (!heard[0]?.said.includes(first.name)) problems.push(`the dialog is not named by its heading "${first.name}"`);
  } else {
    if (!first.said.endsWith("level 1")) problems.push(`the first heading is not the title: "${first.said}"`);
    // The title is the heading's words, then the service's name; a wizard step's heading goes on to say the step
    // (R166).
    const title = transcript.title.replace(/^Error: /, "").split(" | ")[0];
    if (!first.name.startsWith(title))
      problems.push(`the first heading "${first.name}" is not the page's title "${transcript.title}"`);
  }

  // A wizard step's heading says which step it is and its section (R165, R166).
  if (step) {
    const pattern = STEP[transcript.language === "es" ? "es" : "en"];
    const saying = heard.find((each) => pattern.test(each.said) && each.said.startsWith("heading, "));
    if (!saying || Number(pattern.exec(saying.said)![1]) !== step.number)
      problems.push(`the step is not said as step ${step.number} of 14`);
    else if (!saying.said.includes(step.section))
      problems.push(`the section "${step.section}" is not said with the step`);
  }

  // A Spanish transcript has no English but names.
  if (transcript.language === "es") {
    for (const phrase of englishLeftIn(heard.map((each) => each.name).join("\n")))
      problems.push(`English in the Spanish transcript: "${phrase}"`);
  }

  // Tab follows the reading order, and reaches nothing the reader does not say.
  let last = -1;
  for (const stop of transcript.tabOrder) {
    if (stop.heard < 0) problems.push(`Tab reaches ${stop.element}, which is never said`);
    else if (stop.heard < last) problems.push(`Tab goes back up the reading order to ${stop.element}`);
    else last = stop.heard;
  }
  return problems;
}
