import { parse } from "@conform-to/react";
import type { Language } from "~/i18n/config";
import { parseTypedDate } from "~/utils/dates";
import { parsePhone, phoneDigits } from "~/utils/phone";

// What the browser checks before a form is sent, without zod (which stays on the server: 14 KB gzipped
// that every form's screen loaded). Each form's check (the *-checks.ts files beside the schemas) says,
// field by field, what the action's zod schema says: the same messages (keys in common:validation) for
// the same answers, the rules between fields from the same functions. checks.test.ts holds every check
// to its schema. What only the server can know (a common password, a taken e-mail, a code missing from
// its list) it still says after the send, with or without JavaScript.

/** A form's values as the browser sends them: a name's text, its texts when several boxes share it, or a file. */
export type Values = Record<string, unknown>;

/**
 * What is wrong with one answer: its messages, and whether it is missing or unreadable, which leaves the
 * rules between answers unchecked (as zod leaves an object's refinements when a field fails so).
 */
interface Wrong {
  messages: string[];
  fatal?: boolean;
}

/** A field's rule: what is wrong with its value (null: nothing). */
export type Rule = (value: unknown, values: Values) => Wrong | null;

/** A rule between answers: where it fails and what it says. */
export interface AnswerIssue {
  path: string;
  message: string;
}

export const wrong = (messages: string[], fatal = false): Wrong | null => (messages.length ? { messages, fatal } : null);

/** An answer as the server reads it: none for an empty box. Any other kind of value than the field's is the server's to refuse. */
export function sent(value: unknown): unknown {
  return value === "" ? undefined : value;
}

/** The longest answers the forms take, each with its message in common:validation.maxLength. */
export type MaxLength = 60 | 80 | 100 | 200 | 254 | 1000 | 2000;
export const tooLong = (max: MaxLength) => `validation.maxLength.${max}`;

/** A text to type; `message` is the field's own key, said when it is left empty. */
export const requiredText =
  (message: string, max: MaxLength = 100): Rule =>
  (value) => {
    const text = sent(value);
    if (typeof text !== "string") return wrong([message], true);
    const trimmed = text.trim();
    return wrong(trimmed.length === 0 ? [message] : trimmed.length > max ? [tooLong(max)] : []);
  };

export const optionalText =
  (max: MaxLength = 100): Rule =>
  (value) => {
    const text = sent(value);
    if (typeof text !== "string") return null;
    return wrong(text.trim().length > max ? [tooLong(max)] : []);
  };

/** A code chosen from a list; the server also checks that it is one of the list. */
export const requiredCode =
  (message: string): Rule =>
  (value) => {
    const text = sent(value);
    if (typeof text !== "string") return wrong([message], true);
    const trimmed = text.trim();
    return wrong(trimmed.length === 0 ? [message] : trimmed.length > 20 ? ["validation.unknownChoice"] : []);
  };

export const optionalCode: Rule = (value) => {
  const text = sent(value);
  if (typeof text !== "string") return null;
  return wrong(text.trim().length > 20 ? ["validation.unknownChoice"] : []);
};

/** One of a fixed set of answers; `message` is said when none is chosen and for any other value. */
export const choice =
  (values: readonly string[], message: string, { optional = false } = {}): Rule =>
  (value) => {
    const text = sent(value);
    if (text === undefined && optional) return null;
    return typeof text === "string" && values.includes(text) ? null : wrong([message], true);
  };

/** A box that sends "on" when ticked. */
export const ticked: Rule = (value) => {
  const text = sent(value);
  return text === undefined || text === "on" ? null : wrong(["validation.unknownChoice"], true);
};

/** Ticked boxes under one name: their codes. */
export const codes =
  (most = 30): Rule =>
  (value) => {
    const text = sent(value);
    const list = text === undefined ? [] : Array.isArray(text) ? text : [text];
    if (list.some((one) => typeof one !== "string")) return wrong(["validation.unknownChoice"], true);
    return wrong(list.length > most || list.some((one: string) => one.length > 20) ? ["validation.unknownChoice"] : []);
  };

