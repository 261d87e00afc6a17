/**
 * The five-year forecast behind a report's sheet: customers grow to the year-3 figure and on
 * (+25% a year after it), churn is replaced at the acquisition cost, the team's cost rises 25% a
 * year until year 3, and each month's gross profit is set against it. Pure and deterministic.
 */
import { roundSig, type YearFigures } from '@val/contracts';

/** What the forecast is computed from (money in the sheet's currency). */
export interface ForecastInput {
  /** Price per customer per month. */
  price: number;
  /** Gross margin, 0–1. */
  margin: number;
  /** Acquisition cost of one customer. */
  cac: number;
  /** Months a customer stays on average (a 1/lifetime share leaves every month). */
  lifetime: number;
  /** People on the team. */
  team: number;
  /** Fully loaded yearly cost per person in year 1. */
  salary: number;
  /** Paying customers at the end of year 3. */
  customersY3: number;
  /** Other fixed costs per month on top of the team (the founder's what-if; 0 when not given). */
  monthlyCosts?: number;
}

export interface ForecastResult {
  years: YearFigures[];
  /** First month (from month 4) whose revenue covers its costs; null when none within 60 months. */
  breakEvenMonth: number | null;
}

/** Customers at the end of each year as shares of the year-3 figure. */
const CURVE = [0, 0.18, 0.5, 1, 1.25, 1.5625];

/** Paying customers at the end of month m (linear between the year-end points). */
function customersAt(c3: number, m: number): number {
  if (m <= 0) return 0;
  const y = Math.min(4, Math.floor((m - 1) / 12));
  const frac = (m - y * 12) / 12;
  return c3 * (CURVE[y] + (CURVE[y + 1] - CURVE[y]) * frac);
}

const money = (n: number) => roundSig(n, Math.abs(n) >= 1e5 ? 3 : 2);

/** Runs the sixty months. Yearly figures are rounded for reading, and profit is revenue minus costs as shown. */
export function forecast(i: ForecastInput): ForecastResult {
  const revenue = [0, 0, 0, 0, 0];
  const costs = [0, 0, 0, 0, 0];
  let breakEvenMonth: number | null = null;
  for (let m = 1; m <= 60; m += 1) {
    const y = Math.floor((m - 1) / 12);
    const now = customersAt(i.customersY3, m);
    const before = customersAt(i.customersY3, m - 1);
    const churned = before / Math.max(1, i.lifetime);
    const won = Math.max(0, now - before) + churned;
    const rev = now * i.price;
    const cost = (i.team * i.salary * (1 + 0.25 * Math.min(y, 2))) / 12 + (i.monthlyCosts ?? 0) + rev * (1 - i.margin) + won * i.cac;
    revenue[y] += rev;
    costs[y] += cost;
    if (breakEvenMonth === null && m >= 4 && rev >= cost) breakEvenMonth = m;
  }
  const years = revenue.map((r, k) => {
    const rev = money(r);
    const cost = money(costs[k]);
    return { year: k + 1, customers: roundSig(Math.round(customersAt(i.customersY3, (k + 1) * 12)), 2), revenue: rev, costs: cost, profit: rev - cost };
  });
  return { years, breakEvenMonth };
}

/**
 * The lowest price, in 10% steps up to three times the given one (rounded to a price point), whose
 * forecast breaks even by `byMonth`, other figures unchanged; null when none does.
 */
export function priceToBreakEven(i: ForecastInput, byMonth: number): { price: number; breakEvenMonth: number } | null {
  for (let k = 11; k <= 30; k += 1) {
    const price = Math.max(1, roundSig((i.price * k) / 10, 2));
    const r = forecast({ ...i, price });
    if (r.breakEvenMonth !== null && r.breakEvenMonth <= byMonth) return { price, breakEvenMonth: r.breakEvenMonth };
  }
  return null;
}
