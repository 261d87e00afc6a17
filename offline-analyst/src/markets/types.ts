/**
 * The shape of the offline analyst's market table (`data/markets.json`, loaded by `table.ts`) and
 * place table (`data/places.json`, loaded by `places.ts`): plain data that validation, the step-3
 * simulation and the paid reports all read. `schema.ts` checks the data against these types.
 */

import type { ProductKind } from '../productKind';

/** Who buys: people spending their own money, or organisations. */
export type Buyer = 'consumer' | 'business';

/** A jurisdiction whose rules the table can name. Anywhere else, rules are described without names. */
export type Jurisdiction = 'US' | 'EU' | 'UK' | 'CA' | 'AU' | 'IN' | 'BR' | 'JP' | 'SG' | 'NG' | 'KE';

/**
 * A suggestion (a channel, a first niche) that suits only some customers: shown when the stated
 * customer contains one of the `for` word stems. A plain string suits every buyer of the market.
 */
export type Suggestion = string | { text: string; for: string[] };

/** A rule of a market, described without a country; `named` gives its name where the founder's place has one. */
export interface Rule {
  /** What the rule is about, lower-case and without a country: "health-data privacy rules". */
  topic: string;
  /** What it means for the founder. */
  what: string;
  /** The rule's (or regulator's) name in a jurisdiction: named only when the founder names that place. */
  named?: Partial<Record<Jurisdiction, string>>;
  /** True when the rule gates the first launch (the mentor counts the market as regulated). */
  gate?: boolean;
  /**
   * Word stems of the sub-segments the rule is about ("food", "treat" for pet-food labelling):
   * it applies only to ideas whose words hold one. Without it the rule fits every idea of the market.
   */
  for?: string[];
  /** The product kinds the rule is about (a licence for a service, not for an app): every kind when absent. */
  kinds?: ProductKind[];
}

/** One market: the words that show it, what a mentor knows about it, and the analyst's figures. */
export interface Market {
  /** Stable id, e.g. 'pets'. */
  id: string;
  /** Name used in sentences, e.g. "pet care". */
  label: string;
  /**
   * Word stems (lower-case) that show the market. A token matches a stem when it is the stem, its
   * plural, or starts with it; phrases match the text. Strong words name the market on their own
   * (in the idea); weak words are ambiguous ("film", "court", "rent") and only add to other evidence.
   * `decisive` are the strong words with one sense only ("dog", "solar", "GDPR"): one of them is
   * enough to name the market; any other strong word ("ticket", "student", "visa", "mortgage") needs
   * a second, independent word of the same market (see `readMarket`).
   */
  words: { strong: string[]; decisive?: string[]; weak?: string[] };
  /** Buyers are mainly organisations (the reports price and count it per organisation). */
  b2b: boolean;
  /** Competition pressure: -1 (crowded) … +1 (underserved). */
  crowding: number;

  // --- What the mentor says (validation) ------------------------------------------------------
  /** How the market behaves (1–2 sentences, each ending with a full stop). */
  story: string;
  /** Why the timing may be right. */
  whyNow: string;
  /** What customers do about the problem today, most common first. */
  alternatives: string[];
  /** Where to find the customers, per kind of buyer (the reports use the same lists). */
  channels: Record<Buyer, Suggestion[]>;
  /** Narrow first groups worth testing when the customer is still broad, per kind of buyer. */
  beachheads: Record<Buyer, Suggestion[]>;
  /**
   * Qualifiers that narrow a stated customer of this market ("<customer> who …", "<customer>
   * with …"); tagged ones only for the customers they suit (a patient's qualifier never for nurses).
   */
  niches: Record<Buyer, Suggestion[]>;
  /** Market-specific revenue options (each a sentence with a price range). */
  revenue: [string, string];
  /** Market-specific risks: [name, explanation and mitigation]. */
  risks: Array<[string, string]>;
  /** The metric that proves value in this market. */
  metric: string;

  // --- What the analyst computes with (reports) -----------------------------------------------
  /** Who buys, as a noun phrase: "pet owners and veterinary practices". */
  buyers: string;
  /** Typical monthly price per customer in USD (low, high). */
  price: [number, number];
  grossMargin: number;
  /** Customer acquisition cost in USD (low, high). */
  cac: [number, number];
  /** Potential buyers per million inhabitants (people or organisations). */
  buyersPerMillion: number;
  trends: string[];
  /**
   * Real companies that compete for this market's customers, tagged like the other suggestions:
   * a tagged name only for ideas and customers holding one of its `for` stems (a delivery app
   * for takeaway, not for packaged snacks); a plain name competes with every idea of the market.
   */
  competitors: Suggestion[];
  /**
   * Kinds of competitor described without a company name ("supermarket own labels"), tagged the
   * same way: they fill the list when too few names fit.
   */
  competitorKinds: Suggestion[];
  /**
   * The market's best-known names, whatever the idea: the first four of `competitors` (the
   * general market: kinds of competitor). Derived, for callers without the founder's words; fit
   * the list to an idea with `competitorsFor`.
   */
  incumbents: string[];
  suppliers: string[];
  tech: string[];
  pains: string[];
  /** Pains of the businesses in a consumer market (when the buyer is a business). */
  bizPains?: string[];

  /** The rules that apply, the one that shapes the product most first. */
  rules: Rule[];
}

/** A place the founder may name, with what the reports size and which rules apply there. */
export interface Place {
  /** Name used in sentences: "the United Kingdom". */
  name: string;
  /** Words that name it (case-insensitive, whole words). */
  words: string[];
  /** Words that name it only as written (e.g. "US", never the pronoun "us"). */
  exact?: string[];
  /** Population in millions. */
  millions: number;
  jurisdiction?: Jurisdiction;
  /** ISO 4217 code of the money spent there (the analysis writes amounts in it). */
  currency?: string;
}