/** zod's e-mail pattern, so the browser and the server judge an address alike. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

function emailMessages(address: string): string[] {
  return [...(address.length > 254 ? [tooLong(254)] : []), ...(EMAIL.test(address) ? [] : ["validation.email"])];
}

/**
 * The owner's own e-mail address: to sign in, register, reset a password or change a profile. (A wrong one
 * leaves the rules between answers unchecked: the server's schema keeps the address in lower case.)
 */
export const email: Rule = (value) => {
  const text = sent(value);
  if (typeof text !== "string") return wrong(["validation.yourEmail"], true);
  const address = text.trim();
  // The format is judged once there is something to judge: an empty answer gets one message.
  return wrong(address.length === 0 ? ["validation.yourEmail"] : emailMessages(address), true);
};

/** Someone else's e-mail address, which may be left out. */
export const optionalEmail: Rule = (value) => {
  const text = sent(value);
  return typeof text === "string" ? wrong(emailMessages(text.trim())) : null;
};

/** A password typed to prove who one is: anything but nothing. */
export const password =
  (message: string, { optional = false } = {}): Rule =>
  (value) => {
    const text = sent(value);
    if (text === undefined && optional) return null;
    if (typeof text !== "string") return wrong([message], true);
    return wrong(text.length > 200 ? [tooLong(200)] : []);
  };

/** A phone as typed: digits (and the usual separators), exactly 10 digits (stored 3-3-4: a wrong one leaves the rules between answers unchecked). */
export const optionalPhone: Rule = (value) => {
  const text = sent(value);
  if (typeof text !== "string") return null;
  const typed = text.trim();
  if (!typed) return null;
  if (!/^\d*$/.test(phoneDigits(typed))) return wrong(["validation.phoneDigits"], true);
  return parsePhone(typed) ? null : wrong(["validation.phoneLength"], true);
};

/** A whole number from `min` to `max`, which may be left out; `range` is said outside them. */
export const wholeNumber =
  (min: number, max: number, range: string): Rule =>
  (value) => {
    const text = sent(value);
    if (text === undefined) return null;
    // Read as the server's schema reads it (JavaScript's Number: " " is 0, "1e1" is 10).
    const number = typeof text === "string" ? Number(text) : NaN;
    if (Number.isNaN(number)) return wrong(["validation.wholeNumber"], true);
    return wrong([...(Number.isInteger(number) ? [] : ["validation.wholeNumber"]), ...(number < min || number > max ? [range] : [])]);
  };

/** A date typed in the page's language (or as YYYY-MM-DD), which may be left out, and not after `today`: else `future`. */
export const pastDate =
  (today: string, language: Language, future: string): Rule =>
  (value) => {
    if (typeof value !== "string" || value === "") return null;
    const date = parseTypedDate(value, language);
    if (!date) return wrong(["validation.typedDate"], true);
    return date <= today ? null : wrong([future]);
  };

/**
 * A form's check for Conform's onValidate: every field's rule, then, when no answer is missing or
 * unreadable, the rules between answers.
 */
export function formCheck(rules: Record<string, Rule>, across?: (values: Values) => Array<AnswerIssue | null>) {
  return (formData: FormData) =>
    parse(formData, {
      resolve(values) {
        const error: Record<string, string[]> = {};
        let fatal = false;
        for (const name of Object.keys(rules)) {
          const found = rules[name](values[name], values);
          if (!found) continue;
          error[name] = found.messages;
          fatal = fatal || Boolean(found.fatal);
        }
        if (!fatal && across) for (const issue of across(values)) if (issue) (error[issue.path] = error[issue.path] ?? []).push(issue.message);
        return Object.keys(error).length ? { error } : { value: values };
      },
    });
}

/** A form's check: what useAppForm takes. */
export type FormCheck = ReturnType<typeof formCheck>;
