import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ValidationFactSheet } from '@val/contracts';
import { NO_LIVE_SOURCES_NOTE } from '@val/contracts/factSheet';
import { LabSheet } from '../compare/LabBits';
import ValidationSheet, { VALIDATION_SHEET_TITLE, isValidationSheet } from './ValidationSheet';

/** A validation's sheet as the validate answer carries it (the gym idea, in pounds). */
const sheet: ValidationFactSheet = {
  version: 1,
  kind: 'validation',
  market: { id: 'fitness', label: 'fitness and wellness', general: false, place: 'the United Kingdom', buyer: 'business' },
  currency: { code: 'GBP', symbol: '£', perUsd: 0.79, from: 'place' },
  score: 6.5,
  factors: [
    { delta: 1, reason: 'a named buyer: independent gyms' },
    { delta: 1, reason: 'a problem they already pay to solve (no-shows)' },
    { delta: -0.5, reason: 'a crowded market: ClassPass and Mindbody sell booking already' },
  ],
  figures: [
    {
      id: 'price',
      label: 'Price band',
      kind: 'money',
      per: 'month',
      value: 84,
      low: 32,
      high: 220,
      basis: 'what fitness and wellness tools typically cost per account',
    },
    {
      id: 'reach',
      label: 'Gyms in the United Kingdom',
      kind: 'count',
      value: 27000,
      low: 16000,
      high: 38000,
      basis: '400 per million inhabitants × 68 million',
    },
    { id: 'sizing', label: 'Revenue at 2% of them', kind: 'money', per: 'year', value: 544000, basis: '27,000 × 2% × £84 × 12 (an example, not a forecast)' },
    { id: 'goal', label: 'Customers for £10K a month', kind: 'count', value: 120, basis: '£10,000 ÷ £84, rounded up' },
  ],
  verdict: {
    word: 'Go with changes',
    rule: 'A score from 5.5 to 7.4: Go with changes.',
    changes: ['Show how you win gyms away from ClassPass and Mindbody.'],
  },
  risks: [{ id: 'crowded', severity: 'medium', text: 'A crowded market: two large incumbents.' }],
  sources: { live: false, provider: null, note: NO_LIVE_SOURCES_NOTE },
  marketFacts: [],
};

