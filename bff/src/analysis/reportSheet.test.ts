import { CATALOGUE_PRODUCT_IDS, formatMoney, levelOf } from '@val/contracts';
import { getProduct } from '@val/content';
import { forecast } from './forecast';
import { buildReportSheet } from './reportSheet';
import { decideVerdict } from './verdict';

const feasibility = getProduct('new-product-feasibility-study')!;

describe('buildReportSheet', () => {
  const gym = buildReportSheet({
    product: feasibility,
    inputs: { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' },
  });
  const f = (id: string) => [...gym.sizing, ...gym.economics, ...gym.plan].find((x) => x.id === id)!;

  it('reads the market, the place and its currency', () => {
    expect(gym.market).toMatchObject({ id: 'fitness', place: 'the United Kingdom', buyer: 'business', general: false });
    expect(gym.currency).toMatchObject({ code: 'GBP', symbol: '£', from: 'place' });
  });

  it('sizes the market as buyers × share × price, with ranges and two significant figures', () => {
    expect(f('tam').value).toBe(Number((f('buyers').value * f('price').value * 12).toPrecision(3)));
    expect(f('buyers').low).toBeLessThan(f('buyers').value);
    expect(f('buyers').high).toBeGreaterThan(f('buyers').value);
    for (const x of gym.sizing.filter((s) => s.kind === 'count')) expect(String(x.value).replace(/0+$/, '').length).toBeLessThanOrEqual(3);
    expect(f('buyers').basis).toMatch(/per million inhabitants .* × 68 million inhabitants of the United Kingdom/);
  });

  it('adds the five years up and finds the break-even month', () => {
    for (const y of gym.years) expect(y.profit).toBe(y.revenue - y.costs);
    expect(gym.years).toHaveLength(5);
    const run = forecast({
      price: f('price').value,
      margin: f('gross-margin').value,
      cac: f('cac').value,
      lifetime: f('lifetime').value,
      team: f('team').value,
      salary: f('salary').value,
      customersY3: f('customers-y3').value,
    });
    expect(gym.breakEvenMonth).toBe(run.breakEvenMonth);
  });

  it('never says Go without break-even within five years, and names the price that would fix it (or says none does)', () => {
    // Sized as gyms (about 6,800 in the UK), not as every fitness buyer: no price up to three times breaks even.
    expect(gym.breakEvenMonth === null || gym.breakEvenMonth > 36).toBe(true);
    expect(gym.verdict.word).not.toBe('Go');
    expect(gym.verdict.changes.join(' ')).toContain('No price up to three times yours breaks even within three years');
    const salons = buildReportSheet({
      product: feasibility,
      inputs: { targetMarket: 'Small businesses in Germany', productIdea: 'book and pay for appointments in two taps' },
    });
    const fix = salons.plan.find((x) => x.id === 'price-for-break-even')!;
    expect(salons.breakEvenMonth).toBeNull();
    expect(salons.verdict.word).toBe('No-go');
    expect(salons.verdict.changes.join(' ')).toContain(formatMoney(fix.value, salons.currency));
  });

  it('gives every score its one word (0–3 Low, 4–6 Medium, 7–10 High)', () => {
    for (const s of gym.scores) expect(s.level).toBe(levelOf(s.score));
    expect([levelOf(3), levelOf(3.5), levelOf(4), levelOf(6), levelOf(7)]).toEqual(['Low', 'Medium', 'Medium', 'Medium', 'High']);
  });

  it('is deterministic and builds for every product', () => {
    for (const id of CATALOGUE_PRODUCT_IDS) {
      const product = getProduct(id)!;
      const inputs = Object.fromEntries(product.fields.map((x) => [x.name, 'Meal kits for busy parents in France']));
      expect(buildReportSheet({ product, inputs })).toEqual(buildReportSheet({ product, inputs }));
    }
  });

  it('writes amounts in the currency the founder used', () => {
    const s = buildReportSheet({
      product: feasibility,
      inputs: { targetMarket: 'Cafés in Zürich', productIdea: 'Surplus pastries at closing time for CHF 9 a bag' },
    });
    expect(s.currency.code).toBe('CHF');
    expect(s.market.place).toBe('Switzerland');
  });
});

describe('decideVerdict', () => {
  const base = {
    ltvCac: 4,
    payback: 6,
    highRisks: [],
    fix: null,
    currency: buildReportSheet({ product: feasibility, inputs: { targetMarket: 'x', productIdea: 'y' } }).currency,
    cac: 100,
    ltv: 400,
    maxCac: 130,
    ltvNeeded: 300,
  };
  it.each([
    [{ breakEvenMonth: null }, 'No-go'],
    [{ breakEvenMonth: 20, ltvCac: 0.8 }, 'No-go'],
    [{ breakEvenMonth: 20 }, 'Go'],
    [{ breakEvenMonth: 40 }, 'Go with changes'],
    [{ breakEvenMonth: 20, ltvCac: 2 }, 'Go with changes'],
    [{ breakEvenMonth: 20, payback: 24 }, 'Go with changes'],
    [{ breakEvenMonth: 20, highRisks: ['A high risk.'] }, 'Go with changes'],
  ])('%j → %s', (over, word) => {
    expect(decideVerdict({ ...base, ...over } as Parameters<typeof decideVerdict>[0]).word).toBe(word);
  });
});
