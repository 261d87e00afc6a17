/**
 * Segments sized as segments. The segment table (`data/segments.json`, checked by the schema
 * below when this module loads) names common customer segments (freelance translators, hair
 * salons, dog owners, nurses…), who buys (a consumer or a business), and how many there are: per
 * million inhabitants, or counted for a country, each figure with its source. A segment is sized
 * from, in this order: the founder's own count ("there are 30,000 translators in Spain"); the
 * table's count for the founder's place; the table's density × the place's inhabitants (only in
 * the places the densities were measured in). A customer the table does not know is "unknown —
 * give your count", and the whole market's figure is shown only as an upper bound.
 *
 * `buyerKindOf` is the one rule that says whether a customer buys as a consumer or a business:
 * the validation, step 3 and every report ask it, so the same idea gets the same buyer kind.
 */
import { z } from 'zod';
import data from './data/segments.json';
import { identityOf, isConsumerMarket, readIdeaMarket, readsAsBusiness, stemMatches, whoOf } from './read';
import { parseTable } from './schema';
import type { Buyer, Market, Place } from './types';

const text = z.string().min(1);

const segmentSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z-]+$/, 'an id is lower-case letters and hyphens'),
    /** Name used in sentences: "translators and interpreters". */
    label: text,
    /** Words (stems or phrases, lower-case) that name the segment in a customer's words. */
    words: z.array(text).min(1),
    /** The segment is named only when one of these words is also there ("freelance" developers). */
    with: z.array(text).min(1).optional(),
    /** Never named when one of these is there ("interior" designers, "gym-goers"). */
    without: z.array(text).min(1).optional(),
    buyer: z.enum(['consumer', 'business']),
    /** Buyers (people or organisations) per million inhabitants, and where the figure comes from. */
    perMillion: z.strictObject({ value: z.number().positive(), source: text }).optional(),
    /** Counts for a country (the place's name as the place table writes it), each with its source. */
    counts: z
      .array(z.strictObject({ place: text, count: z.number().int().positive(), source: text }))
      .min(1)
      .optional(),
  })
  .refine((s) => s.perMillion || s.counts, 'a segment needs a density (perMillion) or counts for some places');

export const segmentTableSchema = z.strictObject({
  /** The places whose statistics the densities come from: elsewhere a density is not applied. */
  densityPlaces: z.strictObject({ why: text, places: z.array(text).min(1) }),
  segments: z.array(segmentSchema).min(1),
});

/** One segment of the table. */
export type Segment = z.output<typeof segmentSchema>;

/** The segment table, checked: a bad entry stops the load with a message naming it. */
export function loadSegmentTable(table: unknown, file = 'data/segments.json') {
  const parsed = parseTable(segmentTableSchema, table, file);
  const seen = new Set<string>();
  for (const s of parsed.segments) {
    if (seen.has(s.id)) throw new Error(`The offline analyst's ${file} has a second segment with the id '${s.id}'`);
    seen.add(s.id);
  }
  return parsed;
}

const TABLE = loadSegmentTable(data);

/** Every segment of the table, in table order. */
export const SEGMENTS: ReadonlyArray<Segment> = TABLE.segments;

/** The places whose statistics the table's densities come from. */
export const DENSITY_PLACES: ReadonlyArray<string> = TABLE.densityPlaces.places;

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'");

/** Words after a segment's word that make it what someone else buys from: "gym members", "restaurant diners", "hotel guests". */
const CUSTOMERS_OF =
  /^[\s'-]*(?:s'|'s)?\s*(?:customers?|clients?|guests?|members?|goers?|patients?|visitors?|diners?|users?|patrons?|shoppers?|students?|pupils?|parents?|kids|children|owners? of)\b/;

interface Hit {
  start: number;
  end: number;
  length: number;
}

/** Where the words of a list occur in a folded text: phrases as whole words (plural allowed), single words by stem. */
function hitsOf(t: string, words: ReadonlyArray<string>): Hit[] {
  const out: Hit[] = [];
  for (const w of words) {
    const word = fold(w);
    if (/[\s\-/&]/.test(word)) {
      const re = new RegExp(`(?<![a-z0-9])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:e?s)?(?![a-z0-9])`, 'g');
      for (const m of t.matchAll(re)) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, length: word.length });
    } else {
      for (const m of t.matchAll(/[a-z0-9&]+/g)) {
        if (stemMatches(m[0], word)) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, length: word.length });
      }
    }
  }
  return out;
}

