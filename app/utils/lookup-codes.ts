// The lookup codes the application's own rules name, in one place, each under the list it comes from (the lists
// themselves are data: db/seed-data/, with their sources in db/seed-data/SOURCES.md). lookup-codes.test.ts holds each
// to the seed data, so a list changed under a rule is caught.

/** States: Maryland, the one state a child may live in (docs/product-rules.md R37). */
export const MARYLAND = "21";

/** Counties: Baltimore City, which the Census geocoder names as a place, not a county. */
export const BALTIMORE_CITY = "24510";

/** IdentifiedConditions: Other medical condition, which needs its text (docs/product-rules.md R58). */
export const OTHER_MEDICAL_CONDITION = "99";

/** References (the referrer's relationship to the child, docs/product-rules.md R50, R51). */
export const FAMILY_RELATIONSHIPS = ["1", "7", "10"];
/**
 * FamilyRelationships: the relationship to the child of a referrer of the family, as a parent or guardian of the
 * referral (docs/product-rules.md R170): parent, foster parent, other family member.
 */
export const GUARDIAN_RELATIONSHIP_OF_REFERRER: Readonly<Record<string, string>> = { "1": "1", "7": "7", "10": "10" };
export const AUDIOLOGIST = "2";
export const HOSPITAL = "3";
export const SOCIAL_SERVICES = "4";
export const OTHER = "9";
/** The home-visiting option: offered in the list, stored as Other with the text HOME_VISITOR_TEXT. */
export const HOME_VISITING = "999999999";
export const HOME_VISITOR_TEXT = "Home Visitor";
