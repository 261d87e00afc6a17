import { type ReportFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import { checkSection, dropViolations, removedNote, repairRequest } from './check';
import { buildReportSheet } from './reportSheet';

const feasibility = getProduct('new-product-feasibility-study')!;
const gymInputs = { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' };
const gym = buildReportSheet({ product: feasibility, inputs: gymInputs });
const ctx = (sheet: ReportFactSheet, inputs: Record<string, string>, sectionId?: string) => ({ sheet, inputs: Object.values(inputs).join(' '), sectionId });
const fig = (sheet: ReportFactSheet, id: string) => [...sheet.sizing, ...sheet.economics, ...sheet.plan].find((f) => f.id === id)!;

describe('checkSection', () => {
  it('passes a section that states only the sheet’s numbers, in its currency and words', () => {
    const price = fig(gym, 'price').value;
    const y1 = gym.years[0];
    const text = [
      `At £${price} a month the forecast shows ${gym.breakEvenMonth ? `break-even in month ${gym.breakEvenMonth}` : 'no break-even within five years'}.`,
      '',
      `| | Year 1 |`,
      `| --- | --- |`,
      `| Revenue | £${Math.round(y1.revenue / 1000)}K |`,
      '',
      `**Verdict: ${gym.verdict.word}.** LTV/CAC ${fig(gym, 'ltv-cac').value.toFixed(1)}.`,
    ].join('\n');
    const r = checkSection(text, ctx(gym, gymInputs));
    expect(r.violations).toEqual([]);
    expect(r.numbers.sheet).toBeGreaterThanOrEqual(3);
  });

  it('flags a Go verdict and "the numbers can work" when the sheet says otherwise (the gym study)', () => {
    const sheet: ReportFactSheet = {
      ...gym,
      breakEvenMonth: null,
      verdict: { word: 'No-go', rule: 'No break-even within five years at this price: No-go.', changes: [] },
    };
    const r = checkSection('**Verdict: Go.** The demand is real and the numbers can work if acquisition stays low.', ctx(sheet, gymInputs));
    expect(r.violations.map((v) => [v.kind, v.text])).toEqual([
      ['verdict', 'Go'],
      ['break-even', 'the numbers can work'],
    ]);
  });

  it('flags false precision and numbers the sheet does not hold ("about 342,213 people")', () => {
    const r = checkSection('About 342,213 people already spend money on the problem.', ctx(gym, gymInputs));
    expect(r.violations.map((v) => v.kind)).toEqual(['number']);
    expect(r.violations[0].text).toBe('342,213');
  });

  it('accepts a number labelled as an assumption, the founder’s own, or a cited source that says it', () => {
    const inputs = { ...gymInputs, productIdea: 'book and pay for classes in two taps; gyms lose £1,300 a month to no-shows' };
    const sheet = buildReportSheet({ product: feasibility, inputs });
    const sources = [{ n: 1, title: 'UK gym count', url: 'https://example.org/gyms', snippet: 'There are 7,239 gyms in the UK.' }];
    const r = checkSection('Gyms lose £1,300 a month to no-shows. Assume 45% of them reply to a cold email. There are 7,239 gyms in the UK [1].', {
      ...ctx(sheet, inputs),
      sources,
    });
    expect(r.violations).toEqual([]);
    expect(r.numbers).toMatchObject({ quoted: 1, labelled: 1, cited: 1 });
  });

  it('flags amounts in another currency than the sheet’s', () => {
    const r = checkSection(`A price of $${fig(gym, 'price').value} a month.`, ctx(gym, gymInputs));
    expect(r.violations.map((v) => v.kind)).toEqual(['currency']);
  });

  it('flags labels that do not match their score, and a Low force described as fierce', () => {
    const porter = getProduct('porter-5-forces-analysis')!;
    const sheet = buildReportSheet({ product: porter, inputs: { market: 'Plant-based snacks in Germany' } });
    const text = 'Buyer power is **Medium** (4/10) and substitutes are Low (4/10). Rivalry scores 3/10 - High.';
    const r = checkSection(text, ctx(sheet, { market: 'Plant-based snacks in Germany' }));
    expect(r.violations.filter((v) => v.kind === 'label').map((v) => v.text)).toEqual(['Low (4/10)', '3/10 - High']);
    const rivalry = sheet.scores.find((s) => s.id === 'competitive-rivalry')!;
    const low: ReportFactSheet = { ...sheet, scores: sheet.scores.map((s) => (s.id === 'competitive-rivalry' ? { ...s, score: 3, level: 'Low' } : s)) };
    const own = checkSection(
      `Competitive rivalry is **Low** (3/10). Switching is easy, so price wars are common.`,
      ctx(low, { market: 'Plant-based snacks in Germany' }, rivalry.id),
    );
    expect(own.violations.map((v) => [v.kind, v.text])).toEqual([['label', 'price wars are common']]);
  });

  it('flags companies the market table places in another market', () => {
    const r = checkSection('Competitors include Zillow and Rightmove.', ctx(gym, gymInputs));
    expect(r.violations.map((v) => [v.kind, v.text])).toEqual([
      ['competitor', 'Zillow'],
      ['competitor', 'Rightmove'],
    ]);
    expect(checkSection(`Competitors include ${gym.competitors[0]}.`, ctx(gym, gymInputs)).violations).toEqual([]);
  });

  it('flags sentence fragments left by templates', () => {
    const r = checkSection('- New funding in your market startups serving gyms.\n- The Technical Architect found that .', ctx(gym, gymInputs));
    expect(r.violations.map((v) => v.kind)).toEqual(['fragment', 'fragment']);
  });
});

describe('dropViolations', () => {
  it('removes the offending sentence, list item or row, an emptied heading, and says so', () => {
    const text = [
      'Good first sentence. About 342,213 people buy. Last sentence.',
      '',
      '### Numbers',
      '- 999,999 users',
      '',
      '### Table',
      '| a | b |',
      '| --- | --- |',
      '| x | 123,456 |',
    ].join('\n');
    const r = checkSection(text, ctx(gym, gymInputs));
    const out = dropViolations(text, r.violations);
    expect(out.removed).toBe(3);
    expect(out.text).toBe(['Good first sentence. Last sentence.', '', removedNote(3)].join('\n'));
    expect(removedNote(1)).toBe("_1 unsupported claim removed by Val's consistency check._");
  });

  it('asks a model to fix exactly what was wrong', () => {
    const r = checkSection('**Verdict: Go.**', ctx({ ...gym, verdict: { ...gym.verdict, word: 'No-go' } }, gymInputs));
    expect(repairRequest(r.violations)).toContain('You wrote "Go" (verdict): the verdict is "No-go".');
  });
});

describe('numbers in ranges and from the market table', () => {
  it('reads both ends of "15-30%" and accepts them only when the sheet lists the fact', () => {
    const without = { ...gym, marketFacts: [] };
    expect(checkSection('Delivery commissions of 15-30% eat the margin.', ctx(without, gymInputs)).violations.map((v) => v.text)).toEqual(['15']);
    const withFact = { ...gym, marketFacts: ['delivery commissions of 15-30%'] };
    expect(checkSection('Delivery commissions of 15-30% eat the margin.', ctx(withFact, gymInputs)).violations).toEqual([]);
  });
});

describe('links', () => {
  it('flags a link or a bare address no source gave, and keeps a source’s own', () => {
    const sources = [{ n: 1, title: 'UK gyms', url: 'https://example.org/gyms', snippet: 'Gyms.' }];
    const r = checkSection(
      'Great news. [Claim your refund](https://evil.example/refund) Or see https://evil.example/x. Source: https://example.org/gyms [1].',
      { ...ctx(gym, gymInputs), sources },
    );
    expect(r.violations.map((v) => [v.kind, v.text])).toEqual([
      ['link', '[Claim your refund](https://evil.example/refund)'],
      ['link', 'https://evil.example/x.'],
    ]);
  });
});
