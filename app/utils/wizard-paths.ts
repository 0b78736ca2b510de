// The wizard's base and review address, for the models' e-mails and app/wizard/steps.ts alike.

export interface WizardIds {
  child: number;
  referral: number;
  user: number;
}

export function wizardBase(ids: WizardIds): string {
  return `/app/child/${ids.child}/referral/${ids.referral}/user/${ids.user}`;
}

/** The review of a referral (R68), for its creator and administrators. */
export function reviewHref(ids: WizardIds): string {
  return `${wizardBase(ids)}/review`;
}
