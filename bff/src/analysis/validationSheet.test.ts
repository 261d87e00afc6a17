import { createRequire } from 'node:module';
import path from 'node:path';
import { levelOf, roundSig } from '@val/contracts';
import { offlineValidation } from '@val/offline-analyst';
import { findRepoRoot } from '../config/env';
import { checkSection } from './check';
import { buildValidationSheet } from './validationSheet';

type Idea = { idea: string; targetCustomer: string; problemSolved: string };
/** Every labelled set of the offline analyst's market read (offline-analyst/data/ideas/, read by its plain-Node loader). */
const ideaSets = createRequire(__filename)(path.join(findRepoRoot(), 'offline-analyst', 'scripts', 'idea-sets.js')) as {
  loadSets: () => Array<{ ideas: Idea[] }>;
};
const all = ideaSets.loadSets().flatMap((s) => s.ideas);
const money: Idea[] = [
  {
    idea: 'A fridge tracker app that plans meals from leftovers',
    targetCustomer: 'Families in Manchester',
    problemSolved: 'They lose £40 of food every month',
  },
  { idea: 'Shared cargo bikes for small shops', targetCustomer: 'Bakeries in Zürich', problemSolved: 'Deliveries cost CHF 15 each week per shop' },
  { idea: 'A tutoring marketplace for JEE maths', targetCustomer: 'Students in Mumbai', problemSolved: 'Coaching costs ₹5,000 a month' },
  { idea: 'A booking tool for ryokan owners', targetCustomer: 'Small inns in Kyoto, Japan', problemSolved: 'No-shows cost ¥30,000 a night' },
];

describe('the validation’s fact sheet', () => {
  it('shows its basis: market, segment, place, buyer and price, none set by the founder', () => {
    const s = buildValidationSheet(money[0]);
    expect(s.basis).toMatchObject({
      market: s.market.id,
      segment: 'Families in Manchester',
      place: s.market.place,
      buyerKind: s.market.buyer,
      productKind: 'software',
      setByFounder: [],
    });
    expect(s.basis?.price).toBe(s.figures.find((f) => f.id === 'revenue-per-customer')?.value);
    if (s.market.general) expect(s.basis?.wordsPointAt === null || typeof s.basis?.wordsPointAt === 'string').toBe(true);
    else expect(s.basis?.wordsPointAt).toBeNull();
  });

  it('holds the score, its reasons and the verdict by rule', () => {
    const s = buildValidationSheet(money[0]);
    expect(s.kind).toBe('validation');
    expect(s.score).toBe(Math.round(Math.min(9.3, Math.max(2, 5 + s.factors.reduce((n, f) => n + f.delta, 0))) * 10) / 10);
    expect(s.verdict.word).toBe(s.score >= 6.5 ? 'Go' : s.score >= 5 ? 'Go with changes' : 'No-go');
    expect(s.currency.code).toBe('GBP');
    expect(levelOf(s.score)).toBeDefined();
  });

  it('its derived figures multiply out from the rounded figures it shows, for every idea of the market sets and four currencies', () => {
    // Before: the yearly example and the customers for the goal were worked out from unrounded
    // dollar amounts, so "10,000 × 2% × £120 × 12" read £280K beside £290K, and 68 customers
    // beside £8,000 ÷ £120 = 67.
    const kinds = new Set<string>();
    for (const i of [...all, ...money]) {
      const sheet = buildValidationSheet(i);
      const fig = (id: string) => sheet.figures.find((f) => f.id === id)?.value;
      const perCustomer = fig('revenue-per-customer');
      expect({ idea: i.idea, perCustomer: typeof perCustomer }).toEqual({ idea: i.idea, perCustomer: 'number' });
      kinds.add(
        sheet.figures
          .find((f) => f.id === 'revenue-per-customer')!
          .basis.split(' ')
          .slice(0, 5)
          .join(' '),
      );
      const yearly = fig('reach')! * fig('share')! * perCustomer! * 12;
      expect({ idea: i.idea, yearly: fig('yearly') }).toEqual({ idea: i.idea, yearly: Math.max(1, roundSig(yearly, 2)) });
      expect({ idea: i.idea, customers: fig('customers-for-goal') }).toEqual({
        idea: i.idea,
        customers: Math.max(1, Math.ceil(fig('revenue-goal')! / perCustomer!)),
      });
    }
    // Plain monthly prices, yearly prices, commissions, sessions and units with a service plan all met.
    expect([...kinds].sort()).toEqual([
      'the middle of the commission',
      'the middle of the price',
      'the middle of the unit',
      'the middle of the yearly',
      'two sessions a month at',
    ]);
  });

  it('the offline analyst’s feedback contradicts nothing in its sheet, for every idea of the market sets and four currencies', () => {
    for (const i of [...all, ...money]) {
      const sheet = buildValidationSheet(i);
      const r = checkSection(offlineValidation(i), { sheet, inputs: `${i.idea} ${i.targetCustomer} ${i.problemSolved}` });
      expect({ idea: i.idea, violations: r.violations.map((v) => `${v.kind}: ${v.text}`) }).toEqual({ idea: i.idea, violations: [] });
    }
  });
});

describe('words that name Object’s own properties', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf 30 kronor'])('"%s" in any field is read as a word', (word) => {
    const i = { idea: `${word} ${word}`, targetCustomer: word, problemSolved: word };
    const sheet = buildValidationSheet(i);
    expect(sheet.kind).toBe('validation');
    expect(checkSection(offlineValidation(i), { sheet, inputs: `${i.idea} ${i.targetCustomer} ${i.problemSolved}` }).violations).toEqual([]);
    expect(offlineValidation(i)).not.toMatch(/function|native code|\[object/);
  });
});
