import { closeSync, openSync, ftruncateSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createChild, createUser, fillReferral, signIn, startReferral, yearsAgo } from "./support";

// A person who uses only the keyboard: Tab, Shift+Tab, Enter, Space and the arrow keys. Every stop
// shows where the focus is; a new screen puts the focus on the main view (with JavaScript; without
// it the skip link is the first stop and leads there); a refused form puts it on the error summary
// and the title says "Error: "; a dialog keeps Tab inside and gives the focus back when it closes.

interface Focused {
  tag: string;
  type: string | null;
  id: string;
  name: string;
  legend: string;
  checked: boolean;
  tabStop: boolean;
  ring: boolean;
  inDialog: boolean;
}

/** The focused element: what it is called, and whether a focus indicator shows on it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body)
      return { tag: "body", type: null, id: "", name: "", legend: "", checked: false, tabStop: false, ring: false, inDialog: false };
    const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
    const name = clean(element.labels?.[0]?.textContent || element.getAttribute("aria-label") || element.textContent || element.value);
    const ring = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== "" && style.boxShadow !== "none");
    let shown = ring(getComputedStyle(element));
    // USWDS hides the radio and checkbox inputs and draws their focus ring on the label's box.
    const label = element.labels?.[0];
    if (!shown && label) shown = ring(getComputedStyle(label, "::before")) || ring(getComputedStyle(label));
    return {
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type"),
      id: element.id,
      name,
      legend: clean(element.closest("fieldset")?.querySelector("legend")?.textContent),
      checked: Boolean(element.checked),
      // A date field's calendar button belongs to the browser's own part of the field, which the page
      // cannot style or read: the field then no longer matches :focus.
      tabStop: element.tabIndex >= 0 && !(element.type === "date" && !element.matches(":focus")),
      ring: shown,
      inDialog: Boolean(element.closest("dialog")),
    };
  });
}

/** Whether the page runs without its scripts (set for each test). */
let scriptsOff = false;
test.beforeEach(({ javaScriptOn }) => {
  scriptsOff = !javaScriptOn;
});

async function press(page: Page, key: string): Promise<Focused> {
  // Enter may open another page (always so without JavaScript): the next screen is checked on its
  // own. Without scripts, the press is over once the browser has gone to the next address (a form
  // post, a link or the skip link's #main-content); the page still shown until then must not be
  // mistaken for the next one.
  const navigated = key === "Enter" && scriptsOff ? page.waitForEvent("framenavigated", { timeout: 15_000 }) : null;
  await page.keyboard.press(key);
  if (key === "Enter") {
    await navigated;
    await page.waitForLoadState();
    return focused(page).catch(() => focused(page));
  }
  const now = await focused(page);
  // A region focused for the reader's place (the main view), not a control, needs no ring.
  if (now.tabStop) expect(now.ring, `a focus indicator on ${now.tag} "${now.name}"`).toBe(true);
  return now;
}

/** Tabs (or Shift+Tabs) until the focused element matches; every stop on the way must show its focus. */
async function tabTo(page: Page, matches: (element: Focused) => boolean, what: string, { back = false, max = 90 } = {}): Promise<Focused> {
  for (let stop = 0; stop < max; stop++) {
    const now = await press(page, back ? "Shift+Tab" : "Tab");
    if (matches(now)) return now;
  }
  throw new Error(`Tab never reached ${what}`);
}

const named = (name: RegExp) => (element: Focused) => name.test(element.name);

async function tabToNamed(page: Page, name: RegExp, options?: { back?: boolean }) {
  return tabTo(page, named(name), String(name), options);
}

async function typeInto(page: Page, name: RegExp, text: string) {
  await tabToNamed(page, name);
  await page.keyboard.type(text);
}

/** Tabs into a radio group (by its legend) and picks an option with the arrow keys (or Space). */
async function chooseRadio(page: Page, legend: RegExp, label: RegExp) {
  let now = await tabTo(page, (element) => element.type === "radio" && legend.test(element.legend), `the radio group ${legend}`);
  for (let moves = 0; !label.test(now.name); moves++) {
    if (moves > 8) throw new Error(`no option ${label} in ${legend}; the focus is on ${now.tag} "${now.name}"`);
    now = await press(page, "ArrowDown");
  }
  if (!now.checked) await press(page, "Space");
}

