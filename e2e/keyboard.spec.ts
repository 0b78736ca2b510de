import { closeSync, openSync, ftruncateSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createChild, createUser, fillReferral, setConsent, signIn, startReferral, yearsAgo } from "./support";

// A person who uses only the keyboard: Tab, Shift+Tab, Enter, Space and the arrow keys. Every stop
// shows where the focus is, and nothing covers it (WCAG 2.4.7, 2.4.11); a new screen puts the focus on
// its heading (with JavaScript, docs/product-rules.md R166; without it the skip link is the first stop
// and leads to the main view); a refused form puts it on the error summary and the title says "Error: "
// (R167); a dialog keeps Tab inside and gives the focus back when it closes.

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
  /** What covers the focused control at the middle of its box (of its label for a USWDS radio or box), if anything. */
  covered: string | null;
}

/** The focused element: what it is called, and whether a focus indicator shows on it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLInputElement | null;
    // Where it ends up, and what it leaves (the skip link slides in as it takes the focus, and out as it loses it).
    const moving = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(moving.map((animation) => animation.finished.catch(() => null)));
    if (!element || element === document.body)
      return {
        tag: "body",
        type: null,
        id: "",
        name: "",
        legend: "",
        checked: false,
        tabStop: false,
        ring: false,
        inDialog: false,
        covered: null,
      };
    const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
    const name = clean(
      element.labels?.[0]?.textContent || element.getAttribute("aria-label") || element.textContent || element.value,
    );
    const ring = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== "" && style.boxShadow !== "none");
    let shown = ring(getComputedStyle(element));
    // USWDS hides the radio and checkbox inputs and draws their focus ring on the label's box.
    const label = element.labels?.[0];
    if (!shown && label) shown = ring(getComputedStyle(label, "::before")) || ring(getComputedStyle(label));
    // Not hidden behind anything (a sticky bar, a banner, a dialog): what is drawn at the middle of the part of its box
    // in the window (its first line, for a link that wraps) is the control, inside it, or its label (USWDS draws a
    // radio or a box on its label and keeps the input itself out of sight).
    const hidden = (element.type === "radio" || element.type === "checkbox") && label;
    const box = (hidden ? label : element).getClientRects()[0];
    let covered: string | null = box ? null : "no box";
    if (box) {
      const left = Math.max(box.left, 0);
      const right = Math.min(box.right, window.innerWidth);
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, window.innerHeight);
      let [x, y] = [(left + right) / 2, (top + bottom) / 2];
      if (right <= left || bottom <= top) covered = "outside the window";
      else if (hidden) {
        // The tile a radio or a box shows its focus on (its label's ::before, at the top of the label): in the window
        // whole, and what is drawn at its middle.
        const tile = getComputedStyle(label, "::before");
        const tileTop = box.top + parseFloat(getComputedStyle(label).paddingTop) + parseFloat(tile.marginTop);
        const tileBottom = tileTop + parseFloat(tile.height);
        if (tileTop < 0 || tileBottom > innerHeight)
          covered = `its tile partly outside the window (${tileTop} to ${tileBottom} of ${innerHeight})`;
        [x, y] = [box.left + parseFloat(tile.marginLeft) + parseFloat(tile.width) / 2, (tileTop + tileBottom) / 2];
      }
      if (!covered) {
        const hit = document.elementFromPoint(x, y);
        const mine = hit && (hit === element || element.contains(hit) || (label && label.contains(hit)));
        if (!mine)
          covered = `${hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join(".")}` : "nothing"} at ${x},${y} of ${innerWidth}×${innerHeight}`;
      }
    }
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
      covered,
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
  // A region focused for the reader's place (the main view, a heading), not a control, needs no ring.
  if (now.tabStop) {
    expect(now.ring, `a focus indicator on ${now.tag} "${now.name}"`).toBe(true);
    // What a person sees once the page has settled: a layout still moving (the address's suggestions closing above the
    // fields) may leave the control a moment outside the window before the browser brings it into view again.
    if (now.covered)
      await expect
        .poll(async () => (await focused(page)).covered, {
          message: `nothing over ${now.tag} "${now.name}"`,
          timeout: 2_000,
        })
        .toBeNull();
  }
  return now;
}

/** Tabs (or Shift+Tabs) until the focused element matches; every stop on the way must show its focus. */
async function tabTo(
  page: Page,
  matches: (element: Focused) => boolean,
  what: string,
  { back = false, max = 90 } = {},
): Promise<Focused> {
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
  let now = await tabTo(
    page,
    (element) => element.type === "radio" && legend.test(element.legend),
    `the radio group ${legend}`,
  );
  for (let moves = 0; !label.test(now.name); moves++) {
    if (moves > 8) throw new Error(`no option ${label} in ${legend}; the focus is on ${now.tag} "${now.name}"`);
    now = await press(page, "ArrowDown");
  }
  if (!now.checked) await press(page, "Space");
}