const render = (el: ReactElement) => renderToStaticMarkup(el).replace(/ class="[^"]*"/g, '');
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('ValidationSheet (the numbers behind this analysis)', () => {
  const html = render(<ValidationSheet sheet={sheet} level={4} />);
  const text = textOf(html);

  it('is a collapsed panel whose summary gives the verdict and the score', () => {
    expect(html).toMatch(
      /^<details data-testid="validation-sheet"><summary><h4>The numbers behind this analysis<\/h4><span>Go with changes · 6.5\/10<\/span><\/summary>/,
    );
    expect(VALIDATION_SHEET_TITLE).toBe('The numbers behind this analysis');
  });

  it('shows the verdict word, its rule and what would have to change', () => {
    expect(html).toContain('data-verdict="Go with changes"');
    expect(text).toContain(
      'Verdict Go with changes A score from 5.5 to 7.4: Go with changes. What would have to change: Show how you win gyms away from ClassPass and Mindbody.',
    );
  });

  it('writes the score as its starting point and each reason as a + or − line', () => {
    expect(text).toContain(
      'Score: 6.5/10 5 starting point +1 a named buyer: independent gyms +1 a problem they already pay to solve (no-shows) −0.5 a crowded market: ClassPass and Mindbody sell booking already 6.5 Val’s score out of 10',
    );
    expect(text).not.toContain('capped');
  });

  it('says when the score was capped', () => {
    const high = { ...sheet, score: 9.3, factors: [...sheet.factors, { delta: 4, reason: 'paying pilots already' }] };
    expect(textOf(render(<ValidationSheet sheet={high} level={4} />))).toContain(
      '+4 paying pilots already 10.5 capped: scores stay within Val’s range 9.3 Val’s score out of 10',
    );
  });

  it('shows the sheet the validation really computes: its reasons add up to its score from 5', () => {
    const { buildValidationSheet } = jest.requireActual<{
      buildValidationSheet(i: { idea: string; targetCustomer: string; problemSolved: string }): ValidationFactSheet;
    }>('../../../bff/src/analysis/validationSheet');
    const real = buildValidationSheet({
      idea: 'An app that lets members book and pay for classes in two taps',
      targetCustomer: 'Independent gyms in the UK',
      problemSolved: 'No-shows cost them £40 a class',
    });
    const out = textOf(render(<ValidationSheet sheet={real} level={4} />));
    expect(out).toContain(`${real.verdict.word} · ${Number(real.score.toFixed(1))}/10`);
    expect(out).toContain('5 starting point');
    for (const f of real.factors) expect(out).toContain(`${f.delta < 0 ? '−' : '+'}${Number(Math.abs(f.delta).toFixed(1))} ${f.reason}`);
    expect(out).not.toContain('capped');
    expect(out).toContain(real.figures[0].label);
    expect(out).toMatch(/£\d/);
  });

  it('lists the figures with their ranges and basis, the risk flags and the no-live-sources note', () => {
    expect(text).toContain('Price band £32–£220 a month (base £84) what fitness and wellness tools typically cost per account');
    expect(text).toContain('Revenue at 2% of them £544K a year 27,000 × 2% × £84 × 12 (an example, not a forecast)');
    expect(text).toContain('Medium A crowded market: two large incumbents.');
    expect(text).toContain(NO_LIVE_SOURCES_NOTE);
  });

  it('gives one price line’s several prices one row', () => {
    const lines = {
      ...sheet,
      figures: [
        { id: 'market-1a', label: 'Market option 1', kind: 'money' as const, value: 6, basis: 'Coaching tiers: an app at £6 to £12 per month' },
        { id: 'market-1b', label: 'Market option 1', kind: 'money' as const, value: 12, basis: 'Coaching tiers: an app at £6 to £12 per month' },
        { id: 'market-2', label: 'Market option 2', kind: 'money' as const, value: 2, basis: 'Corporate wellness licences' },
      ],
    };
    const out = render(<ValidationSheet sheet={lines} level={4} />);
    expect(out).toContain('<th scope="row">Market option 1</th><td>£6, £12</td><td>Coaching tiers: an app at £6 to £12 per month</td>');
    expect(out.match(/<th scope="row">/g)).toHaveLength(2);
  });

  it('titles itself one level under the page’s outline, its parts one below: h4/h5 in the lab, h3/h4 on the permalink page', () => {
    expect([...html.matchAll(/<h(\d)>/g)].map((m) => m[1])).toEqual(['4', '5', '5', '5']);
    expect([...render(<ValidationSheet sheet={sheet} level={3} />).matchAll(/<h(\d)>/g)].map((m) => m[1])).toEqual(['3', '4', '4', '4']);
  });
});

describe('isValidationSheet', () => {
  it('accepts a whole sheet and refuses what the panel could not show', () => {
    expect(isValidationSheet(sheet)).toBe(true);
    expect(isValidationSheet(undefined)).toBe(false);
    expect(isValidationSheet({ ...sheet, kind: 'report' })).toBe(false);
    expect(isValidationSheet({ ...sheet, factors: 'many' })).toBe(false);
    expect(isValidationSheet({ ...sheet, verdict: null })).toBe(false);
  });
});

describe('LabSheet (the lab result)', () => {
  it('shows the answer’s sheet under the feedback', () => {
    expect(render(<LabSheet sheet={sheet} id="3f0c2a8e-9b1d-4c57-8e2f-6a4b1c9d7e10" apiBase="" />)).toContain('The numbers behind this analysis');
  });
  it('shows nothing for an answer without a sheet until the stored one arrives', () => {
    expect(render(<LabSheet sheet={undefined} id={null} apiBase="" />)).toBe('');
  });
});
