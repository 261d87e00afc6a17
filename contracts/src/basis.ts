/**
 * The founder's basis and what-if assumptions (issue 36, items 1 and 2): what an analysis rests
 * on (market, segment, place, buyer kind, product kind, price), which the founder may set or
 * correct, and the assumptions of a report's numbers the founder may change. Every sheet shows its
 * basis (`SheetBasis`); a report's sheet also lists its assumptions with the original values and
 * "changed by you" marks (`SheetAssumption`). The zod schemas are in `basis.schema.ts`.
 */

/** What is sold: drives what feasibility covers (a device gets components, certification, unit cost). */
export const PRODUCT_KINDS = ['software', 'hardware', 'service', 'marketplace', 'content'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Who pays: people or organisations. */
export const BUYER_KINDS = ['consumer', 'business'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/**
 * The markets of the analyst's market table (`offline-analyst/src/markets/data/markets.json`, in
 * its order) and 'general' (no market profile: generic figures). A test in the BFF keeps this list
 * equal to the table's ids.
 */
export const MARKET_IDS = [
  'food',
  'health',
  'fitness',
  'education',
  'pets',
  'finance',
  'realestate',
  'travel',
  'ecommerce',
  'hr',
  'devtools',
  'marketing',
  'logistics',
  'sustainability',
  'family',
  'events',
  'legal',
  'beauty',
  'homeservices',
  'agriculture',
  'general',
] as const;
export type MarketId = (typeof MARKET_IDS)[number];

/** How each market is named on the page (the market table's labels; a test keeps them equal). */
export const MARKET_LABELS: Readonly<Record<MarketId, string>> = {
  food: 'food and meal planning',
  health: 'healthcare',
  fitness: 'fitness and wellness',
  education: 'education and learning',
  pets: 'pet care',
  finance: 'personal and business finance',
  realestate: 'real estate and housing',
  travel: 'travel and hospitality',
  ecommerce: 'e-commerce and retail',
  hr: 'hiring and workforce',
  devtools: 'software and developer tools',
  marketing: 'marketing and the creator economy',
  logistics: 'logistics and mobility',
  sustainability: 'sustainability and energy',
  family: 'parenting and family care',
  events: 'events and entertainment',
  legal: 'legal and compliance',
  beauty: 'beauty and personal style',
  homeservices: 'home and local services',
  agriculture: 'agriculture and food production',
  general: 'general (no clear market)',
};

/** How each product kind is named on the page. */
export const PRODUCT_KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  software: 'software (app, web, SaaS)',
  hardware: 'hardware device',
  service: 'service',
  marketplace: 'marketplace',
  content: 'content or media',
};

/** The fields of a basis, in the order the page shows them. */
export const BASIS_FIELDS = ['market', 'segment', 'place', 'buyerKind', 'productKind', 'price'] as const;
export type BasisField = (typeof BASIS_FIELDS)[number];

/** Limits of the basis' text fields (characters). */
export const BASIS_LIMITS = { segment: 120, place: 80 } as const;

/**
 * What the founder sets (every field optional): a field given wins over what the analyst read
 * from the words. `price` is per month, in the sheet's currency.
 */
export interface BasisInput {
  market?: MarketId;
  /** Who exactly buys ("freelance translators"). */
  segment?: string;
  /** A place the analyst knows ("Germany", "the UK", "California"). */
  place?: string;
  buyerKind?: BuyerKind;
  productKind?: ProductKind;
  /** Price per month, in the sheet's currency. */
  price?: number;
}

/** The assumptions of a report's numbers the founder may change, in the order the page shows them. */
export const ASSUMPTION_IDS = ['buyers', 'price', 'margin', 'cac', 'lifetimeMonths', 'monthlyCosts', 'team'] as const;
export type AssumptionId = (typeof ASSUMPTION_IDS)[number];

/** Bounds of each assumption (inclusive), as the API checks them. */
export const ASSUMPTION_LIMITS = {
  buyers: { min: 1, max: 1e10 },
  price: { min: 0.01, max: 1e7 },
  margin: { min: 0, max: 1 },
  cac: { min: 0, max: 1e7 },
  lifetimeMonths: { min: 1, max: 240 },
  churn: { min: 0.001, max: 1 },
  monthlyCosts: { min: 0, max: 1e9 },
  team: { min: 1, max: 500 },
} as const;

/**
 * What-if assumptions (every field optional). Money is in the sheet's currency; `margin` is a
 * fraction 0–1 (a number above 1 up to 100 is read as a percent); `churn` is the monthly share of
 * customers who leave (0–1 or a percent), an alternative to `lifetimeMonths` (lifetime = 1 / churn).
 */
export interface AssumptionsInput {
  /** Potential buyers (a count) in the founder's market. */
  buyers?: number;
  /** Price per month. */
  price?: number;
  /** Gross margin, 0–1. */
  margin?: number;
  /** Acquisition cost of one customer. */
  cac?: number;
  /** Months a customer stays on average. */
  lifetimeMonths?: number;
  /** Monthly churn, 0–1 (instead of lifetimeMonths). */
  churn?: number;
  /** Other fixed costs per month (rent, tools, marketing retainer), on top of the team. */
  monthlyCosts?: number;
  /** People on the team. */
  team?: number;
}

/** The assumptions of the free validation's sheet the founder may change (the others have no figure there). */
export const VALIDATION_ASSUMPTION_IDS = ['buyers', 'price'] as const;
export type ValidationAssumptionId = (typeof VALIDATION_ASSUMPTION_IDS)[number];

/** What-if assumptions of the free validation: the potential buyers and the price per month. */
export type ValidationAssumptionsInput = Pick<AssumptionsInput, ValidationAssumptionId>;

/** The basis a sheet was computed from, as every analysis shows it. */
export interface SheetBasis {
  /** Market id of the analyst's table, or 'general'. */
  market: MarketId;
  /** "fitness and wellness", or "general (no clear market)". */
  marketLabel: string;
  /** The market the words pointed at when the read was not confirmed (the sheet stayed general), else null. */
  wordsPointAt: MarketId | null;
  /** Who exactly buys, in the founder's words (or the market's typical buyer). */
  segment: string;
  /** The place the figures are for ("Germany"), or null when none was named. */
  place: string | null;
  buyerKind: BuyerKind;
  /** What is sold, when known (read or set); null when not known. */
  productKind: ProductKind | null;
  /** Price per month in the sheet's currency. */
  price: number;
  /** The fields the founder set (the others were read from the words). */
  setByFounder: BasisField[];
}

/** One assumption of a report's numbers, as the page's what-if table shows it. */
export interface SheetAssumption {
  id: AssumptionId;
  label: string;
  /** How the value is written: money (sheet's currency), a count, a percent as a fraction, months. */
  kind: 'money' | 'count' | 'percent' | 'months';
  per?: 'month' | 'year';
  value: number;
  /** The value of the original sheet (the one computed before the founder changed anything). */
  original: number;
  /** True when the founder set this value (through the basis or an assumption). */
  changedByYou: boolean;
}

/** Body of `POST /api/reports/{id}/basis`: change the basis and/or assumptions, or go back to the original. */
export interface ReportBasisRequest {
  basis?: BasisInput;
  assumptions?: AssumptionsInput;
  /** True: drop the founder's version (basis and assumptions ignored). */
  reset?: boolean;
}

/** A section of a report as written for the numbers it was written for. */
export type WrittenFor = 'original' | 'yours';
