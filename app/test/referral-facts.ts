import type { ReferralFacts } from "~/models/completeness";

/** What a referral just begun holds: no answer yet, no adult, reason or document. */
export const NEW_REFERRAL_FACTS: ReferralFacts = {
  referrerRelationship: null,
  followUpAnswers: {
    familyApproval: null,
    isAudiologistScreening: null,
    isHospitalBirth: null,
    isCAPTA: null,
    referralSourceOther: null,
  },
  referrerFirstName: null,
  referrerMiddleName: null,
  referrerLastName: null,
  gender: null,
  primaryLanguage: null,
  address: null,
  gestationalAgeInDays: null,
  adults: [],
  familyPrimaryLanguage: null,
  familyNeedsInterpreter: null,
  childInFosterCare: null,
  reasons: 0,
  additionalDetails: null,
  documents: 0,
  childParentConsent: null,
  consentDocuments: 0,
};
