import { type ReportFactSheet, type ReportStatusResponse, type SimulationFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import {
  breakEvenProblems,
  foreignLaws,
  foreignLinks,
  founderJurisdiction,
  ideaFactProblems,
  levelProblems,
  levelWord,
  marketRead,
  numberClaims,
  ownScoreProblems,
  probeReport,
  sheetProblems,
  probeStep3,
  probeValidation,
  replacedProblems,
  offSegmentNames,
  untraceable,
  verdictProblems,
  wrongNames,
} from '../../../bench/report-quality/probes';
import { buildReportSheet } from './reportSheet';

// The report-quality bench's probes (bench/report-quality/probes.js) find the mistakes founders
// saw in shipped answers; these pin that each probe fires on it and stays quiet on text that is right.

const feasibility = getProduct('new-product-feasibility-study')!;
const GYMS = { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' };
const built: ReportFactSheet = buildReportSheet({ product: feasibility, inputs: GYMS });
/** A gym study (class booking for independent UK gyms) as founders saw it: no break-even within five years, so No-go. */
const gym: ReportFactSheet = {
  ...built,
  breakEvenMonth: null,
  plan: built.plan.filter((f) => !['price-for-break-even', 'break-even-at-that-price'].includes(f.id)),
  verdict: { ...built.verdict, word: 'No-go' },
};
const withBreakEven: ReportFactSheet = {
  ...gym,
  breakEvenMonth: 26,
  risks: gym.risks.filter((r) => r.id !== 'no-break-even'),
  verdict: { word: 'Go', rule: 'Break-even in month 26 and LTV/CAC of 3 or more: Go.', changes: [] },
};
const status = (raw: string, id = 'final-recommendations', sheet = gym, sources?: ReportStatusResponse['flow_execution_steps'][number]['sources']) =>
  ({ fact_sheet: sheet, flow_execution_steps: [{ id, title: 'T', raw_output: raw, ...(sources ? { sources } : {}) }] }) as Pick<
    ReportStatusResponse,
    'flow_execution_steps' | 'fact_sheet'
  >;
const kinds = (r: { findings: Array<{ kind: string }> }) => r.findings.map((f) => f.kind);

describe('report-quality probes', () => {
  it('a verdict that is not the sheet’s, and "the numbers can work" without a break-even', () => {
    expect(verdictProblems('**Verdict: Go.** Sell it.', gym)).toHaveLength(1);
    expect(verdictProblems(`**Verdict: ${gym.verdict.word}.**`, gym)).toEqual([]);
    expect(verdictProblems('**Verdict:** Mixed. There is something here.', gym)).toHaveLength(1);
    expect(breakEvenProblems('Go: the numbers can work and it reaches break-even in month 14.', gym).length).toBeGreaterThanOrEqual(2);
    const fixable = {
      ...gym,
      plan: [
        ...gym.plan,
        { id: 'price-for-break-even', label: 'x', kind: 'money' as const, value: 40, basis: 'x' },
        { id: 'break-even-at-that-price', label: 'x', kind: 'months' as const, value: 30, basis: 'x' },
      ],
    };
    expect(breakEvenProblems('At £40 a month it would break even in month 30.', fixable)).toEqual([]);
    expect(breakEvenProblems('At £25 a month it breaks even in month 30.', fixable)).toHaveLength(1);
    expect(breakEvenProblems('No break-even within five years at this price; the numbers cannot work yet.', gym)).toEqual([]);
    expect(breakEvenProblems('No break-even within five years at this price.', withBreakEven)).toHaveLength(1);
    expect(breakEvenProblems('Break-even in month 26 (year 3).', withBreakEven)).toEqual([]);
    expect(breakEvenProblems('Break-even in month 30.', withBreakEven)).toHaveLength(1);
  });

  it('Low/Medium/High that does not follow 0–3, 4–6, 7–10, and a section quoting another score than its own', () => {
    expect(levelWord(3.4)).toBe('Low');
    expect(levelWord(3.5)).toBe('Medium');
    expect(levelProblems('Rivalry is **Low** (3/10) and buyer power **Low** (4/10).')).toHaveLength(1);
    expect(levelProblems('| Substitutes | 4/10 | Low |')).toHaveLength(1);
    expect(levelProblems('| Substitutes | 4/10 | Medium |')).toEqual([]);
    const rivalry = gym.scores.find((s) => s.id === 'competitive-rivalry')!;
    expect(ownScoreProblems(`Competitive rivalry is **${rivalry.level}** (${rivalry.score}/10).`, gym, rivalry.id)).toEqual([]);
    expect(ownScoreProblems(`Competitive rivalry is (${rivalry.score === 9 ? 2 : 9}/10).`, gym, rivalry.id)).toHaveLength(1);
  });

  it('reads money in every currency, with the precision it was written with', () => {
    const c = numberClaims('£40 of food, CHF 15 a week, ¥3,000, 30 euros, R$ 29, ₦2,000, -£369K, $2.3B, 27%, 9.9/10, 342,213 people, in 2025');
    expect(c.map((x) => [x.kind, x.currency ?? null, x.value])).toEqual([
      ['money', 'GBP', 40],
      ['money', 'CHF', 15],
      ['money', 'JPY', 3000],
      ['money', 'EUR', 30],
      ['money', 'BRL', 29],
      ['money', 'NGN', 2000],
      ['money', 'GBP', -369000],
      ['money', 'USD', 2.3e9],
      ['percent', null, 27],
      ['score', null, 9.9],
      ['number', null, 342213],
      ['number', null, 2025],
    ]);
    expect(c.find((x) => x.text === '£369K')?.tol).toBe(500);
    expect(numberClaims('ISO 27001, NYC Local Law 144, reviews per 100 customers, 100 customers').map((x) => x.count)).toEqual([false, false, false, true]);
  });

  it('a number the sheet, the founder or a cited source does not give is untraceable unless labelled', () => {
    const sheet = gym;
    const price = sheet.economics.find((f) => f.id === 'price')!.value;
    const ctx = { sheet, founder: Object.values(GYMS).join(' ') };
    expect(untraceable(`About 342,213 people already spend money on it, at £${price} a month.`, ctx).problems.map((p) => p.claim)).toEqual(['342,213']);
    expect(untraceable('About 342,213 people (assumption) already spend money on it.', ctx).problems).toEqual([]);
    expect(untraceable(`At $${price} a month.`, ctx).problems).toHaveLength(1);
    const sources = [{ n: 1, title: 'Gyms in the UK', url: 'https://a.example', snippet: 'There are 7,200 gyms in the UK.' }];
    expect(untraceable('There are 7,200 gyms [1].', { ...ctx, sources }).problems).toEqual([]);
    expect(untraceable('There are 7,200 gyms.', { ...ctx, sources }).problems).toHaveLength(1);
  });

  it('a company of another market, unless the sheet, the founder or a source names it', () => {
    expect(wrongNames('DoorDash, Uber Eats, HelloFresh and Toast compete.', { markets: ['food'], allowed: [] })).toEqual([]);
    expect(
      wrongNames('DoorDash and Uber Eats compete.', { markets: ['fitness'], allowed: [] })
        .map((n) => n.name)
        .sort(),
    ).toEqual(['DoorDash', 'Uber Eats']);
    expect(wrongNames('Unlike DoorDash, it is for gyms.', { markets: ['fitness'], allowed: ['We replace DoorDash for gyms'] })).toEqual([]);
  });

  it('a report: each finding in its section, invented citations, sections with sources', () => {
    const clean = probeReport(status(`**Verdict: ${gym.verdict.word}.** No break-even within five years at this price.`), {
      product: 'new-product-feasibility-study',
      inputs: GYMS,
    });
    expect(clean.findings).toEqual([]);
    const bad = probeReport(status('**Verdict: Go.** Zillow and Rightmove dominate; 342,213 buyers [7].'), {
      product: 'new-product-feasibility-study',
      inputs: GYMS,
    });
    expect(kinds(bad).sort()).toEqual(['citation', 'contradiction', 'untraceable', 'wrong-name', 'wrong-name']);
    const sourced = probeReport(status('Gyms grow [1].', 'market-trends', gym, [{ n: 1, title: 't', url: 'https://a.example', snippet: 's' }]), {
      product: 'new-product-feasibility-study',
      inputs: GYMS,
    });
    expect(sourced).toMatchObject({ sections: 1, withSources: 1, findings: [] });
  });

  it('a link to an address none of the sources gave', () => {
    const sources = [{ n: 1, title: 't', url: 'https://source1.example.com/a', snippet: 's' }];
    expect(foreignLinks('See [the study](https://source1.example.com/b) [1].', sources)).toEqual([]);
    expect(foreignLinks('[Claim your refund](https://evil.example/refund) or http://evil.example/x.', sources)).toEqual([
      'https://evil.example/refund',
      'http://evil.example/x',
    ]);
    expect(
      kinds(
        probeValidation(
          { idea: 'x', targetCustomer: 'y', problemSolved: 'z', feedback: '[Claim your refund](https://evil.example/refund)' },
          { expected: ['general'] },
        ),
      ),
    ).toEqual(['link']);
  });

  it('the validation is checked against its fact sheet only when it carries one', () => {
    const answer = { idea: 'x', targetCustomer: 'y', problemSolved: 'z', feedback: '## Validation Score: 9.9/10\n\nThe market is worth $4.7B.' };
    expect(probeValidation(answer, { expected: ['general'] })).toMatchObject({ checked: false, findings: [] });
    const sheet = {
      kind: 'validation',
      score: 6.2,
      verdict: { word: 'Go with changes', rule: '', changes: [] },
      figures: [],
      factors: [],
      market: { id: 'general' },
      currency: { code: 'USD' },
    };
    const r = probeValidation({ ...answer, factSheet: sheet } as never, { expected: ['general'] });
    expect(r.checked).toBe(true);
    expect(r.findings.map((f) => `${f.kind} ${f.text}`)).toEqual([
      'contradiction Validation Score: 9.9/10',
      'untraceable ## Validation Score: 9.9/10',
      'untraceable The market is worth $4.7B.',
    ]);
  });

  it('step 3: a month card with another month’s number, and a chat reply that never says how many users were lost', () => {
    const months = [
      { month: 1, users: 90, newUsers: 90, churnedUsers: 0, growthPercent: null },
      { month: 2, users: 116, newUsers: 34, churnedUsers: 8, growthPercent: 29 },
    ];
    const sheet = { kind: 'simulation', months, figures: [], market: { id: 'fitness' }, currency: { code: 'GBP' } } as unknown as SimulationFactSheet;
    const card = (m: (typeof months)[number], title: string) => ({ month: m.month, users: m.users, title, wins: [], challenges: [] });
    const run = (title: string, reply: string) =>
      probeStep3(
        {
          simulation: { simulation: [card(months[0], title), card(months[1], 'Month 2: 8 users left')], factSheet: sheet },
          chat: { month: 2, reply },
          validation: { idea: 'gym app', targetCustomer: 'gyms with 3 to 12 trainers', problemSolved: 'no-shows' },
        },
        { expected: ['fitness'] },
      );
    expect(run('First 90 users', 'You lost 8 users in Month 2 and grew 29%.').findings).toEqual([]);
    expect(run('Gyms with 3 to 12 trainers signed up', 'You lost 8 users in Month 2 and grew 29%.').findings).toEqual([]);
    expect(run('12 users left', 'You lost 8 users in Month 2 and grew 29%.').findings.map((f) => f.section)).toEqual(['month 1']);
    expect(run('First 50 users', 'You lost 8 users in Month 2 and grew 29%.').findings.map((f) => f.section)).toEqual(['month 1']);
    expect(run('First 90 users', 'In Month 2 you are at 116 users.').findings.map((f) => f.why)).toEqual([expect.stringContaining('does not state the month')]);
    expect(run('First 90 users', 'You lost 8 users and grew 300%.').findings.map((f) => f.section)).toEqual(['chat, month 2', 'months and chat']);
  });

  it('a fact sheet whose base lies outside its own range, or that says Go without a break-even', () => {
    const price = gym.economics.find((f) => f.id === 'price')!;
    expect(sheetProblems(gym)).toEqual([]);
    const outside = { ...gym, sizing: gym.sizing.map((f) => (f.id === 'price' ? { ...f, low: price.value * 2, high: price.value * 4 } : f)) };
    expect(sheetProblems(outside).map((p) => p.what)).toEqual(['range']);
    expect(sheetProblems({ ...gym, verdict: { ...gym.verdict, word: 'Go' } }).map((p) => p.what)).toEqual(['verdict']);
  });

  it('a market read is wrong only outside the expected markets (general is a miss)', () => {
    expect(marketRead(gym, ['fitness'])).toBe('right');
    expect(marketRead(gym, ['general'])).toBe('wrong');
    expect(marketRead({ ...gym, market: { ...gym.market, id: 'general' } }, ['fitness'])).toBe('general');
  });
});

describe("the probes of the idea's own facts (issue 36)", () => {
  it('find the UK Veterinary Surgeons Act in a report on Germany, and any law when no place is named', () => {
    const text = 'Veterinary practice rules (the Veterinary Surgeons Act 1966) apply. Data protection (GDPR) applies too.';
    expect(founderJurisdiction('Dog owners in Germany')).toBe('EU');
    expect(foreignLaws(text, 'EU').map((l) => `${l.law} (${l.jurisdiction})`)).toEqual(['Veterinary Surgeons Act (UK)']);
    expect(foreignLaws(text, null).map((l) => l.law)).toEqual(['Veterinary Surgeons Act', 'GDPR']);
    // Listed "to check" per place when no place is named: not claimed for the founder.
    expect(foreignLaws('Certification for each country you sell in (to check: CE marking in Europe, FCC authorisation in the US).', null)).toEqual([]);
    expect(foreignLaws('Certification in Germany: CE marking under the Radio Equipment Directive.', 'EU')).toEqual([]);
  });

  it("find the market's typical pain stated as the founder's problem, not when labelled as the market's or written by the founder", () => {
    expect(replacedProblems('- **Demand:** Dog owners in Germany feel "vet bills that arrive as a shock" often enough to pay for a fix.')).toEqual([
      expect.objectContaining({ pain: 'vet bills that arrive as a shock' }),
    ]);
    expect(replacedProblems('- **Other pains common in pet care:** vet bills that arrive as a shock.')).toEqual([]);
    expect(replacedProblems('### Pain points common in pet care\n- **Vet bills that arrive as a shock** - felt by most dog owners')).toEqual([]);
    expect(replacedProblems('They hate vet bills that arrive as a shock.', 'Our customers hate vet bills that arrive as a shock')).toEqual([]);
  });

  it('find competitors of another sub-segment: Chewy, BarkBox and Rover for a GPS collar, not Tractive', () => {
    const founder = 'A GPS collar subscription that tracks dog walks and alerts owners when the dog leaves a safe zone\nDog owners in Germany';
    expect(offSegmentNames('Competitors: Chewy, BarkBox, Rover and Tractive.', founder)).toEqual(['Chewy', 'Rover', 'BarkBox']);
  });

  it('find a device whose Technical Feasibility plans no certification, manufacturing or unit cost', () => {
    const inputs = { productIdea: 'A GPS collar for dogs', targetMarket: 'Dog owners in Germany' };
    const old = [
      { id: 'technical-feasibility', raw_output: 'The hardest part is payments and subscriptions. Components: booking and tracking, pet health records.' },
    ];
    expect(ideaFactProblems(old, { product: 'new-product-feasibility-study', inputs, kind: 'hardware' }).map((f) => f.kind)).toEqual(['hardware-feasibility']);
    expect(ideaFactProblems(old, { product: 'new-product-feasibility-study', inputs, kind: 'software' })).toEqual([]);
  });
});
