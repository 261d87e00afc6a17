/**
 * What kind of product the founder sells, read from their words: a hardware device, a service
 * done for the customer, a marketplace between two sides, content, or (by default) software. The
 * kind decides what a build plan covers (a device needs components, certification and
 * manufacturing; a marketplace needs both sides; software needs neither). The report writers read
 * the kind from the profile only (`Profile.productKind`), so a kind the founder sets replaces this
 * reading without re-reading the text.
 */

export const PRODUCT_KINDS = ['software', 'hardware', 'service', 'marketplace', 'content'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The founder's words a kind is read from. */
export interface ProductKindText {
  idea: string;
  targetCustomer?: string;
  problemSolved?: string;
}

/** A physical thing the founder makes and ships (whole words; plurals and a few forms allowed). */
const HARDWARE =
  /\b(?:collars?|devices?|sensors?|hardware|wearables?|kits? (?:that|which|with)|(?:smart|connected|iot) (?:\w+ )?(?:lock|plug|meter|ring|bottle|scale|feeder|bin|mirror|glasses|helmet|belt|insole|band|thermostat|camera|speaker|display|pen|bulb)s?|machines?|gadgets?|chargers?|charging (?:station|pad|dock)s?|robots?|robotic|drones?|3d[- ]print(?:ed|er|ers)?|printers?|(?:gps|pet|dog|cat|bike|luggage|key|asset|fitness|sleep|bluetooth) (?:tag|tracker|collar|device|unit|module|chip)s?|trackers? (?:that|which) (?:clips?|attach(?:es)?|sits?|hangs?)|beacons?|tags? (?:that|which) (?:track|find)|wristbands?|bracelets?|headsets?|earbuds?|cameras?|dash ?cams?|thermostats?|smart (?:ring|watch)|smartwatch(?:es)?|e-?bikes?|scooters?|batter(?:y|ies) packs?|solar panels?|kiosks?|vending machines?|appliances?|helmets?|insoles?|prosthe\w*|hearing aids?|monitors? (?:that|which|for)|(?:baby|pet|air|sleep) monitors?|air purifiers?|purifiers?|pumps?|microcontrollers?|circuit boards?|pcbs?)\b/i;

/** Two sides brought together, the founder taking a cut. */
const MARKETPLACE =
  /\b(?:marketplaces?|two-sided|peer-to-peer|p2p|(?:platform|app|site|website|network|exchange) (?:that |which |to )?(?:connect(?:s|ing)?|match(?:es|ing)?|link(?:s|ing)?|pair(?:s|ing)?)|connect(?:s|ing)? (?:\w+ ){1,4}with (?:local |nearby |vetted |verified |trusted )?\w+|match(?:es|ing)? (?:\w+ ){1,4}with \w+|where (?:\w+ ){1,3}(?:can )?(?:rent|sell|hire|book|find|offer|list) (?:\w+ ){0,3}(?:from|to) |rent (?:\w+ ){0,3}from (?:other|their|local|nearby) |buy and sell|sell (?:\w+ ){0,3}to each other)/i;

/** Work done for the customer by people (the founder's own team or staff). */
const SERVICE =
  /\b(?:agenc(?:y|ies)|consult(?:ing|ancy|ants?)|cleaning|cleaners?|delivery service|deliver(?:s|ing)? (?:\w+ ){0,3}to (?:your|their|the) (?:door|home|office)|we (?:do|handle|take care of|manage|clean|fix|repair|install|walk|cook|deliver|run)|done[- ]for[- ]you|(?:repair|installation|maintenance|catering|moving|tutoring|coaching|bookkeeping|accounting|translation|dubbing|landscaping|gardening|grooming|hairdressing|dog[- ]walking|childcare|babysitting|care|concierge|removal|laundry|tailoring) services?|mobile (?:\w+ )?(?:hairdressers?|mechanics?|groomers?|barbers?|vets?)|a van that|on-site|in-home (?:care|service)|tutors? (?:who|that)|coaches (?:who|that)|studio (?:that|which) (?:offers|runs))\b/i;

/** Something people read, watch or listen to. */
const CONTENT =
  /\b(?:online courses?|courses?|newsletters?|podcasts?|videos?(?! calls?)|youtube channel|video series|e-?books?|magazines?|blogs?|content|guides? (?:for|to|on)|masterclass(?:es)?|workshops?|webinars?|tutorials?|curriculum|cookbooks?)\b/i;

/** Software signals that override a content or service word ("an app with video lessons"). */
const SOFTWARE = /\b(?:app|apps|saas|software|platform|dashboard|api|plugin|extension|bot|chatbot|tool)\b/i;

/**
 * The kind of product an idea is, from the founder's words: the idea first (what is sold), the
 * customer and problem only to confirm. Hardware wins over everything (a device with an app is
 * still a device to build and certify); a marketplace over a service; content only when no
 * software word sells it; software otherwise.
 */
export function readProductKind(text: ProductKindText): ProductKind {
  const idea = text.idea ?? '';
  if (HARDWARE.test(idea)) return 'hardware';
  if (MARKETPLACE.test(idea)) return 'marketplace';
  const software = SOFTWARE.test(idea);
  if (SERVICE.test(idea) && !/\b(?:app|software|saas|platform|tool|dashboard) (?:for|that|which|to)\b/i.test(idea)) return 'service';
  if (CONTENT.test(idea) && !software) return 'content';
  return 'software';
}