async function tickBox(page: Page, label: RegExp) {
  const now = await tabTo(page, (element) => element.type === "checkbox" && label.test(element.name), `the box ${label}`);
  if (!now.checked) await press(page, "Space");
}

/** Picks an option of a select list by typing the start of its label, as the keyboard does. */
async function chooseOption(page: Page, name: RegExp, typed: string) {
  await tabToNamed(page, name);
  await page.keyboard.type(typed);
}

/** On a new screen: focus on the main view (with JavaScript) or the skip link first, which leads there. */
async function expectFocusOnMain(page: Page, javaScriptOn: boolean) {
  if (javaScriptOn) {
    await expect.poll(async () => (await focused(page)).id, { message: "focus on the main view", intervals: [50, 100, 250] }).toBe("main-content");
    return;
  }
  const first = await press(page, "Tab");
  expect(first.name).toBe("Skip to main content");
  await press(page, "Enter");
  await expect.poll(async () => (await focused(page)).id).toBe("main-content");
}

async function expectScreen(page: Page, heading: string | RegExp, javaScriptOn: boolean, titles: Map<string, string>) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectFocusOnMain(page, javaScriptOn);
  const title = await page.title();
  const screen = new URL(page.url()).pathname.replace(/\/\d+/g, "/{id}");
  titles.set(screen, title);
}

/**
 * A refused form: the title says so and the focus is on the error summary (without JavaScript the browser puts it
 * there as the page loads, docs/product-rules.md R153).
 */
async function expectRefused(page: Page, message: string) {
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText(message);
  await expect(page).toHaveTitle(/^Error: /);
  await expect(summary, JSON.stringify(await focused(page))).toBeFocused();
}

async function saveAndContinue(page: Page) {
  await tabToNamed(page, /^Save and continue$/);
  await press(page, "Enter");
}

