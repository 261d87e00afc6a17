import { ASSUMPTION_IDS, MARKET_IDS, MARKET_LABELS, assumptionsInputSchema, basisInputSchema, type ReportFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import { MARKETS } from '@val/offline-analyst';
import { checkBasis, founderBasisOf } from './basis';
import { buildReportSheet } from './reportSheet';

const feasibility = getProduct('new-product-feasibility-study')!;
const dogs = {
  targetMarket: 'Dog owners in Germany',
  productIdea: 'A GPS collar subscription that tracks dog walks and alerts owners when the dog leaves a safe zone',
};
const fig = (s: ReportFactSheet, id: string) => [...s.sizing, ...s.economics, ...s.plan].find((x) => x.id === id)!;

describe("the contracts' market ids", () => {
  it("are the market table's ids, in its order, and general", () => {
    expect([...MARKET_IDS]).toEqual([...MARKETS.map((m) => m.id), 'general']);
  });

  it('are labelled as the market table labels them', () => {
    for (const m of MARKETS) expect(MARKET_LABELS[m.id as keyof typeof MARKET_LABELS]).toBe(m.label);
  });
});

describe('the founder’s basis on a report sheet', () => {
  const read = buildReportSheet({ product: feasibility, inputs: dogs });

  it('shows the basis it was computed from, and nothing set by the founder when nothing was', () => {
    expect(read.basis).toMatchObject({ place: 'Germany', buyerKind: 'consumer', setByFounder: [] });
    expect(read.basis?.price).toBe(fig(read, 'price').value);
    expect(read.assumptions?.map((a) => a.id)).toEqual([...ASSUMPTION_IDS]);
    expect(read.assumptions?.every((a) => !a.changedByYou && a.value === a.original)).toBe(true);
  });

  it('a market and a price set by the founder win over the read ones and change break-even and verdict', () => {
    const mine = buildReportSheet({ product: feasibility, inputs: dogs, basis: { market: 'pets', price: 60 } });
    expect(mine.market).toMatchObject({ id: 'pets', label: 'pet care', general: false });
    expect(mine.basis).toMatchObject({ market: 'pets', marketLabel: 'pet care', wordsPointAt: null, price: 60, setByFounder: ['market', 'price'] });
    expect(fig(mine, 'price')).toMatchObject({ value: 60, basis: 'the price you set (€60 a month)' });
    expect(fig(mine, 'ltv').value).toBe(Number((60 * fig(mine, 'gross-margin').value * fig(mine, 'lifetime').value).toPrecision(2)));
    const cheap = buildReportSheet({ product: feasibility, inputs: dogs, basis: { market: 'pets', price: 2 } });
    expect(cheap.breakEvenMonth).toBeNull();
    expect(cheap.verdict.word).toBe('No-go');
    expect(mine.breakEvenMonth).not.toBeNull();
    expect(mine.verdict.word).not.toBe('No-go');
    expect(mine.assumptions?.find((a) => a.id === 'price')).toMatchObject({ value: 60, original: fig(read, 'price').value, changedByYou: true });
  });

  it('a place, a segment and a buyer kind change the sizing, the currency and the buyer', () => {
    const mine = buildReportSheet({
      product: feasibility,
      inputs: dogs,
      basis: { place: 'the UK', segment: 'dog walking businesses', buyerKind: 'business', market: 'pets' },
    });
    expect(mine.market).toMatchObject({ place: 'the United Kingdom', buyer: 'business' });
    expect(mine.currency.code).toBe('GBP');
    expect(mine.basis).toMatchObject({ segment: 'dog walking businesses', buyerKind: 'business', place: 'the United Kingdom' });
    expect(fig(mine, 'buyers').basis).toMatch(/68 million inhabitants of the United Kingdom/);
    expect(fig(mine, 'team').value).toBe(4);
  });

  it('what-if assumptions recompute every derived figure, break-even and the verdict, marked as changed by you', () => {
    const mine = buildReportSheet({
      product: feasibility,
      inputs: dogs,
      assumptions: { buyers: 5000, margin: 0.2, cac: 400, churn: 0.1, monthlyCosts: 5000, team: 6 },
    });
    expect(fig(mine, 'buyers')).toMatchObject({ value: 5000, low: 5000, high: 5000 });
    expect(fig(mine, 'lifetime').value).toBe(10);
    expect(fig(mine, 'monthly-costs').value).toBe(5000);
    expect(fig(mine, 'ltv-cac').value).toBeLessThan(1);
    expect(mine.breakEvenMonth).toBeNull();
    expect(mine.verdict.word).toBe('No-go');
    expect(mine.years[0].costs).toBeGreaterThan(read.years[0].costs);
    const changed = mine.assumptions?.filter((a) => a.changedByYou).map((a) => a.id);
    expect(changed).toEqual(['buyers', 'margin', 'cac', 'lifetimeMonths', 'monthlyCosts', 'team']);
    expect(mine.assumptions?.find((a) => a.id === 'team')).toMatchObject({ value: 6, original: 3 });
  });

  it('is deterministic, and the stored sheet gives back the basis the founder set', () => {
    const b = { market: 'pets' as const, place: 'Spain', price: 12, productKind: 'hardware' as const };
    const a = buildReportSheet({ product: feasibility, inputs: dogs, basis: b });
    expect(buildReportSheet({ product: feasibility, inputs: dogs, basis: b })).toEqual(a);
    expect(founderBasisOf(a)).toEqual({ market: 'pets', place: 'Spain', productKind: 'hardware', price: 12 });
    expect(a.basis?.productKind).toBe('hardware');
  });

  it('names the market the words point at when the read stayed general', () => {
    const s = buildReportSheet({
      product: feasibility,
      inputs: { targetMarket: 'Small companies', productIdea: 'Chasing unpaid supplier invoices automatically' },
    });
    if (s.market.general) expect(s.basis?.wordsPointAt).not.toBe('general');
    expect(s.basis?.wordsPointAt === null || MARKET_IDS.includes(s.basis!.wordsPointAt)).toBe(true);
  });
});

describe('bad basis and assumptions are refused with a clear message', () => {
  it('an unknown place lists how to write one', () => {
    expect(checkBasis({ place: 'Atlantis' })).toMatch(
      /^place "Atlantis" is not a place the analyst knows: write a country or region such as United States, United Kingdom, Germany/,
    );
    expect(checkBasis({ place: 'germany' })).toBeNull();
  });

  it('the schemas name the field and the rule', () => {
    const msg = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message);
    expect(msg(basisInputSchema.safeParse({ market: 'dogs' }))).toEqual([expect.stringMatching(/^market must be one of food, health/)]);
    expect(msg(basisInputSchema.safeParse({ price: -3 }))).toEqual(['price must be more than 0']);
    expect(msg(basisInputSchema.safeParse({ segment: 'x'.repeat(121) }))).toEqual(['segment must be at most 120 characters']);
    expect(msg(assumptionsInputSchema.safeParse({ margin: 140 }))).toEqual(['margin must be at most 1']);
    expect(msg(assumptionsInputSchema.safeParse({ team: 2.5 }))).toEqual(['team must be a whole number of people']);
    expect(msg(assumptionsInputSchema.safeParse({ lifetimeMonths: 12, churn: 0.05 }))).toEqual(['give lifetimeMonths or churn, not both']);
    expect(basisInputSchema.parse({ market: ' Pets ', price: '9', segment: '  ' })).toEqual({ market: 'pets', price: 9 });
    expect(assumptionsInputSchema.parse({ margin: '40%', churn: 5 })).toEqual({ margin: 0.4, churn: 0.05 });
  });
});
