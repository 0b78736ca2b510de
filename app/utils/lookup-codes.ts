// Lookup codes our rules name (lists are data: db/seed-data/). lookup-codes.test.ts holds them to the seed data.

/** States: Maryland, the one state a child may live in (R37). */
export const MARYLAND = "21";

/** Counties: Baltimore City, which the Census geocoder names as a place, not a county. */
export const BALTIMORE_CITY = "24510";

/** IdentifiedConditions: Other medical condition, which needs its text (R58). */
export const OTHER_MEDICAL_CONDITION = "99";

/** References (the referrer's relationship to the child, R50, R51). */
export const FAMILY_RELATIONSHIPS = ["1", "7", "10"];
/** FamilyRelationships of a referrer who is also the referral's parent or guardian (R170). */
export const GUARDIAN_RELATIONSHIP_OF_REFERRER: Readonly<Record<string, string>> = { "1": "1", "7": "7", "10": "10" };
export const AUDIOLOGIST = "2";
export const HOSPITAL = "3";
export const SOCIAL_SERVICES = "4";
export const OTHER = "9";
/** The home-visiting option: offered in the list, stored as Other with the text HOME_VISITOR_TEXT. */
export const HOME_VISITING = "999999999";
export const HOME_VISITOR_TEXT = "Home Visitor";
