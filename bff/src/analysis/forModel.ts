/**
 * A fact sheet as a model reads it: every figure already written the way the report must write
 * it ("£84 a month", "16,000-38,000"), the scores with their words, the verdict and its rule.
 * Models copy numbers more reliably than they compute them.
 */
import { breakEvenLabel, formatFigure, formatMoney, formatWhole, type ReportFactSheet, type SheetFigure } from '@val/contracts';

const written = (sheet: ReportFactSheet, f: SheetFigure) => ({
  value: formatFigure({ kind: f.kind, value: f.value, per: f.per, bound: f.bound }, sheet.currency),
  ...(f.low !== undefined && f.high !== undefined && f.low !== f.high
    ? { range: `${formatFigure({ kind: f.kind, value: f.low }, sheet.currency)} to ${formatFigure({ kind: f.kind, value: f.high }, sheet.currency)}` }
    : {}),
  how: f.basis,
});

export function reportSheetForModel(sheet: ReportFactSheet): unknown {
  const figures = (list: ReadonlyArray<SheetFigure>) => Object.fromEntries(list.map((f) => [f.label, written(sheet, f)]));
  const m = (n: number) => formatMoney(n, sheet.currency);
  return {
    currency: `${sheet.currency.code} (${sheet.currency.symbol.trim()}); amounts use fixed planning rates`,
    market: `${sheet.market.label}${sheet.market.place ? ` in ${sheet.market.place}` : ''}, ${sheet.market.buyer === 'business' ? 'business' : 'consumer'} buyers`,
    sizing: figures(sheet.sizing),
    unit_economics: figures(sheet.economics.filter((f) => f.id !== 'price')),
    plan: figures(sheet.plan),
    five_years: sheet.years.map((y) => ({
      year: y.year,
      paying_customers: formatWhole(y.customers),
      revenue: m(y.revenue),
      costs: m(y.costs),
      profit_or_loss: m(y.profit),
    })),
    break_even: breakEvenLabel(sheet.breakEvenMonth),
    scores: Object.fromEntries(sheet.scores.map((s) => [s.label, `${Number.isInteger(s.score) ? s.score : s.score.toFixed(1)}/10 (${s.level})`])),
    competitors: sheet.competitors,
    risks: sheet.risks.map((r) => r.text),
    verdict: sheet.verdict,
    sources: sheet.sources.note,
  };
}