/**
 * The segment of the table a customer names, or null. Read in who the customer is (not where:
 * "nurses at hospitals" are nurses); when several segments match, the head of the noun phrase
 * wins: a match that starts before the first "of/with/for/who" ("parents of students" are
 * parents), then the one that ends last ("school teachers" are teachers), then the longest
 * phrase ("beauty salons" are not hair salons). A segment's word followed by the people it serves
 * ("gym members", "hotel guests") does not name it.
 */
export function readSegment(customer: string): Segment | null {
  const who = fold(identityOf(customer ?? '')).trim();
  if (!who) return null;
  const headEnd = /\s(?:of|with|for|who|whose|that|which|from|to)\s/.exec(who)?.index ?? who.length;
  let best: { segment: Segment; hit: Hit; head: boolean; order: number } | null = null;
  SEGMENTS.forEach((segment, order) => {
    if (segment.without && hitsOf(who, segment.without).length) return;
    if (segment.with && !hitsOf(who, segment.with).length) return;
    for (const hit of hitsOf(who, segment.words)) {
      if (CUSTOMERS_OF.test(who.slice(hit.end))) continue;
      const head = hit.start < headEnd;
      const better =
        !best ||
        (head && !best.head) ||
        (head === best.head &&
          (hit.end > best.hit.end ||
            (hit.end === best.hit.end && (hit.length > best.hit.length || (hit.length === best.hit.length && !!segment.with && !best.segment.with)))));
      if (better) best = { segment, hit, head, order };
    }
  });
  return best ? (best as { segment: Segment }).segment : null;
}

/** People named by their role in an organisation ("procurement directors at enterprises", "HR teams"), and organisations named anywhere. */
const ROLES =
  /\b(?:directors?|executives?|managers?|officers?|heads? of|ceos?|cfos?|ctos?|coos?|cmos?|vps?|founders?|procurement|hr|recruiters?|administrators?|admins?|teams?|departments?|employers?|operators?|contractors?|consultants?|agenc(?:y|ies)|enterprises?|corporat\w*|organi[sz]ations?|organi[sz]ers?|compan(?:y|ies)|businesses|firms|workshops?|suppliers?|vendors?|wholesalers?|distributors?|manufacturers?|producers?|brands?|charit(?:y|ies)|churches|nonprofits?|ngos?|councils?|municipalit(?:y|ies)|family-run|co-?ops?|cooperatives?|b2b)\b/i;

/**
 * Whether a customer buys as a consumer or a business: the segment table's answer when it names
 * the customer; else organisations or roles in their words ("clinics", "restaurant owners",
 * "procurement directors", "conference organisers") make a business and people ("parents",
 * "students") a consumer; else the market's own buyers. The one rule the validation, step 3 and
 * every report use.
 */
export function buyerKindOf(customer: string, market?: Pick<Market, 'b2b'> | null): Buyer {
  const segment = readSegment(customer);
  if (segment) return segment.buyer;
  if (readsAsBusiness(customer) || ROLES.test(whoOf(customer))) return 'business';
  if (isConsumerMarket(customer)) return 'consumer';
  return market?.b2b ? 'business' : 'consumer';
}

/** Who buys a validated idea (its target customer, in the market its words read as): the validation and step 3 ask this. */
export function ideaBuyerKind(v: { idea: string; targetCustomer: string; problemSolved: string }): Buyer {
  return buyerKindOf(v.targetCustomer, readIdeaMarket(v).market);
}

