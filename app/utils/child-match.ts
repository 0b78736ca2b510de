// Children referred twice (R126), e.g. by the birth hospital and then the pediatrician. Facts only: who may see a
// pair is the models' business.

export interface ChildFacts {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthdate: string;
  /** The county of the referral's address, as stored; a referral without one is never matched. */
  county: string | null;
  /** The referral's submission date, YYYY-MM-DD (US Eastern calendar). */
  submittedOn: string;
}

/** A name as the rule compares it: lower case, its accents taken off, its spaces (and other white space) removed. */
export function foldName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, "");
}

/** Whether two texts are equal or one edit apart: one character added, taken away or changed. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  let start = 0;
  while (start < shorter.length && shorter[start] === longer[start]) start += 1;
  // After the first difference the rest must match, skipping one of the longer (added/removed) or of each (changed).
  const skip = longer.length > shorter.length ? 1 : 0;
  return shorter.slice(start + 1 - skip) === longer.slice(start + 1);
}

/** The same day a year earlier (29 February gives 29 February of the year before, sorting as the 28th's end). */
function yearBefore(date: string): string {
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, "0")}${date.slice(4)}`;
}

export function withinTwelveMonths(a: string, b: string): boolean {
  const [earlier, later] = a <= b ? [a, b] : [b, a];
  return earlier >= yearBefore(later);
}

export function possiblySameChild(a: ChildFacts, b: ChildFacts): boolean {
  if (a.birthdate !== b.birthdate) return false;
  if (!a.county || !b.county || a.county.trim().toLowerCase() !== b.county.trim().toLowerCase()) return false;
  if (!withinTwelveMonths(a.submittedOn, b.submittedOn)) return false;
  return withinOneEdit(foldName(a.firstName + a.lastName), foldName(b.firstName + b.lastName));
}

/** Pairs possibly of the same child, smaller id first, grouped by birth date and county (none without a county). */
export function sameChildPairs(referrals: ReadonlyArray<ChildFacts & { id: number }>): Array<[number, number]> {
  const groups = new Map<string, Array<ChildFacts & { id: number }>>();
  for (const referral of referrals) {
    if (!referral.county) continue;
    const key = `${referral.birthdate}|${referral.county.trim().toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(referral);
    else groups.set(key, [referral]);
  }
  const pairs: Array<[number, number]> = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += 1) {
      for (let j = i + 1; j < group.length; j += 1) {
        const [a, b] = [group[i], group[j]];
        if (possiblySameChild(a, b)) pairs.push(a.id < b.id ? [a.id, b.id] : [b.id, a.id]);
      }
    }
  }
  return pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