async function tickBox(page: Page, label: RegExp) {
  const now = await tabTo(
    page,
    (element) => element.type === "checkbox" && label.test(element.name),
    `the box ${label}`,
  );
  if (!now.checked) await press(page, "Space");
}

/** Picks an option of a select list by typing the start of its label, as the keyboard does. */
async function chooseOption(page: Page, name: RegExp, typed: string) {
  await tabToNamed(page, name);
  await page.keyboard.type(typed);
}

/**
 * On a new screen: focus on its heading, with no ring around it (with JavaScript, R166), or the skip link first, which
 * leads to the main view (without: the browser loads the page and starts at its top).
 */
async function expectFocusOnHeading(page: Page, javaScriptOn: boolean) {
  if (javaScriptOn) {
    await expect
      .poll(async () => page.evaluate(() => document.activeElement === document.querySelector("#main-content h1")), {
        message: "focus on the screen's heading",
        intervals: [50, 100, 250],
      })
      .toBe(true);
    expect((await focused(page)).ring, "no ring around the heading").toBe(false);
    return;
  }
  const first = await press(page, "Tab");
  expect(first.name).toBe("Skip to main content");
  await press(page, "Enter");
  await expect.poll(async () => (await focused(page)).id).toBe("main-content");
}

/**
 * What a wizard step's heading says: its title, then the step and its section (Chrome puts a space between the two).
 */