/** Businesses per million inhabitants that buy into a consumer market (the market table counts people). */
export const BUSINESSES_OF_A_CONSUMER_MARKET = 400;

/** The whole market's buyers per million for a kind of buyer: the table's, or businesses of a consumer market. */
export function marketPerMillion(market: Pick<Market, 'b2b' | 'buyersPerMillion'>, buyer: Buyer): number {
  return buyer === 'business' && !market.b2b ? BUSINESSES_OF_A_CONSUMER_MARKET : market.buyersPerMillion;
}

/** The inhabitants assumed when the founder names no place. */
export const NO_PLACE_MILLIONS = 60;

/** How a segment's size was found. */
export type SegmentSizeFrom = 'founder' | 'country' | 'density' | 'market' | 'unknown';

/** A segment's size: its count, the range, and where it comes from (the sheet's "buyers" row). */
export interface SegmentSize {
  /** The table's segment, when the customer names one. */
  segment: Segment | null;
  /** Who is counted, in a sentence: the table's label, or the founder's customer as written. */
  label: string;
  buyer: Buyer;
  from: SegmentSizeFrom;
  /** The count (the upper bound when `from` is 'unknown'). */
  value: number;
  low: number;
  high: number;
  /** True when the count is not known and `value` is only the whole market's figure, an upper bound. */
  upperBound: boolean;
  /** How it was computed, naming the source of each figure. */
  basis: string;
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, millions: 1e6, mn: 1e6, lakh: 1e5, lakhs: 1e5 };

/**
 * A count the founder wrote of their own customers: a number (not money) followed within a few
 * words by a word naming them ("there are 30,000 translators in Spain", "about 12k salons").
 */
