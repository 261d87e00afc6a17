/**
 * The fact sheet of an analysis: the numbers a report, a validation or a step-3 simulation rests
 * on, computed in code from the founder's inputs (never by a model), with every assumption
 * named. Models and the offline analyst write their words around it; a checker compares what
 * they wrote with it before anything is stored. The report page shows it as "The numbers behind
 * this report", and the PDF prints it.
 *
 * Browser code imports the helpers from `@val/contracts/factSheet` (screens that show a sheet
 * load it lazily); the shared contracts module carries only the types.
 */

import type { SheetAssumption, SheetBasis } from './basis';
import { plural } from './plural';

// ---------------------------------------------------------------------------------------------
// Scores, levels and verdicts
// ---------------------------------------------------------------------------------------------

/** The three words a 0–10 score is described with, everywhere (reports, page, PDF, checker). */
export const LEVELS = ['Low', 'Medium', 'High'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * The one mapping from an x/10 score to a word: 0–3 Low, 4–6 Medium, 7–10 High (the score is
 * rounded to a whole number first, so 3.4 is Low and 3.5 is Medium).
 */
export function levelOf(score10: number): Level {
  const s = Math.round(score10);
  return s <= 3 ? 'Low' : s <= 6 ? 'Medium' : 'High';
}

/** The verdict words, best first. */
export const VERDICTS = ['Go', 'Go with changes', 'No-go'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A verdict and why: the rule that decided it and the figures it rests on. */
export interface VerdictInfo {
  word: Verdict;
  /** The rule that decided it, one sentence ("No break-even within five years: No-go."). */
  rule: string;
  /** What would have to change for a better verdict (empty for Go). */
  changes: string[];
}

// ---------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------

/** A currency the analysis can write amounts in. */
export interface CurrencyInfo {
  /** ISO 4217 code. */
  code: string;
  /** What precedes an amount: '$', '£', '€', '¥', 'CHF ' (with its space). */
  symbol: string;
  /** Fixed planning rate: units of this currency per US dollar (the market table is in USD). */
  perUsd: number;
  /** Where the analysis read it: a symbol or currency word in the inputs, the place named, or the default. */
  from: 'inputs' | 'place' | 'default';
}

/**
 * The currencies the analysis knows, with fixed planning rates (units per USD). They convert the
 * market table's USD figures for planning; they are not live exchange rates, and the sheet says so.
 */
export const CURRENCIES: Readonly<Record<string, Omit<CurrencyInfo, 'from'>>> = {
  USD: { code: 'USD', symbol: '$', perUsd: 1 },
  GBP: { code: 'GBP', symbol: '£', perUsd: 0.79 },
  EUR: { code: 'EUR', symbol: '€', perUsd: 0.92 },
  CHF: { code: 'CHF', symbol: 'CHF ', perUsd: 0.88 },
  JPY: { code: 'JPY', symbol: '¥', perUsd: 150 },
  CAD: { code: 'CAD', symbol: 'CA$', perUsd: 1.36 },
  AUD: { code: 'AUD', symbol: 'A$', perUsd: 1.52 },
  INR: { code: 'INR', symbol: '₹', perUsd: 83 },
  BRL: { code: 'BRL', symbol: 'R$', perUsd: 5 },
  MXN: { code: 'MXN', symbol: 'MX$', perUsd: 17 },
  SGD: { code: 'SGD', symbol: 'S$', perUsd: 1.34 },
  NGN: { code: 'NGN', symbol: '₦', perUsd: 1500 },
  KES: { code: 'KES', symbol: 'KSh ', perUsd: 130 },
  SEK: { code: 'SEK', symbol: 'SEK ', perUsd: 10.5 },
  NOK: { code: 'NOK', symbol: 'NOK ', perUsd: 10.7 },
  DKK: { code: 'DKK', symbol: 'DKK ', perUsd: 6.9 },
  PLN: { code: 'PLN', symbol: 'PLN ', perUsd: 4 },
  ZAR: { code: 'ZAR', symbol: 'R ', perUsd: 18.5 },
  CNY: { code: 'CNY', symbol: 'CN¥', perUsd: 7.2 },
  KRW: { code: 'KRW', symbol: '₩', perUsd: 1350 },
  AED: { code: 'AED', symbol: 'AED ', perUsd: 3.67 },
};

/** US dollars, the default (and the market table's) currency. */
export const USD: CurrencyInfo = { ...CURRENCIES.USD, from: 'default' };

/** `n` rounded to `digits` significant figures (0 stays 0). */
export function roundSig(n: number, digits = 2): number {
  if (!Number.isFinite(n) || n === 0) return 0;
  return Number(n.toPrecision(digits));
}

const grouped = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * An amount as a founder reads it: "$45", "£1,200", "€61K", "¥1.2M", "CHF 3.4B". Amounts of
 * 10,000 and more are shortened to two or three significant figures with K, M or B.
 */
export function formatMoney(n: number, c: Pick<CurrencyInfo, 'symbol'> = USD): string {
  const a = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  let body: string;
  if (a >= 1e9) body = `${trimZero((a / 1e9).toFixed(a >= 1e10 ? 0 : 1))}B`;
  else if (a >= 1e6) body = `${trimZero((a / 1e6).toFixed(a >= 1e7 ? 0 : 1))}M`;
  else if (a >= 1e4) body = `${grouped(a / 1e3)}K`;
  else body = grouped(a);
  return `${sign}${c.symbol}${body}`;
}

const trimZero = (s: string) => s.replace(/\.0$/, '');

/** "48,000" (whole numbers, grouped). */
export function formatWhole(n: number): string {
  return grouped(n);
}

/** "30%" from 0.3; `digits` decimals. */
export function formatPercent(fraction: number, digits = 0): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

// ---------------------------------------------------------------------------------------------
// The sheet
// ---------------------------------------------------------------------------------------------

/** What a figure measures (how it is written and compared). */
export type FigureKind = 'money' | 'count' | 'percent' | 'months' | 'ratio' | 'score';

/** One named figure of a sheet: a value (the base case), optionally a range, and where it comes from. */
export interface SheetFigure {
  /** Stable id, e.g. 'buyers', 'price', 'tam', 'ltv-cac'. */
  id: string;
  /** What it is, as the page shows it: "Potential buyers", "Price per month". */
  label: string;
  kind: FigureKind;
  /** The base case: money in the sheet's currency, percent as a fraction (0.3), score out of 10. */
  value: number;
  /** The range around it, when the figure is an estimate with a spread. */
  low?: number;
  high?: number;
  /** Money per month or per year. */
  per?: 'month' | 'year';
  /**
   * 'upper' when the real figure is not known and `value` is only an upper bound (a segment the
   * analyst has no count of, sized by the whole market): written "at most …".
   */
  bound?: 'upper';
  /** How it was derived or which assumption it is ("84M inhabitants × 900 per million"). */
  basis: string;
}

/** One 0–10 score of the analysis with its word (from `levelOf`) and how it was computed. */
export interface SheetScore {
  /** Stable id, e.g. 'competitive-rivalry', 'desirability'. */
  id: string;
  label: string;
  /** 0–10, at most one decimal. */
  score: number;
  level: Level;
  basis: string;
}

/** A year of the forecast (money in the sheet's currency). */
export interface YearFigures {
  year: number;
  /** Paying customers at the end of the year. */
  customers: number;
  revenue: number;
  costs: number;
  profit: number;
}

/** Something in the numbers a founder must not miss. */
export interface RiskFlag {
  id: string;
  severity: 'high' | 'medium';
  text: string;
}

/** The market as the analysis read it from the inputs. */
export interface MarketRead {
  /** Market id of the analyst's table, or 'general' when the words did not show one clearly. */
  id: string;
  /** "fitness and wellness", or "general (no clear market)". */
  label: string;
  general: boolean;
  /** The place named in the inputs ("the United Kingdom"), or null. */
  place: string | null;
  /** Who pays: organisations or people. */
  buyer: 'business' | 'consumer';
}

/** One search result an analysis cites as [n]. */
export interface SourceRef {
  /** Its number in the report ([1], [2]...). */
  n: number;
  title: string;
  url: string;
  /** A short excerpt of what the result says (never rendered as markup). */
  snippet: string;
}

/** Whether live sources were consulted. */
export interface SourcesNote {
  /** True when a search provider answered for this analysis. */
  live: boolean;
  /** The provider ('searxng', 'tavily', 'brave') or null. */
  provider: string | null;
  /** What the reader should know ("No live sources were consulted: figures are estimates from your inputs."). */
  note: string;
}

interface SheetBase {
  version: 1;
  market: MarketRead;
  currency: CurrencyInfo;
  risks: RiskFlag[];
  sources: SourcesNote;
  /**
   * What the analyst's market table says about the market read that carries a number ("delivery
   * commissions of 15-30%"), amounts in the sheet's currency: the analysis may quote these, and
   * they are listed with the sheet so a reader can see where they come from.
   */
  marketFacts: string[];
  /**
   * What the sheet was computed from (market, segment, place, buyer kind, product kind, price),
   * each read from the words or set by the founder. Absent on sheets stored before it existed.
   */
  basis?: SheetBasis;
}

/** A paid report's sheet: sizing, unit economics, five years, break-even, scores, verdict. */
export interface ReportFactSheet extends SheetBase {
  kind: 'report';
  /** What is assessed and for whom, in the buyer's words. */
  subject: string;
  audience: string;
  /** customers × share × price, in order, each with its assumption. */
  sizing: SheetFigure[];
  /** Price, margin, CAC, lifetime, LTV, LTV/CAC, payback. */
  economics: SheetFigure[];
  /** The build and launch plan the forecast assumes (months, team, costs). */
  plan: SheetFigure[];
  /** Years 1–5 of the base case. */
  years: YearFigures[];
  /** First month whose revenue covers its costs; null = none within five years. */
  breakEvenMonth: number | null;
  scores: SheetScore[];
  /** Competitors and examples the analysis may name (the market read's own). */
  competitors: string[];
  verdict: VerdictInfo;
  /**
   * The assumptions the founder may change (buyers, price, margin, CAC, lifetime, monthly costs,
   * team) with the original values and "changed by you" marks. Absent on sheets stored before it existed.
   */
  assumptions?: SheetAssumption[];
}

/** The free validation's sheet: the score with its reasons, the price band and the sizing example. */
export interface ValidationFactSheet extends SheetBase {
  kind: 'validation';
  /** Val's score, 0–10 with one decimal: 5 plus the factors, clamped. */
  score: number;
  factors: Array<{ delta: number; reason: string }>;
  /** The price band, the sizing example (reach × share × price) and the customers for a revenue goal. */
  figures: SheetFigure[];
  verdict: VerdictInfo;
  /**
   * The assumptions the founder may change here (buyers, price) with the original values and
   * "changed by you" marks. Absent on sheets stored before it existed.
   */
  assumptions?: SheetAssumption[];
}

/** One month of step 3's launch model. */
export interface SimulationMonthFigures {
  month: number;
  users: number;
  newUsers: number;
  churnedUsers: number;
  /** Rounded percent change against the previous month; null for the launch month. */
  growthPercent: number | null;
}

/** Step 3's sheet: the six months of the launch model and how they were computed. */
export interface SimulationFactSheet extends SheetBase {
  kind: 'simulation';
  months: SimulationMonthFigures[];
  /** The model's inputs and rates, each explained. */
  figures: SheetFigure[];
}

export type FactSheet = ReportFactSheet | ValidationFactSheet | SimulationFactSheet;

/** The note every analysis carries when no search provider is configured. */
export const NO_LIVE_SOURCES_NOTE = 'No live sources were consulted: the figures are estimates computed from your inputs and the analyst’s market table.';

/** Heading of the sheet on the report page and in the PDF. */
export const FACT_SHEET_TITLE = 'The numbers behind this report';

/**
 * "£40K–£90K a year (base £61K)" for a money figure with a range, "£61K" without; counts, percents,
 * months likewise. A base outside its range (the founder's own price below the market's) reads
 * "€9 a month (typical €18–€74 a month)".
 */
export function formatFigure(f: Pick<SheetFigure, 'kind' | 'value' | 'low' | 'high' | 'per' | 'bound'>, c: Pick<CurrencyInfo, 'symbol'> = USD): string {
  const one = (n: number): string => {
    switch (f.kind) {
      case 'money':
        return formatMoney(n, c);
      case 'percent':
        return formatPercent(n, n < 0.1 && n > 0 && Math.round(n * 1000) % 10 !== 0 ? 1 : 0);
      case 'months':
        return `${grouped(n)} ${plural(Math.round(n), 'month')}`;
      case 'ratio':
        return n.toFixed(1);
      case 'score':
        return `${trimZero(n.toFixed(1))}/10`;
      default:
        return formatWhole(n);
    }
  };
  const per = f.per ? ` a ${f.per}` : '';
  if (f.bound === 'upper') return `at most ${one(f.value)}${per}`;
  if (f.low === undefined || f.high === undefined || f.low === f.high) return `${one(f.value)}${per}`;
  // A value of the founder's own outside the market's range is theirs, shown beside the range, not as its base.
  if (f.value < Math.min(f.low, f.high) || f.value > Math.max(f.low, f.high)) return `${one(f.value)}${per} (typical ${one(f.low)}–${one(f.high)}${per})`;
  return `${one(f.low)}–${one(f.high)}${per} (base ${one(f.value)})`;
}

/** "month 26" or "none within 5 years". */
export function breakEvenLabel(month: number | null): string {
  return month ? `month ${month}` : 'none within 5 years';
}