function stepHeading(title: string, step: number, section: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(title)} ?, step ${step} of 14: ${escape(section)}$`);
}

/**
 * A new screen, by its heading. A wizard step's heading says the step and its section after the title, which is what a
 * screen reader says as the heading takes the focus (R166).
 */
async function expectScreen(
  page: Page,
  heading: string | RegExp,
  javaScriptOn: boolean,
  titles: Map<string, string>,
  step?: [number, string],
) {
  const h1 = page.locator("#main-content h1");
  await expect(h1).toHaveAccessibleName(step && typeof heading === "string" ? stepHeading(heading, ...step) : heading);
  await expectFocusOnHeading(page, javaScriptOn);
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

// Where content is most likely to cover the focus (a phone), without JavaScript, as on an old phone, and at a desk,
// with it: each width and each way once (as eachLanguageOnce pairs the languages, e2e/fixtures.ts).
for (const { size, tag } of [
  { size: { width: 320, height: 640 }, tag: "@without-js" },
  { size: { width: 1280, height: 800 }, tag: "@with-js" },
]) {
  test(
    `a keyboard user adds a child, walks the whole wizard and submits the referral, every screen with its own title (${size.width} px)`,
    { tag },
    async ({ page, context, javaScriptOn }) => {
      test.slow();
      await page.setViewportSize(size);
      const titles = new Map<string, string>();
      const user = await signIn(context, await createUser());
      await page.goto("/app/children");
      await expectFocusOnMainAfterLoad(page, javaScriptOn);
      await tabToNamed(page, /^Add a child$/);
      await press(page, "Enter");

      // The child: birthdate and state, then the name.
      await expectScreen(page, "Add a child: date of birth and state", javaScriptOn, titles);
      const [year, month, day] = yearsAgo(1).split("-").map(Number);
      const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
        new Date(Date.UTC(2000, month - 1, 1)),
      );
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
      await expectScreen(page, "Child's details: Teclado Walker", javaScriptOn, titles);
      await tabToNamed(page, /^Start a new referral$/);
      await press(page, "Enter");

      // 1–2. The referrer.
      await expectScreen(page, "Your relationship to the child", javaScriptOn, titles, [1, "Referrer"]);
      await chooseRadio(page, /relationship to the child|related to the child/, /^Parent$/);
      await saveAndContinue(page);
      await expectScreen(page, "Your name and phone", javaScriptOn, titles, [2, "Referrer"]);
      await typeInto(page, /^Phone number/, "4105551234");
      await saveAndContinue(page);

      // 3. Refused without the Hispanic answer: the error summary takes the focus, not the heading.
      await expectScreen(page, "The child's sex, race and ethnicity", javaScriptOn, titles, [3, "Child"]);
      await chooseRadio(page, /^Sex/, /^Female$/);
      await tickBox(page, /^Asian$/);
      await saveAndContinue(page);
      await expectRefused(page, "also answer whether the child is Hispanic or Latino");
      await chooseRadio(page, /Hispanic or Latino\?/, /^No$/);
      await saveAndContinue(page);

      // 4–6. The child's language, address (found by the lookup) and gestational age.
      await expectScreen(page, "The child's language", javaScriptOn, titles, [4, "Child"]);
      await chooseOption(page, /^The child's primary language/, "Spanish");
      await expect(page.getByLabel("The child's primary language")).toHaveValue("2");
      await saveAndContinue(page);
      await expectScreen(page, "The child's address", javaScriptOn, titles, [5, "Child"]);
      await typeInto(page, /^Find the address/, "12 Main St, 21401");
      await tabToNamed(page, /^Look up$/);
      await press(page, "Enter");
      if (!javaScriptOn) await expectFocusOnHeading(page, false);
      await tabToNamed(page, /^Use this address/);
      await press(page, "Enter");
      await expect(page.getByLabel("City or town", { exact: true })).toHaveValue("Annapolis");
      if (!javaScriptOn) await expectFocusOnHeading(page, false);
      await saveAndContinue(page);
      await expectScreen(page, "Gestational age at birth", javaScriptOn, titles, [6, "Child"]);
      await typeInto(page, /^Weeks/, "39");
      await typeInto(page, /^Days/, "3");
      await saveAndContinue(page);

      // 7. A parent, added from the list.
      await expectScreen(page, "Parents and guardians", javaScriptOn, titles, [7, "Family"]);
      await tabToNamed(page, /^Add a parent or guardian$/);
      await press(page, "Enter");
      await expectScreen(page, "Add a parent or guardian", javaScriptOn, titles, [7, "Family"]);
      await typeInto(page, /^First name/, "Rosa");
      await typeInto(page, /^Last name/, "Walker");
      await chooseOption(page, /^Relationship to the child/, "Parent");
      await typeInto(page, /^Home phone/, "4105550001");
      await tabToNamed(page, /^Add$/);
      await press(page, "Enter");
      await expectScreen(page, "Parents and guardians", javaScriptOn, titles, [7, "Family"]);
      await expect(page.getByRole("row", { name: /Rosa Walker/ })).toBeVisible();
      await saveAndContinue(page);

      // 8–13. The family, the reasons, the details.
      await expectScreen(page, "The family's language", javaScriptOn, titles, [8, "Family"]);
      await chooseOption(page, /^The family's primary language/, "Spanish");
      await saveAndContinue(page);
      await expectScreen(page, "Interpreter", javaScriptOn, titles, [9, "Family"]);
      await chooseRadio(page, /need an interpreter/, /^Yes$/);
      await saveAndContinue(page);
      await expectScreen(page, "Foster care", javaScriptOn, titles, [10, "Family"]);
      await chooseRadio(page, /in foster care/, /^Unknown$/);
      await saveAndContinue(page);
      await expectScreen(page, "Reasons for the referral", javaScriptOn, titles, [11, "Reasons"]);
      await tickBox(page, /^Hearing$/);
      await saveAndContinue(page);
      await expectScreen(page, "Screenings and medical conditions", javaScriptOn, titles, [12, "Reasons"]);
      await saveAndContinue(page);
      await expectScreen(page, "Additional details", javaScriptOn, titles, [13, "Details"]);
      await typeInto(page, /^Anything else the program should know/, "Walks late.");
      await saveAndContinue(page);

      // 14. The documents and the consent answer, then the review.
      await expectScreen(page, "Documents and consent", javaScriptOn, titles, [14, "Documents"]);
      await chooseRadio(page, /given written consent/, /^No$/);
      await saveAndContinue(page);
      await expectScreen(page, /^Review referral \d+ for Teclado Walker$/, javaScriptOn, titles);
      const wizard = new URL(page.url()).pathname.replace(/\/review$/, "");

      // Shift+Tab walks back through the same stops, each showing its focus.
      await tabTo(page, (element) => element.name === "Skip to main content", "the skip link", { back: true });

      // Submitted while another tab took the consent answer back: refused, the error summary takes the focus.
      await submitFromReview(page, javaScriptOn, titles);
      await setConsent(user, wizard, 3);
      await press(page, "Enter");
      await expectRefused(page, "The referral was not submitted: some parts are still missing");
      // Its list of what is missing leads to the question itself.
      await tabToNamed(page, /^Whether a parent or guardian has given written consent$/);
      await press(page, "Enter");
      await expect(page.locator("#main-content h1")).toHaveAccessibleName(
        stepHeading("Documents and consent", 14, "Documents"),
      );
      if (javaScriptOn) await expect.poll(async () => (await focused(page)).id).toBe("documents-childParentConsent");
      else expect((await press(page, "Tab")).legend).toMatch(/given written consent/);
      await chooseRadio(page, /given written consent/, /^No$/);
      await saveAndContinue(page);
      await expectScreen(page, /^Review referral \d+ for Teclado Walker$/, javaScriptOn, titles);

      // Submitted: the confirmation.
      await submitFromReview(page, javaScriptOn, titles);
      await press(page, "Enter");
      await expectScreen(page, "Referral submitted", javaScriptOn, titles);
      await expect(page.getByText(/for Teclado Walker\.$/)).toBeVisible();

      // Every screen visited has a title of its own.
      const all = [...titles.values()];
      expect(all.length).toBeGreaterThanOrEqual(20);
      expect(new Set(all).size, JSON.stringify([...titles])).toBe(all.length);
    },
  );
}

/**
 * From the review, to the button that confirms the submit: in the confirmation dialog, which takes the focus on its
 * safe
 * choice (with JavaScript), or on the confirmation page (without).
 */
async function submitFromReview(page: Page, javaScriptOn: boolean, titles: Map<string, string>) {
  await tabToNamed(page, /^Submit the referral$/);
  await press(page, "Enter");
  if (javaScriptOn) {
    await expect(page.getByRole("dialog", { name: "Submit this referral?" })).toBeVisible();
    await expect.poll(async () => focused(page)).toMatchObject({ inDialog: true, name: "Not yet" });
    const yes = await tabToNamed(page, /^Yes, submit it$/, { back: true });
    expect(yes.inDialog).toBe(true);
  } else {
    await expectScreen(page, "Submit this referral?", false, titles);
    await tabToNamed(page, /^Yes, submit it$/);
  }
}

/** The first page of a test was opened with goto: nothing moved the focus yet. */
async function expectFocusOnMainAfterLoad(page: Page, javaScriptOn: boolean) {
  const first = await press(page, "Tab");
  expect(first.name).toBe("Skip to main content");
  await press(page, "Enter");
  await expect
    .poll(async () => (await focused(page)).id, {
      message: `focus on the main view (JavaScript ${javaScriptOn ? "on" : "off"})`,
    })
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

test("the remove-a-parent question and the File too large dialog keep the focus and give it back @js-only", async ({
  page,
  context,
}) => {
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
  await expect(page.locator("#main-content h1")).toHaveAccessibleName(
    stepHeading("Add a supporting document", 14, "Documents"),
  );
  await expectFocusOnHeading(page, true);
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

test("a wizard step's heading says the step and its section once, in both languages", async ({
  page,
  context,
  javaScriptOn,
}) => {
  const user = await signIn(context, await createUser());
  const { id: childId } = await createChild(user);
  const base = await startReferral(user, childId);
  for (const [lang, title, step] of [
    ["en", "The child's sex, race and ethnicity", ", step 3 of 14: Child"],
    ["sp", "Sexo, raza y etnia del niño", ", paso 3 de 14: Niño"],
  ] as const) {
    await page.goto(`${base}/child-information/sex?lang=${lang}`);
    const heading = page.locator("#main-content h1");
    await expect(heading).toHaveAccessibleName(new RegExp(`^${title} ?${step}$`));
    // Visible: the title only, and the line under the sections; that line is not read a second time.
    await expect(heading.locator(".usa-sr-only")).toHaveText(step);
    await expect(page.locator(".wizard__progress")).toHaveAttribute("aria-hidden", "true");
    await expect(page.locator(".wizard__progress")).toBeVisible();
    if (javaScriptOn) {
      // The Back link opens the step before: its heading takes the focus.
      await page.getByRole("link", { name: /^(Back|Atrás)$/ }).click();
      await expect(page).toHaveURL(/referrer-information\/proxy/);
      await expect(page.locator("#main-content h1")).toBeFocused();
    }
  }
});
