/**
 * Qualitative claims a careless model writes (issue 37, item 1): each kind is read against the
 * sheet, reported with the sheet fact it contradicts, and removed wherever it stands (a sentence,
 * a list item, a table cell, a heading). Honest phrasing passes.
 */
import { type ReportFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import { checkSection, claimViolations, dropViolations } from './check';
import { buildReportSheet } from './reportSheet';
import { buildValidationSheet } from './validationSheet';

const feasibility = getProduct('new-product-feasibility-study')!;
const gymInputs = { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' };
const base = buildReportSheet({ product: feasibility, inputs: gymInputs });
/** The gym study with a break-even in month 22, three risks and named competitors. */
const gym: ReportFactSheet = {
  ...base,
  breakEvenMonth: 22,
  risks: [
    { id: 'a', severity: 'high', text: 'Acquisition costs eat the margin.' },
    { id: 'b', severity: 'medium', text: 'Gyms churn after the trial.' },
    { id: 'c', severity: 'medium', text: 'Seasonal demand in summer.' },
  ],
  competitors: ['Mindbody', 'Glofox'],
  verdict: { word: 'Go with changes', rule: base.verdict.rule, changes: ['Test the price with ten gyms first.'] },
};
const ctx = (sheet: ReportFactSheet) => ({ sheet, inputs: Object.values(gymInputs).join(' ') });
const kinds = (text: string, sheet = gym) => checkSection(text, ctx(sheet)).violations.map((v) => [v.kind, v.text]);

const idea = { idea: 'A subscription box of dog treats', targetCustomer: 'Dog owners in London', problemSolved: 'Treats run out' };
const vSheet = buildValidationSheet(idea);
const vCtx = { sheet: vSheet, inputs: `${idea.idea} ${idea.targetCustomer} ${idea.problemSolved}` };

describe('certainty claims', () => {
  it.each([
    'This is a guaranteed winner.',
    'The plan can’t fail.',
    'The plan cannot fail.',
    'It is a clear winner with no real risks.',
    'There are no risks here.',
    'A risk-free bet.',
    'It is a sure thing.',
  ])('flags "%s" with the sheet’s risks and verdict', (text) => {
    const v = checkSection(text, ctx(gym)).violations;
    expect(v.map((x) => x.kind)).toContain('certainty');
    expect(v.find((x) => x.kind === 'certainty')!.expected).toContain('the sheet lists 3 risks');
    expect(v.find((x) => x.kind === 'certainty')!.expected).toContain('the verdict is "Go with changes"');
  });

  it('passes honest phrasing: a risks list, "no break-even within 5 years", "no guarantee"', () => {
    expect(kinds('## Risks\n- Acquisition costs eat the margin.\n\nThere is no guarantee of demand. Risks remain.')).toEqual([]);
  });
});

describe('competition claims', () => {
  it.each(['No competitors exist in this space.', 'There is no competition.', 'The market is wide open.', 'Nobody else does this.'])(
    'flags "%s" when the sheet names competitors',
    (text) => {
      const v = checkSection(text, ctx(gym)).violations.filter((x) => x.kind === 'competition');
      expect(v).toHaveLength(1);
      expect(v[0].expected).toContain('the sheet names competitors: Mindbody, Glofox');
    },
  );

  it('flags it in a validation too: the market read has incumbents', () => {
    const v = checkSection('No competitors exist.', vCtx).violations;
    expect(v.map((x) => x.kind)).toEqual(['competition']);
  });
});

describe('audience claims', () => {
  it.each(['Everyone is your customer.', 'This is a painkiller for 100% of people.', 'Every business needs it.'])(
    'flags "%s" with the sheet’s audience',
    (text) => {
      const v = checkSection(text, ctx(gym)).violations.filter((x) => x.kind === 'audience');
      expect(v).toHaveLength(1);
      expect(v[0].expected).toMatch(/^the sheet’s buyers are /);
    },
  );

  it('passes "not everyone will pay"', () => {
    expect(kinds('Not everyone will pay for it.')).toEqual([]);
  });
});

describe('stage-skipping plans', () => {
  it.each(['Days 15–30: IPO prep.', 'Raise millions now.', 'Close a Series A next month.'])('flags "%s" with the verdict and its first change', (text) => {
    const v = checkSection(text, ctx(gym)).violations.filter((x) => x.kind === 'stage');
    expect(v).toHaveLength(1);
    expect(v[0].expected).toContain('the verdict is "Go with changes"');
    expect(v[0].expected).toContain('Test the price with ten gyms first.');
  });
});

describe('tables, lists and headings', () => {
  it('reads a table cell by cell: "Break-even | month 2" against month 22, and the row goes', () => {
    const text = ['| Metric | Value |', '| --- | --- |', '| Break-even | month 22 |', '| Break-even | month 2 |'].join('\n');
    const v = checkSection(text, ctx(gym)).violations;
    expect(v.map((x) => [x.kind, x.text, x.expected])).toEqual([['break-even', 'month 2', 'break-even in month 22']]);
    expect(dropViolations(text, v).text).not.toContain('month 2 |');
    expect(dropViolations(text, v).text).toContain('| Break-even | month 22 |');
  });

  it('reads claims in a table cell, a list item and a heading', () => {
    const text = ['### A clear winner', '', 'Text.', '', '- No competitors exist.', '', '| Audience | Everyone |', '| --- | --- |', '| x | y |'].join('\n');
    expect(checkSection(text, ctx(gym)).violations.map((x) => x.kind)).toEqual(['certainty', 'competition', 'audience']);
  });
});

describe('scores out of 10', () => {
  it('flags "Validation Score: 10/10" in a validation body, even when the idea asks for it', () => {
    const inputs = `${vCtx.inputs} say: Validation Score: 10/10`;
    const text = `## Validation Score: ${vSheet.score.toFixed(1)}/10\n\nA fine idea.\n\nValidation Score: 10/10\n\nDemand: 9/10.`;
    const v = checkSection(text, { sheet: vSheet, inputs }).violations;
    expect(v.map((x) => [x.kind, x.text])).toEqual([
      ['score', '10/10'],
      ['score', '9/10'],
    ]);
    expect(v[0].expected).toContain(`${vSheet.score.toFixed(1)}/10`);
  });
});

describe('claimViolations', () => {
  it('is the claim check alone, for other texts (step 3)', () => {
    const v = claimViolations('A guaranteed winner. Everyone is your customer. Fine sentence.', { sheet: gym, inputs: '' });
    expect(v.map((x) => x.kind)).toEqual(['certainty', 'audience']);
  });
});

describe('labelled assumptions', () => {
  it('passes "your riskiest assumption: that everyone will pay" (the offline analyst names what to test)', () => {
    expect(kinds('1. **Write your riskiest assumption:** that everyone will pay to solve “boredom”.')).toEqual([]);
  });
});

describe('a guarantee the product offers', () => {
  it('passes "offer a same-week guarantee" and flags "guarantees success"', () => {
    expect(kinds('Offer a same-week cleaning guarantee to win trust.')).toEqual([]);
    expect(kinds('This guarantees success.').map((x) => x[0])).toEqual(['certainty']);
  });
});
