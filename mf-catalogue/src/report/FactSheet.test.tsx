import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CatalogueProduct, ProductInputs, ReportFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import { FACT_SHEET_TITLE, NO_LIVE_SOURCES_NOTE, formatMoney, formatWhole } from '@val/contracts/factSheet';
import { ReportFactSheetView } from './FactSheet';
import { Report, StepBody } from './ReportView';
import { readStatus, type LiveStatus } from './useReport';

// The sheets are the real ones the report pipeline computes (the BFF's analysis core), not hand-made fixtures.
const { buildReportSheet } = jest.requireActual<{ buildReportSheet(i: { product: CatalogueProduct; inputs: ProductInputs }): ReportFactSheet }>(
  '../../../bff/src/analysis/reportSheet',
);
const feasibility = getProduct('new-product-feasibility-study')!;
const sheetFor = (targetMarket: string, productIdea: string) => buildReportSheet({ product: feasibility, inputs: { targetMarket, productIdea } });
// The founder gives their own count of buyers (sized from the segment table alone, UK gyms are
// about 6,800, too few for a seed team to break even: a No-go without a price to fix it).
const gym = sheetFor('Independent gyms in the UK', 'book and pay for classes in two taps. There are 27,000 gyms and studios in the UK.');
// A food sheet in euros (both readers of the market agree on food).
const snacks = sheetFor('Vegan home cooks in Germany', 'a recipe box of vegan snacks for 9 euros a month');

/** A figure or score of a sheet by id (the tests read the numbers from the sheet, and check how the page writes them). */
const fig = (sheet: ReportFactSheet, id: string) => [...sheet.sizing, ...sheet.economics, ...sheet.plan].find((f) => f.id === id)!;
const score = (sheet: ReportFactSheet, id: string) => sheet.scores.find((x) => x.id === id)!;
const gbp = (n: number) => formatMoney(n, gym.currency);
const eur = (n: number) => formatMoney(n, snacks.currency);

