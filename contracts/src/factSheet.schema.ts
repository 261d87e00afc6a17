/** zod schemas of the fact sheets (`factSheet.ts`), for the API document and the answers' checks. */
import { z } from 'zod';
import type {
  CurrencyInfo,
  MarketRead,
  ReportFactSheet,
  RiskFlag,
  SheetFigure,
  SheetScore,
  SimulationFactSheet,
  SourceRef,
  SourcesNote,
  ValidationFactSheet,
  VerdictInfo,
  YearFigures,
} from './factSheet';
import { LEVELS, VERDICTS } from './factSheet';
import { sheetAssumptionSchema, sheetBasisSchema } from './basis.schema';

export const sourceRefSchema = z.object({
  n: z.number().int().min(1),
  title: z.string(),
  url: z.string().meta({ description: 'An http(s) address; shown as text with its host, never as a live link from model output' }),
  snippet: z.string(),
}) satisfies z.ZodType<SourceRef>;

const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  perUsd: z.number().meta({ description: 'Fixed planning rate (units per US dollar), not a live exchange rate' }),
  from: z.enum(['inputs', 'place', 'default']),
}) satisfies z.ZodType<CurrencyInfo>;

const marketSchema = z.object({
  id: z.string(),
  label: z.string(),
  general: z.boolean(),
  place: z.string().nullable(),
  buyer: z.enum(['business', 'consumer']),
}) satisfies z.ZodType<MarketRead>;

const figureSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['money', 'count', 'percent', 'months', 'ratio', 'score']),
  value: z.number(),
  low: z.number().optional(),
  high: z.number().optional(),
  per: z.enum(['month', 'year']).optional(),
  bound: z.literal('upper').optional().meta({ description: 'The real figure is not known: value is only an upper bound' }),
  basis: z.string(),
}) satisfies z.ZodType<SheetFigure>;

const scoreSchema = z.object({
  id: z.string(),
  label: z.string(),
  score: z.number().min(0).max(10),
  level: z.enum(LEVELS),
  basis: z.string(),
}) satisfies z.ZodType<SheetScore>;

const riskSchema = z.object({ id: z.string(), severity: z.enum(['high', 'medium']), text: z.string() }) satisfies z.ZodType<RiskFlag>;
const sourcesNoteSchema = z.object({ live: z.boolean(), provider: z.string().nullable(), note: z.string() }) satisfies z.ZodType<SourcesNote>;
const verdictSchema = z.object({ word: z.enum(VERDICTS), rule: z.string(), changes: z.array(z.string()) }) satisfies z.ZodType<VerdictInfo>;
const yearSchema = z.object({
  year: z.number().int(),
  customers: z.number(),
  revenue: z.number(),
  costs: z.number(),
  profit: z.number(),
}) satisfies z.ZodType<YearFigures>;

const base = {
  version: z.literal(1),
  market: marketSchema,
  currency: currencySchema,
  risks: z.array(riskSchema),
  sources: sourcesNoteSchema,
  marketFacts: z.array(z.string()).meta({ description: "What the analyst's market table says about the market that carries a number" }),
  basis: sheetBasisSchema.optional(),
};

export const reportFactSheetSchema = z
  .object({
    ...base,
    kind: z.literal('report'),
    subject: z.string(),
    audience: z.string(),
    sizing: z.array(figureSchema),
    economics: z.array(figureSchema),
    plan: z.array(figureSchema),
    years: z.array(yearSchema),
    breakEvenMonth: z.number().int().nullable().meta({ description: 'First month whose revenue covers its costs; null = none within five years' }),
    scores: z.array(scoreSchema),
    competitors: z.array(z.string()),
    verdict: verdictSchema,
    assumptions: z
      .array(sheetAssumptionSchema)
      .optional()
      .meta({ description: 'The assumptions the founder may change, with the original values and "changed by you" marks' }),
  })
  .meta({ description: 'The numbers the report rests on, computed in code from the inputs' }) satisfies z.ZodType<ReportFactSheet>;

export const validationFactSheetSchema = z
  .object({
    ...base,
    kind: z.literal('validation'),
    score: z.number().min(0).max(10),
    factors: z.array(z.object({ delta: z.number(), reason: z.string() })),
    figures: z.array(figureSchema),
    verdict: verdictSchema,
    assumptions: z
      .array(sheetAssumptionSchema)
      .optional()
      .meta({ description: 'The assumptions the founder may change (buyers, price), with the original values and "changed by you" marks' }),
  })
  .meta({ description: 'The numbers the feedback rests on, computed in code from the inputs' }) satisfies z.ZodType<ValidationFactSheet>;

export const simulationFactSheetSchema = z
  .object({
    ...base,
    kind: z.literal('simulation'),
    months: z.array(
      z.object({
        month: z.number().int(),
        users: z.number().int(),
        newUsers: z.number().int(),
        churnedUsers: z.number().int(),
        growthPercent: z.number().nullable(),
      }),
    ),
    figures: z.array(figureSchema),
  })
  .meta({ description: 'The six months of the launch model and how they were computed' }) satisfies z.ZodType<SimulationFactSheet>;
