/**
 * The verdict of a report, decided by rules over its fact sheet (never by a model):
 *
 * 1. No break-even within five years → **No-go**.
 * 2. LTV/CAC below 1 (a customer costs more to win than they bring) → **No-go**.
 * 3. Break-even by month 36, LTV/CAC of 3 or more, CAC payback within 18 months and no other
 *    high risk → **Go**.
 * 4. Anything else → **Go with changes**, listing what would have to change.
 */
import { formatMoney, type CurrencyInfo, type VerdictInfo } from '@val/contracts';

export interface VerdictInput {
  breakEvenMonth: number | null;
  ltvCac: number;
  payback: number;
  /** Texts of high-severity risk flags other than the two No-go rules. */
  highRisks: string[];
  /** The price that would break even within three years, when the forecast at the given price does not. */
  fix: { price: number; breakEvenMonth: number } | null;
  currency: CurrencyInfo;
  cac: number;
  ltv: number;
  /** Lifetime value ÷ 3, as the sheet rounds it. */
  maxCac: number;
  /** Acquisition cost × 3, as the sheet rounds it. */
  ltvNeeded: number;
}

/** Months within which break-even counts as early enough for a Go. */
export const GO_BREAK_EVEN_MONTHS = 36;
/** LTV/CAC a Go needs. */
export const GO_LTV_CAC = 3;
/** CAC payback (months) a Go allows. */
export const GO_PAYBACK_MONTHS = 18;

export function decideVerdict(i: VerdictInput): VerdictInfo {
  const m = (n: number) => formatMoney(n, i.currency);
  const priceChange = i.fix
    ? `Charge ${m(i.fix.price)} a month: at that price the forecast breaks even in month ${i.fix.breakEvenMonth}.`
    : 'No price up to three times yours breaks even within three years: find a cheaper way to win customers or a wider market.';
  if (i.breakEvenMonth === null) {
    return { word: 'No-go', rule: 'No break-even within five years at this price: No-go.', changes: [priceChange] };
  }
  if (i.ltvCac < 1) {
    return {
      word: 'No-go',
      rule: `A customer costs more to win (CAC ${m(i.cac)}) than they bring in (LTV ${m(i.ltv)}): No-go.`,
      changes: [`Bring acquisition cost below ${m(i.maxCac)} or raise lifetime value above ${m(i.ltvNeeded)}.`],
    };
  }
  const changes: string[] = [];
  if (i.breakEvenMonth > GO_BREAK_EVEN_MONTHS) changes.push(`Break-even comes only in month ${i.breakEvenMonth}, after three years. ${priceChange}`);
  if (i.ltvCac < GO_LTV_CAC) changes.push(`LTV/CAC is ${i.ltvCac.toFixed(1)}: bring acquisition cost below ${m(i.maxCac)} for a healthy 3.`);
  if (i.payback > GO_PAYBACK_MONTHS) changes.push(`Acquisition pays back after ${i.payback} months: aim for ${GO_PAYBACK_MONTHS} or fewer.`);
  for (const r of i.highRisks) changes.push(r);
  if (!changes.length) {
    return {
      word: 'Go',
      rule: `Break-even in month ${i.breakEvenMonth} (within three years), LTV/CAC ${i.ltvCac.toFixed(1)} (3 or more) and CAC payback in ${i.payback} months (18 or fewer): Go.`,
      changes: [],
    };
  }
  return {
    word: 'Go with changes',
    rule: 'Break-even within five years, but not every Go condition holds (break-even by month 36, LTV/CAC of 3 or more, payback within 18 months): Go with changes.',
    changes,
  };
}