test("a keyboard user adds a child and walks the whole wizard to the review, every screen with its own title", async ({ page, context, javaScriptOn }) => {
  test.slow();
  const titles = new Map<string, string>();
  await signIn(context, await createUser());
  await page.goto("/app/children");
  await expectFocusOnMainAfterLoad(page, javaScriptOn);
  await tabToNamed(page, /^Add a child$/);
  await press(page, "Enter");

  // The child: birthdate and state, then the name.
  await expectScreen(page, "Add a child: date of birth and state", javaScriptOn, titles);
  const [year, month, day] = yearsAgo(1).split("-").map(Number);
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 1)));
  await chooseOption(page, /^Month/, monthName);
  await chooseOption(page, /^Day/, String(day));
  await chooseOption(page, /^Year/, String(year));
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(String(day));
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(String(month));
  await tabToNamed(page, /^Continue$/);
  await press(page, "Enter");
  await expectScreen(page, "Add a child: name", javaScriptOn, titles);
  await typeInto(page, /^First name/, "Teclado");
  await typeInto(page, /^Last name/, "Walker");
  await tabToNamed(page, /^Add the child$/);
  await press(page, "Enter");
  await expectScreen(page, "Teclado Walker", javaScriptOn, titles);
  await tabToNamed(page, /^Start a new referral$/);
  await press(page, "Enter");

  // 1–2. The referrer.
  await expectScreen(page, "Your relationship to the child", javaScriptOn, titles);
  await chooseRadio(page, /relationship to the child|related to the child/, /^Parent$/);
  await saveAndContinue(page);
  await expectScreen(page, "Your name and phone", javaScriptOn, titles);
  await typeInto(page, /^Phone number/, "4105551234");
  await saveAndContinue(page);

  // 3. Refused without the Hispanic answer: the error summary takes the focus.
  await expectScreen(page, "The child's sex, race and ethnicity", javaScriptOn, titles);
  await chooseRadio(page, /^Sex/, /^Female$/);
  await tickBox(page, /^Asian$/);
  await saveAndContinue(page);
  await expectRefused(page, "also answer whether the child is Hispanic or Latino");
  await chooseRadio(page, /Hispanic or Latino\?/, /^No$/);
  await saveAndContinue(page);

  // 4–6. The child's language, address (found by the lookup) and gestational age.
  await expectScreen(page, "The child's language", javaScriptOn, titles);
  await chooseOption(page, /^The child's primary language/, "Spanish");
  await expect(page.getByLabel("The child's primary language")).toHaveValue("2");
  await saveAndContinue(page);
  await expectScreen(page, "The child's address", javaScriptOn, titles);
  await typeInto(page, /^Find the address/, "12 Main St, 21401");
  await tabToNamed(page, /^Look up$/);
  await press(page, "Enter");
  if (!javaScriptOn) await expectFocusOnMain(page, false);
  await tabToNamed(page, /^Use this address/);
  await press(page, "Enter");
  await expect(page.getByLabel("City or town", { exact: true })).toHaveValue("Annapolis");
  if (!javaScriptOn) await expectFocusOnMain(page, false);
  await saveAndContinue(page);
  await expectScreen(page, "Gestational age at birth", javaScriptOn, titles);
  await typeInto(page, /^Weeks/, "39");
  await typeInto(page, /^Days/, "3");
  await saveAndContinue(page);

  // 7–8. A parent, added from the list.
  await expectScreen(page, "Parents and guardians", javaScriptOn, titles);
  await tabToNamed(page, /^Add a parent or guardian$/);
  await press(page, "Enter");
  await expectScreen(page, "Add a parent or guardian", javaScriptOn, titles);
  await typeInto(page, /^First name/, "Rosa");
  await typeInto(page, /^Last name/, "Walker");
  await chooseOption(page, /^Relationship to the child/, "Parent");
  await typeInto(page, /^Home phone/, "4105550001");
  await tabToNamed(page, /^Add$/);
  await press(page, "Enter");
  await expectScreen(page, "Parents and guardians", javaScriptOn, titles);
  await expect(page.getByRole("row", { name: /Rosa Walker/ })).toBeVisible();
  await saveAndContinue(page);

  // 9–14. The family, the reasons, the details.
  await expectScreen(page, "The family's language", javaScriptOn, titles);
  await chooseOption(page, /^The family's primary language/, "Spanish");
  await saveAndContinue(page);
  await expectScreen(page, "Interpreter", javaScriptOn, titles);
  await chooseRadio(page, /need an interpreter/, /^Yes$/);
  await saveAndContinue(page);
  await expectScreen(page, "Foster care", javaScriptOn, titles);
  await chooseRadio(page, /in foster care/, /^Unknown$/);
  await saveAndContinue(page);
  await expectScreen(page, "Reasons for the referral", javaScriptOn, titles);
  await tickBox(page, /^Hearing$/);
  await saveAndContinue(page);
  await expectScreen(page, "Screenings and medical conditions", javaScriptOn, titles);
  await saveAndContinue(page);
  await expectScreen(page, "Additional details", javaScriptOn, titles);
  await typeInto(page, /^Anything else the program should know/, "Walks late.");
  await saveAndContinue(page);

  // 15. The documents, then the review.
  await expectScreen(page, "Documents and consent", javaScriptOn, titles);
  await saveAndContinue(page);
  await expectScreen(page, "Review the referral for Teclado Walker", javaScriptOn, titles);

  // Shift+Tab walks back through the same stops, each showing its focus.
  await tabTo(page, (element) => element.name === "Skip to main content", "the skip link", { back: true });

  // Every screen visited has a title of its own.
  const all = [...titles.values()];
  expect(all.length).toBeGreaterThanOrEqual(19);
  expect(new Set(all).size, JSON.stringify([...titles])).toBe(all.length);
});