export function founderCount(text: string, customer: string, segment: Segment | null): number | null {
  const folded = fold(text);
  const who = fold(identityOf(customer ?? ''));
  const head = who.match(/[a-z]+/g)?.filter((w) => w.length > 2) ?? [];
  const names = [...(segment?.words ?? []), ...head.slice(-1)];
  if (!names.length) return null;
  const re = /(?<![\w$£€¥₹₦₩.,])(\d{1,3}(?:[,.]\d{3})+|\d+(?:\.\d+)?)\s*(k|thousand|m|million|millions|mn|lakhs?)?\b((?:\s+[a-z&'-]+){1,4})/g;
  for (const m of folded.matchAll(re)) {
    const before = folded.slice(Math.max(0, (m.index ?? 0) - 4), m.index ?? 0);
    if (/[$£€¥₹₦₩]\s*$|\b(?:usd|eur|gbp|chf)\s*$/.test(before)) continue;
    const after = m[3];
    if (/^\s+(?:a|per|an|every|each)\s/.test(after) || /^\s+(?:%|percent|euros?|dollars?|pounds?|years?|months?|weeks?|days?|hours?)\b/.test(after)) continue;
    if (!hitsOf(after, names).length) continue;
    const value = Number(m[1].replace(/[,.](?=\d{3}\b)/g, '')) * (m[2] ? (MULTIPLIERS[m[2]] ?? 1) : 1);
    if (Number.isFinite(value) && value >= 10) return Math.round(value);
  }
  return null;
}

/** A figure rounded for reading: two significant figures (three above 100,000). */
function sig(n: number): number {
  if (n === 0) return 0;
  const digits = Math.abs(n) >= 1e5 ? 3 : 2;
  const p = 10 ** (Math.floor(Math.log10(Math.abs(n))) - digits + 1);
  return Math.round(n / p) * p;
}

const whole = (n: number) => n.toLocaleString('en-US');

/** What a segment's size is computed from. */
export interface SegmentSizeInput {
  /** Who the founder says buys ("freelance translators in Spain"); empty when they named no one. */
  customer: string;
  /** Everything the founder wrote (their own count is read from it). */
  text: string;
  place: Place | null;
  /** The market read (its buyers per million bound a segment the table does not know). */
  market: Pick<Market, 'label' | 'b2b' | 'buyersPerMillion'>;
  /** The market's id ('general' for no clear market). */
  marketId?: string;
  /** Who buys when already decided (a buyer kind the founder set): wins over the words. */
  buyer?: Buyer;
}

/**
 * How many buyers the founder's customer counts, by one rule for every analysis: the founder's
 * own count; else the table's count for their place; else the table's density × the place's
 * inhabitants (±40 % for how broadly the segment is drawn), where the density was measured; else
 * unknown, with the whole market's figure as an upper bound. A founder who names no customer is
 * sized as the market's buyers.
 */
export function sizeSegment(input: SegmentSizeInput): SegmentSize {
  const customer = (input.customer ?? '').trim();
  const segment = customer ? readSegment(customer) : null;
  const buyer = input.buyer ?? buyerKindOf(customer, input.market);
  const unit = buyer === 'business' ? 'organisations' : 'people';
  const place = input.place;
  const millions = place ? place.millions : NO_PLACE_MILLIONS;
  const where = place ? place.name : 'a country of 60 million people (no place named)';
  // The founder's words mid-sentence ("Beekeepers" → "beekeepers", acronyms kept), the same in every analysis.
  const own = identityOf(customer).trim().replace(/\s+/g, ' ');
  const label = segment ? segment.label : customer ? (/^[A-Z][a-z]/.test(own) ? own[0].toLowerCase() + own.slice(1) : own) : input.market.label;
  const range = (value: number, spread: number) => ({ value, low: sig(value * (1 - spread)), high: sig(value * (1 + spread)) });

  const count = customer ? founderCount(input.text, customer, segment) : null;
  if (count !== null)
    return { segment, label, buyer, from: 'founder', upperBound: false, value: count, low: count, high: count, basis: `your count (${whole(count)} ${label})` };

  const counted = segment && place ? segment.counts?.find((c) => c.place === place.name) : undefined;
  if (segment && counted)
    return {
      segment,
      label,
      buyer,
      from: 'country',
      upperBound: false,
      ...range(sig(counted.count), 0.2),
      basis: `${whole(sig(counted.count))} ${segment.label} in ${counted.place}: ${counted.source}; ±20% for how broadly the segment is drawn`,
    };

  const densityHolds = !place || DENSITY_PLACES.includes(place.name);
  if (segment?.perMillion && densityHolds)
    return {
      segment,
      label,
      buyer,
      from: 'density',
      upperBound: false,
      ...range(sig(segment.perMillion.value * millions), 0.4),
      basis: `${whole(segment.perMillion.value)} ${segment.label} per million inhabitants (${segment.perMillion.source}) × ${whole(millions)} million inhabitants of ${where}; ±40% for how broadly the segment is drawn`,
    };

  const perMillion = marketPerMillion(input.market, buyer);
  const bound = sig(perMillion * millions);
  const marketName = input.marketId === 'general' ? `the general ${buyer} market` : input.market.label;
  if (!customer)
    return {
      segment,
      label,
      buyer,
      from: 'market',
      upperBound: false,
      ...range(bound, 0.4),
      basis: `${whole(perMillion)} potential ${unit} per million inhabitants (the analyst's market table for ${marketName}; no customer named) × ${whole(millions)} million inhabitants of ${where}; ±40% for how broadly the segment is drawn`,
    };
  const why = segment
    ? `the analyst has a density for ${segment.label} only where it was measured: ${TABLE.densityPlaces.why.replace(/\.$/, '')}`
    : `the analyst's segment table has no count of ${label}`;
  return {
    segment,
    label,
    buyer,
    from: 'unknown',
    upperBound: true,
    value: bound,
    low: bound,
    high: bound,
    basis: `unknown, give your count: ${why}. At most ${whole(bound)}, the whole market's ${whole(perMillion)} potential ${unit} per million inhabitants (the analyst's market table for ${marketName}) × ${whole(millions)} million inhabitants of ${where}, an upper bound only`,
  };
}