/** The markup without styled-components' class names, and its visible text. */
const render = (el: ReactElement) => renderToStaticMarkup(el).replace(/ class="[^"]*"/g, '');
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('ReportFactSheetView (the numbers behind this report)', () => {
  const html = render(<ReportFactSheetView sheet={gym} />);
  const text = textOf(html);

  it('is titled "The numbers behind this report", an h2 with h3 parts under it', () => {
    expect(FACT_SHEET_TITLE).toBe('The numbers behind this report');
    expect(html).toContain(`<h2 id="fact-sheet-title">${FACT_SHEET_TITLE}</h2>`);
    const levels = [...html.matchAll(/<h(\d)/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(2);
    expect(levels.slice(1).every((l) => l === 3)).toBe(true);
    expect(text).toContain('Market read Market fitness and wellness Place the United Kingdom Buyer businesses and organisations');
  });

  it('shows the verdict as a badge with its rule and what would have to change', () => {
    expect(gym.verdict.word).toBe('Go with changes');
    expect(html).toContain('data-verdict="Go with changes"');
    expect(html).toContain('<strong>Go with changes</strong>');
    expect(text).toContain(gym.verdict.rule);
    expect(text).toContain('What would have to change:');
    expect(gym.verdict.changes.length).toBeGreaterThan(0);
    for (const c of gym.verdict.changes) expect(text).toContain(c);
    expect(gym.verdict.changes.join(' ')).toMatch(/Charge £\d+ a month/);
  });

  it('lays the sizing out as a table with ranges "low–high (base x)" and each assumption', () => {
    expect(html).toContain('<th scope="col">Figure</th><th scope="col">Value</th><th scope="col">How it is worked out</th>');
    const buyers = fig(gym, 'buyers');
    const price = gym.sizing.find((f) => f.id === 'price')!;
    const share = fig(gym, 'sam-share');
    expect(text).toContain(`${buyers.label} ${formatWhole(buyers.value)} ${buyers.basis}`);
    expect(buyers.basis).toBe('your count (27,000 gyms and fitness studios)');
    expect(text).toContain(`Price ${gbp(price.low!)}–${gbp(price.high!)} a month (base ${gbp(price.value)})`);
    expect(text).toContain(`Share you can reach ${Math.round(share.low! * 100)}%–${Math.round(share.high! * 100)}% (base ${Math.round(share.value * 100)}%)`);
    expect(text).toContain(`LTV / CAC ${fig(gym, 'ltv-cac').value.toFixed(1)}`);
  });

  it('says the amounts are in pounds at a fixed planning rate, not a live exchange rate', () => {
    expect(text).toContain(
      `GBP (£), the currency of the United Kingdom. Market figures are converted from US dollars at a fixed planning rate (1 USD = ${gym.currency.perUsd} GBP), not a live exchange rate.`,
    );
  });

  it('marks losses in the five-year table and names the break-even month', () => {
    expect(html).toContain('<th scope="col">Profit / loss</th>');
    const [y1] = gym.years;
    const y5 = gym.years[4];
    expect(y1.profit).toBeLessThan(0);
    expect(y5.profit).toBeGreaterThan(0);
    expect(html).toContain(
      `<th scope="row">Year 1</th><td>${formatWhole(y1.customers)}</td><td>${gbp(y1.revenue)}</td><td>${gbp(y1.costs)}</td><td data-negative="true">−${gbp(-y1.profit)} loss</td>`,
    );
    expect(html).toContain(
      `<th scope="row">Year 5</th><td>${formatWhole(y5.customers)}</td><td>${gbp(y5.revenue)}</td><td>${gbp(y5.costs)}</td><td>${gbp(y5.profit)}</td></tr>`,
    );
    expect(gym.breakEvenMonth).toBeGreaterThan(36);
    expect(text).toContain(`Break-even: month ${gym.breakEvenMonth} (the first month whose revenue covers its costs).`);
  });

  it('lists every 0–10 score with its word, the risk flags and the no-live-sources note', () => {
    for (const id of ['competitive-rivalry', 'attractiveness', 'competition', 'overall']) {
      const sc = score(gym, id);
      expect(text).toContain(`${sc.label} ${Number(sc.score.toFixed(1))}/10 ${sc.level} ${sc.basis}`);
    }
    expect(new Set(gym.scores.map((x) => x.level))).toEqual(new Set(['Low', 'Medium', 'High']));
    expect(gym.risks.length).toBeGreaterThan(0);
    for (const r of gym.risks) expect(text).toContain(`${r.severity === 'high' ? 'High' : 'Medium'} ${r.text}`);
    expect(gym.sources.live).toBe(false);
    expect(text).toContain(NO_LIVE_SOURCES_NOTE);
  });

  it('says "none within 5 years" for a No-go without break-even, in euros', () => {
    const out = textOf(render(<ReportFactSheetView sheet={snacks} />));
    expect(snacks.verdict.word).toBe('No-go');
    expect(out).toContain('Verdict No-go');
    expect(out).toContain('Break-even none within 5 years');
    expect(out).toContain('Break-even: none within 5 years : no month in the forecast has revenue covering its costs.');
    expect(snacks.years.every((y) => y.profit < 0)).toBe(true);
    expect(out).toContain(
      `Year 1 ${formatWhole(snacks.years[0].customers)} ${eur(snacks.years[0].revenue)} ${eur(snacks.years[0].costs)} −${eur(-snacks.years[0].profit)} loss`,
    );
    expect(out).toContain('EUR (€), the currency your inputs use.');
    // The founder's own price sits below the market's range: the price's range reaches down to it, and
    // what offers typically cost is its own row.
    const price = snacks.sizing.find((f) => f.id === 'price')!;
    const typical = snacks.sizing.find((f) => f.id === 'typical-price')!;
    expect(price.value).toBeLessThan(typical.low!);
    expect(price.low).toBe(price.value);
    expect(out).toContain(`Price ${eur(price.low!)}–${eur(price.high!)} a month (base ${eur(price.value)}) the price you wrote (9 euros)`);
    expect(out).toContain(`What offers typically cost ${eur(typical.low!)}–${eur(typical.high!)} a month (base ${eur(typical.value)})`);
  });

  it('renders the sheet as text: markup in its strings is shown, never parsed', () => {
    const evil: ReportFactSheet = { ...gym, verdict: { ...gym.verdict, rule: '<img src=x onerror=alert(1)>' } };
    const out = render(<ReportFactSheetView sheet={evil} />);
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('a section with sources', () => {
  const step: LiveStatus['flow_execution_steps'][number] = {
    id: 'market-trends',
    title: 'Market Trends',
    raw_output: '## Trends\n\nGyms book online [1].',
    sources: [
      { n: 1, title: 'Gym membership statistics 2025', url: 'https://www.ons.gov.uk/fitness/gyms?year=2025', snippet: 'Membership grew <b>4%</b> in 2024.' },
      { n: 2, title: 'Not a web page', url: 'javascript:alert(1)', snippet: '' },
    ],
    check: { removed: 1, repaired: true },
  };
  const html = render(<StepBody step={step} />);

  it('lists [n], the title, the host and the address as text, linked with rel="nofollow ugc noopener noreferrer"', () => {
    expect(html).toContain('<h3>Sources</h3>');
    expect(html).toContain(
      '<li data-source="1"><span>[1]</span><a href="https://www.ons.gov.uk/fitness/gyms?year=2025" target="_blank" rel="nofollow ugc noopener noreferrer">Gym membership statistics 2025</a><span> · www.ons.gov.uk</span><span>https://www.ons.gov.uk/fitness/gyms?year=2025</span>',
    );
    expect(html).toContain('<span>Membership grew &lt;b&gt;4%&lt;/b&gt; in 2024.</span>');
  });

  it('gives an address that is not http(s) no link', () => {
    expect(html).not.toContain('href="javascript:');
    expect(textOf(html)).toContain('[2] Not a web page javascript:alert(1)');
  });

  it('says what the checker did', () => {
    expect(textOf(html)).toContain('Checked against the numbers behind this report: corrected once against the numbers, then 1 unsupported claim removed.');
  });

  it('says when Val wrote the section from the sheet after the model’s draft failed (read from the status)', () => {
    const status = readStatus({
      processing_status: 'finished',
      title: 'T',
      description: 'D',
      flow_execution_steps: [{ id: 'x', title: 'X', raw_output: 'Text', written_by: 'offline-after-model' }],
    });
    expect(textOf(render(<StepBody step={status!.flow_execution_steps[0]} />))).toContain(
      'Written by Val from the numbers behind this report: the model’s draft failed the consistency check twice.',
    );
    expect(render(<StepBody step={{ id: 'x', title: 'X', raw_output: 'Text' }} />)).not.toContain('Written by Val');
  });

  it('shows no Sources heading for a section without sources', () => {
    expect(render(<StepBody step={{ id: 'x', title: 'X', raw_output: 'Text' }} />)).not.toContain('Sources');
  });
});

describe('Report (the finished page)', () => {
  const base: LiveStatus = {
    processing_status: 'finished',
    title: 'New Product Feasibility Study: book and pay for classes in two taps',
    description: 'Target market: Independent gyms in the UK',
    flow_execution_steps: [{ id: 'target-customers', title: 'Target Customers', raw_output: 'Text' }],
    product: 'new-product-feasibility-study',
    provider: 'offline',
  };

  it('shows the sheet above the collapsed sections when the report has one', () => {
    const html = render(<Report reportId="r-0123456789abcdef" status={{ ...base, fact_sheet: gym }} apiBase="" />);
    expect(html.indexOf(FACT_SHEET_TITLE)).toBeGreaterThan(html.indexOf('<h1'));
    expect(html.indexOf(FACT_SHEET_TITLE)).toBeLessThan(html.indexOf('Target Customers'));
    expect(html).toContain('aria-expanded="false"');
  });

  it('renders a report made before fact sheets as before: no sheet, the sections', () => {
    const html = render(<Report reportId="r-0123456789abcdef" status={base} apiBase="" />);
    expect(html).not.toContain(FACT_SHEET_TITLE);
    expect(html).not.toContain('data-testid="fact-sheet"');
    expect(html).toContain('Target Customers');
    expect(html).toContain('<h1>New Product Feasibility Study: book and pay for classes in two taps</h1>');
  });
});

describe('readStatus (the status answer as the page reads it)', () => {
  const answer = {
    processing_status: 'finished',
    title: 'T',
    description: 'D',
    flow_execution_steps: [
      {
        id: 'a',
        title: 'A',
        raw_output: 'x',
        sources: [
          { n: 1, title: 'S', url: 'https://example.org/a', snippet: 's' },
          { n: 'two', title: 3 },
        ],
        check: { removed: 2, repaired: false },
      },
      { id: 'b', title: 'B', raw_output: 'y', check: { removed: 0, repaired: false } },
    ],
    fact_sheet: gym,
  };

  it('keeps the sheet, each section’s well-formed sources and what the checker did', () => {
    const s = readStatus(JSON.parse(JSON.stringify(answer)))!;
    expect(s.fact_sheet).toEqual(gym);
    expect(s.flow_execution_steps[0].sources).toEqual([{ n: 1, title: 'S', url: 'https://example.org/a', snippet: 's' }]);
    expect(s.flow_execution_steps[0].check).toEqual({ removed: 2, repaired: false });
    expect(s.flow_execution_steps[1]).toEqual({ id: 'b', title: 'B', raw_output: 'y' });
  });

  it('leaves out a sheet the page cannot show (another service, an unknown verdict)', () => {
    expect(readStatus({ ...answer, fact_sheet: { ...gym, verdict: { word: 'Maybe', rule: 'x', changes: [] } } })!.fact_sheet).toBeUndefined();
    expect(readStatus({ ...answer, fact_sheet: { ...gym, years: 'many' } })!.fact_sheet).toBeUndefined();
    expect(readStatus({ ...answer, fact_sheet: 'sheet' })!.fact_sheet).toBeUndefined();
    const { fact_sheet: _none, ...spec } = answer;
    expect(readStatus(spec)!.fact_sheet).toBeUndefined();
  });
});