/** The first page of a test was opened with goto: nothing moved the focus yet. */
async function expectFocusOnMainAfterLoad(page: Page, javaScriptOn: boolean) {
  const first = await press(page, "Tab");
  expect(first.name).toBe("Skip to main content");
  await press(page, "Enter");
  await expect
    .poll(async () => (await focused(page)).id, { message: `focus on the main view (JavaScript ${javaScriptOn ? "on" : "off"})` })
    .toBe("main-content");
}

/** Tab from the last control of the open dialog comes back to its first; Shift+Tab goes the other way. */
async function expectFocusTrapped(page: Page, first: RegExp, last: RegExp) {
  let now = await tabTo(page, named(last), String(last), { max: 5 });
  expect(now.inDialog).toBe(true);
  now = await press(page, "Tab");
  expect(now.name).toMatch(first);
  expect(now.inDialog).toBe(true);
  now = await press(page, "Shift+Tab");
  expect(now.name).toMatch(last);
}

test("the inactivity dialog keeps the focus and gives it back @js-only", async ({ page, context }) => {
  const user = await signIn(context, await createUser());
  const { id: childId } = await createChild(user);
  const base = await startReferral(user, childId);
  await page.clock.install();
  await page.goto(`${base}/child-information/language`);
  await expectFocusOnMainAfterLoad(page, true);
  const opener = await tabToNamed(page, /^The child's primary language/);

  await page.clock.fastForward("10:05");
  const dialog = page.getByRole("dialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Stay signed in" })).toBeFocused();
  await expectFocusTrapped(page, /^Stay signed in$/, /^Sign out$/);
  await tabToNamed(page, /^Stay signed in$/, { back: true });
  await press(page, "Enter");
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await focused(page)).name).toBe(opener.name);

  // Escape is "stay signed in" too, and the focus comes back as well.
  await page.clock.fastForward("10:05");
  await expect(dialog).toBeVisible();
  await press(page, "Escape");
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await focused(page)).name).toBe(opener.name);
});

test("the remove-a-parent question and the File too large dialog keep the focus and give it back @js-only", async ({ page, context }) => {
  const user = await signIn(context, await createUser());
  const { id: childId } = await createChild(user);
  const base = await startReferral(user, childId);
  await fillReferral(user, base);

  await page.goto(`${base}/family-information/guardian-list`);
  await expectFocusOnMainAfterLoad(page, true);
  const remove = await tabToNamed(page, /^Remove/);
  await press(page, "Enter");
  const question = page.getByRole("dialog", { name: /^Remove Rosa Pérez\?$/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "No, keep" })).toBeFocused();
  await expectFocusTrapped(page, /^Yes, remove$/, /^No, keep$/);
  await press(page, "Escape");
  await expect(question).toBeHidden();
  await expect.poll(async () => (await focused(page)).name).toBe(remove.name);
  await expect(page.getByRole("row", { name: /Rosa Pérez/ })).toBeVisible();

  // A file over 30 MB, picked after reaching the file field with the keyboard (a sparse file: no 31 MB written).
  const big = path.join(os.tmpdir(), `too-large-${process.pid}-${Date.now()}.pdf`);
  const handle = openSync(big, "w");
  ftruncateSync(handle, 31 * 1024 * 1024);
  closeSync(handle);
  await page.goto(`${base}/supporting-documentation/list`);
  await expectFocusOnMainAfterLoad(page, true);
  await tabToNamed(page, /^Add a supporting document$/);
  await press(page, "Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a supporting document");
  await expectFocusOnMain(page, true);
  const fileField = await tabTo(page, (element) => element.type === "file", "the file field");
  await page.locator("input[type=file]").setInputFiles(big);
  const tooLarge = page.getByRole("dialog", { name: "File too large" });
  await expect(tooLarge).toBeVisible();
  const close = await focused(page);
  expect(close.inDialog).toBe(true);
  // One control: Tab stays on it.
  expect((await press(page, "Tab")).name).toBe(close.name);
  expect((await press(page, "Shift+Tab")).name).toBe(close.name);
  await press(page, "Enter");
  await expect(tooLarge).toBeHidden();
  await expect.poll(async () => (await focused(page)).type).toBe(fileField.type);
});
