import type { ReportFactSheet, ReportStepResult, SheetFigure, SheetScore, SourceRef, YearFigures } from '@val/contracts';
import { LEVELS, VERDICTS } from '@val/contracts/factSheet';

/*
 * The report service may be another one (FEASIBILITY_BASE_URL): what it sends beyond the spec's
 * fields is read defensively. A sheet the page cannot show whole is left out (the report then
 * renders as one without a sheet); single malformed rows are dropped.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const list = <T>(v: unknown, keep: (x: unknown) => x is T): T[] | null => (Array.isArray(v) ? v.filter(keep) : null);

const KINDS = new Set(['money', 'count', 'percent', 'months', 'ratio', 'score']);
const isFigure = (f: unknown): f is SheetFigure =>
  isObj(f) &&
  str(f.id) &&
  str(f.label) &&
  KINDS.has(f.kind as string) &&
  num(f.value) &&
  str(f.basis) &&
  (f.low === undefined || num(f.low)) &&
  (f.high === undefined || num(f.high)) &&
  (f.per === undefined || f.per === 'month' || f.per === 'year');
const isScore = (s: unknown): s is SheetScore =>
  isObj(s) && str(s.id) && str(s.label) && num(s.score) && (LEVELS as readonly unknown[]).includes(s.level) && str(s.basis);
const isYear = (y: unknown): y is YearFigures => isObj(y) && num(y.year) && num(y.customers) && num(y.revenue) && num(y.costs) && num(y.profit);
const isRisk = (r: unknown): r is ReportFactSheet['risks'][number] =>
  isObj(r) && str(r.id) && str(r.text) && (r.severity === 'high' || r.severity === 'medium');

/** A report's fact sheet as sent, or undefined when it is missing or not one the page can show. */
export function readReportSheet(raw: unknown): ReportFactSheet | undefined {
  if (!isObj(raw) || raw.kind !== 'report') return undefined;
  const { market, currency, verdict, sources } = raw;
  if (!isObj(market) || !str(market.label) || !(market.place === null || str(market.place)) || (market.buyer !== 'business' && market.buyer !== 'consumer'))
    return undefined;
  if (!isObj(currency) || !str(currency.code) || !str(currency.symbol) || !num(currency.perUsd)) return undefined;
  if (!isObj(verdict) || !(VERDICTS as readonly unknown[]).includes(verdict.word) || !str(verdict.rule)) return undefined;
  if (!isObj(sources) || !str(sources.note)) return undefined;
  if (!(raw.breakEvenMonth === null || num(raw.breakEvenMonth))) return undefined;
  const sizing = list(raw.sizing, isFigure);
  const economics = list(raw.economics, isFigure);
  const plan = list(raw.plan, isFigure);
  const years = list(raw.years, isYear);
  const scores = list(raw.scores, isScore);
  const risks = list(raw.risks, isRisk);
  if (!sizing || !economics || !plan || !years || !scores || !risks) return undefined;
  return {
    ...(raw as unknown as ReportFactSheet),
    sizing,
    economics,
    plan,
    years,
    scores,
    risks,
    competitors: list(raw.competitors, str) ?? [],
    verdict: { word: verdict.word as ReportFactSheet['verdict']['word'], rule: verdict.rule, changes: list(verdict.changes, str) ?? [] },
  };
}

/** A section's sources as sent: well-formed entries only (numbered, with a title and an address). */
export function readSources(raw: unknown): SourceRef[] | undefined {
  const out = list(raw, (s): s is SourceRef => isObj(s) && num(s.n) && s.n >= 1 && str(s.title) && str(s.url) && str(s.snippet));
  return out?.length ? out : undefined;
}

/** What the checker did to a section, when it did something. */
export function readCheck(raw: unknown): ReportStepResult['check'] {
  if (!isObj(raw) || !num(raw.removed) || typeof raw.repaired !== 'boolean') return undefined;
  return raw.removed > 0 || raw.repaired ? { removed: raw.removed, repaired: raw.repaired } : undefined;
}
