/** zod schemas of the founder's basis and what-if assumptions (`basis.ts`), for the API document and the requests' checks. */
import { z } from 'zod';
import './zodConfig';
import {
  ASSUMPTION_IDS,
  ASSUMPTION_LIMITS,
  BASIS_FIELDS,
  BASIS_LIMITS,
  BUYER_KINDS,
  MARKET_IDS,
  PRODUCT_KINDS,
  type AssumptionsInput,
  type BasisInput,
  type ReportBasisRequest,
  type SheetAssumption,
  type SheetBasis,
  type ValidationAssumptionsInput,
} from './basis';

/** Blank text (a form's empty field) is "not given"; a numeric text is its number ("9", "1,200", "€9" is not). */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b !== 'string') return b;
  const t = b.trim().replace(/,/g, '');
  return /^-?\d+(\.\d+)?%?$/.test(t) ? (t.endsWith('%') ? Number(t.slice(0, -1)) / 100 : Number(t)) : b;
};
/** A share as a fraction: 0.4, or a percent 40 (above 1, up to 100), or "40%". */
const toShare = (v: unknown) => {
  const n = toNumber(v);
  return typeof n === 'number' && n > 1 && n <= 100 ? n / 100 : n;
};

const bounded = (name: string, { min, max }: { min: number; max: number }, unit = '') =>
  z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a number` })
    .min(min, { error: `${name} must be at least ${min}${unit}` })
    .max(max, { error: `${name} must be at most ${max.toLocaleString('en-US')}${unit}` });

const text = (name: string, max: number, what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/\s+/g, ' ').trim() === '' ? undefined : v.replace(/\s+/g, ' ').trim()) : blankToUndefined(v)),
    z
      .string({ error: `${name} must be text` })
      .max(max, { error: `${name} must be at most ${max} characters` })
      .optional()
      .meta({ description: what }),
  );

export const basisInputSchema = z
  .object({
    market: z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
      z
        .enum(MARKET_IDS, { error: `market must be one of ${MARKET_IDS.join(', ')}` })
        .optional()
        .meta({ description: "A market of the analyst's table, or general (generic figures)" }),
    ),
    segment: text('segment', BASIS_LIMITS.segment, 'Who exactly buys ("freelance translators")'),
    place: text(
      'place',
      BASIS_LIMITS.place,
      'A country or region the analyst knows ("Germany", "the UK"); an unknown place is refused with the list of how to write one',
    ),
    buyerKind: z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
      z.enum(BUYER_KINDS, { error: `buyerKind must be one of ${BUYER_KINDS.join(', ')}` }).optional(),
    ),
    productKind: z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
      z.enum(PRODUCT_KINDS, { error: `productKind must be one of ${PRODUCT_KINDS.join(', ')}` }).optional(),
    ),
    price: z.preprocess(
      toNumber,
      z
        .number({ error: 'price must be a number' })
        .positive({ error: 'price must be more than 0' })
        .max(ASSUMPTION_LIMITS.price.max, { error: `price must be at most ${ASSUMPTION_LIMITS.price.max.toLocaleString('en-US')}` })
        .optional()
        .meta({ description: "Price per month, in the sheet's currency" }),
    ),
  })
  .strict()
  .meta({ description: 'What the founder sets; each field given wins over what the analyst read from the words' }) satisfies z.ZodType<BasisInput, unknown>;

const assumption = (name: string, limits: { min: number; max: number }, what: string, pre = toNumber, unit = '') =>
  z.preprocess(pre, bounded(name, limits, unit).optional().meta({ description: what }));

export const assumptionsInputSchema = z
  .object({
    buyers: assumption('buyers', ASSUMPTION_LIMITS.buyers, 'Potential buyers (a count)'),
    price: assumption('price', ASSUMPTION_LIMITS.price, "Price per month, in the sheet's currency"),
    margin: assumption('margin', ASSUMPTION_LIMITS.margin, 'Gross margin: a fraction 0–1, or a percent (40 or "40%")', toShare),
    cac: assumption('cac', ASSUMPTION_LIMITS.cac, "Acquisition cost of one customer, in the sheet's currency"),
    lifetimeMonths: assumption('lifetimeMonths', ASSUMPTION_LIMITS.lifetimeMonths, 'Months a customer stays on average'),
    churn: assumption('churn', ASSUMPTION_LIMITS.churn, 'Monthly churn: a fraction or a percent (instead of lifetimeMonths)', toShare),
    monthlyCosts: assumption('monthlyCosts', ASSUMPTION_LIMITS.monthlyCosts, 'Other fixed costs per month, on top of the team'),
    team: z.preprocess(
      toNumber,
      bounded('team', ASSUMPTION_LIMITS.team).int({ error: 'team must be a whole number of people' }).optional().meta({ description: 'People on the team' }),
    ),
  })
  .strict()
  .refine((a) => a.lifetimeMonths === undefined || a.churn === undefined, { error: 'give lifetimeMonths or churn, not both' })
  .meta({ description: "What-if assumptions; money in the sheet's currency" }) satisfies z.ZodType<AssumptionsInput, unknown>;

/** The free validation's what-if assumptions (`VALIDATION_ASSUMPTION_IDS`): any other key is refused. */
export const validationAssumptionsInputSchema = z
  .object({
    buyers: assumption('buyers', ASSUMPTION_LIMITS.buyers, 'Potential buyers (a count): the sizing example reaches at most this many'),
    price: assumption('price', ASSUMPTION_LIMITS.price, "Price per month, in the sheet's currency"),
  })
  .strict()
  .meta({ description: "What-if assumptions of the validation's sheet; money in the sheet's currency" }) satisfies z.ZodType<
  ValidationAssumptionsInput,
  unknown
>;

export const reportBasisRequestSchema = z
  .object({
    basis: basisInputSchema.optional(),
    assumptions: assumptionsInputSchema.optional(),
    reset: z.preprocess(
      (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' || v === '' ? undefined : v),
      z.boolean().optional(),
    ),
  })
  .strict() satisfies z.ZodType<ReportBasisRequest, unknown>;

export const sheetBasisSchema = z
  .object({
    market: z.enum(MARKET_IDS),
    marketLabel: z.string(),
    wordsPointAt: z.enum(MARKET_IDS).nullable().meta({ description: 'The market the words pointed at when the read was not confirmed, else null' }),
    segment: z.string(),
    place: z.string().nullable(),
    buyerKind: z.enum(BUYER_KINDS),
    productKind: z.enum(PRODUCT_KINDS).nullable(),
    price: z.number().meta({ description: "Per month, in the sheet's currency" }),
    setByFounder: z.array(z.enum(BASIS_FIELDS)),
  })
  .meta({ description: 'What the sheet was computed from' }) satisfies z.ZodType<SheetBasis>;

export const sheetAssumptionSchema = z.object({
  id: z.enum(ASSUMPTION_IDS),
  label: z.string(),
  kind: z.enum(['money', 'count', 'percent', 'months']),
  per: z.enum(['month', 'year']).optional(),
  value: z.number(),
  original: z.number(),
  changedByYou: z.boolean(),
}) satisfies z.ZodType<SheetAssumption>;
