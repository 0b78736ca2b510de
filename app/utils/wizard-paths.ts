// Where a referral's wizard lives: the models name a referral by these ids, and link to its review
// in e-mails; the wizard's steps (app/wizard/steps.ts) hang below the same base.

export interface WizardIds {
  child: number;
  referral: number;
  user: number;
}

export function wizardBase(ids: WizardIds): string {
  return `/app/child/${ids.child}/referral/${ids.referral}/user/${ids.user}`;
}

/** The review of a referral (docs/product-rules.md R68), for its creator and administrators. */
export function reviewHref(ids: WizardIds): string {
  return `${wizardBase(ids)}/review`;
}
