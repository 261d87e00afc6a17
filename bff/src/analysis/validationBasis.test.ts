import { roundSig } from '@val/contracts';
import { offlineValidation } from '@val/offline-analyst';
import { checkSection } from './check';
import { buildValidationSheet, ideaBasisOf } from './validationSheet';

const tyres = {
  idea: 'A van that changes your tyres at the office while you work',
  targetCustomer: 'Commuters who drive to business parks',
  problemSolved: 'Changing tyres takes a morning off work twice a year',
};
const fig = (s: ReturnType<typeof buildValidationSheet>, id: string) => s.figures.find((f) => f.id === id)?.value;
const words = (i: typeof tyres) => `${i.idea} ${i.targetCustomer} ${i.problemSolved}`;

describe('the validation’s sheet from the founder’s basis', () => {
  it('without a basis, nothing is marked as set by the founder and each assumption is its original', () => {
    const s = buildValidationSheet(tyres);
    expect(s.basis?.setByFounder).toEqual([]);
    expect(s.assumptions?.map((a) => [a.id, a.changedByYou, a.value === a.original])).toEqual([
      ['buyers', false, true],
      ['price', false, true],
    ]);
  });

  it('the founder’s market, place and price win: the market, currency, price, sizing example and goal recompute', () => {
    const before = buildValidationSheet(tyres);
    const after = buildValidationSheet({ ...tyres, basis: { market: 'logistics', place: 'Germany', price: 30 } });
    expect(after.basis).toMatchObject({ market: 'logistics', marketLabel: 'logistics and mobility', wordsPointAt: null, place: 'Germany', price: 30 });
    expect(after.basis?.setByFounder).toEqual(['market', 'place', 'price']);
    expect(after.market).toMatchObject({ id: 'logistics', general: false, place: 'Germany' });
    expect(after.currency.code).toBe('EUR');
    expect(fig(after, 'revenue-per-customer')).toBe(30);
    expect(after.figures.find((f) => f.id === 'revenue-per-customer')?.basis).toBe('the price you set (€30 a month)');
    expect(fig(after, 'yearly')).toBe(10000 * 0.02 * 30 * 12);
    expect(fig(after, 'customers-for-goal')).toBe(Math.ceil(fig(after, 'revenue-goal')! / 30));
    expect(after.risks.map((r) => r.id)).not.toContain('general-market');
    expect(after.assumptions?.find((a) => a.id === 'price')).toMatchObject({ value: 30, original: fig(before, 'revenue-per-customer'), changedByYou: true });
  });

  it('the founder’s buyer kind and product kind change the price band and the score', () => {
    const consumer = buildValidationSheet({ ...tyres, basis: { buyerKind: 'consumer', productKind: 'software' } });
    const business = buildValidationSheet({ ...tyres, basis: { buyerKind: 'business', productKind: 'service' } });
    expect(consumer.basis).toMatchObject({ buyerKind: 'consumer', productKind: 'software', setByFounder: ['buyerKind', 'productKind'] });
    expect(business.basis).toMatchObject({ buyerKind: 'business', productKind: 'service' });
    expect(business.market.buyer).toBe('business');
    expect(business.figures.find((f) => f.id === 'price-band')?.label).toBe('Monthly retainer');
    expect(consumer.figures.find((f) => f.id === 'price-band')?.label).not.toBe('Monthly retainer');
    expect(business.score).toBeGreaterThan(consumer.score);
    expect(business.verdict.rule).toContain(business.score.toFixed(1));
  });

  it('the founder’s count of buyers sizes the segment and caps the example’s reach; the founder’s segment is shown', () => {
    const s = buildValidationSheet({ ...tyres, basis: { segment: 'fleet managers of car-sharing firms' }, assumptions: { buyers: 4000 } });
    expect(s.basis?.segment).toBe('fleet managers of car-sharing firms');
    expect(s.basis?.setByFounder).toEqual(['segment']);
    expect(fig(s, 'buyers')).toBe(4000);
    expect(fig(s, 'reach')).toBe(4000);
    expect(s.assumptions?.find((a) => a.id === 'buyers')).toMatchObject({ value: 4000, changedByYou: true });
    expect(fig(s, 'yearly')).toBe(Math.max(1, roundSig(4000 * 0.02 * fig(s, 'revenue-per-customer')! * 12, 2)));
  });

  it('the offline analyst writes from the founder’s basis and contradicts nothing in that sheet', () => {
    for (const input of [
      { ...tyres, basis: { market: 'logistics' as const, place: 'Germany', price: 30 } },
      { ...tyres, basis: { buyerKind: 'business' as const, productKind: 'service' as const }, assumptions: { buyers: 4000, price: 450 } },
      { ...tyres, basis: { market: 'general' as const, segment: 'people' } },
    ]) {
      const sheet = buildValidationSheet(input);
      const text = offlineValidation(tyres, ideaBasisOf(input));
      expect(text).toContain(`## Validation Score: ${sheet.score.toFixed(1)}/10`);
      expect(checkSection(text, { sheet, inputs: words(tyres) }).violations.map((v) => `${v.kind}: ${v.text}`)).toEqual([]);
    }
    const text = offlineValidation(tyres, ideaBasisOf({ ...tyres, basis: { market: 'logistics', place: 'Germany', price: 30 } }));
    expect(text).toContain('in logistics and mobility');
    expect(text).toContain('your price of €30 a month');
  });
});
