import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { breakEvenLabel, FACT_SHEET_TITLE, NO_LIVE_SOURCES_NOTE, formatMoney, formatWhole, type ReportFactSheet } from '@val/contracts';
import { getProduct } from '@val/content';
import { buildReportSheet } from '../analysis/reportSheet';
import { pdfSafe, renderReportPdf, type PdfReport } from './pdf';

const feasibility = getProduct('new-product-feasibility-study')!;
const gym = buildReportSheet({
  product: feasibility,
  inputs: { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' },
});
const snacks = buildReportSheet({
  product: feasibility,
  inputs: { targetMarket: 'Vegan home cooks in Germany', productIdea: 'a recipe box of vegan snacks for 9 euros a month' },
});

const base: PdfReport = {
  id: 'r-0123456789abcdef',
  title: 'New Product Feasibility Study: book and pay for classes in two taps',
  description: 'Target market: Independent gyms in the UK',
  productTitle: 'New Product Feasibility Study',
  status: 'finished',
  createdAt: new Date('2026-11-29T10:00:00Z'),
  link: 'http://localhost:3000/report/r-0123456789abcdef',
  provider: 'offline',
  steps: [{ id: 'target-customers', title: 'Target Customers', raw_output: '## Segments\n\nBoutique studios.' }],
};

/** The PDF as a reader's tools see it: rendered, written to a file and read back with pdftotext. */
function pdfText(r: PdfReport): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'val-report-pdf-')), 'report.pdf');
  const data = renderReportPdf(r);
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  fs.writeFileSync(file, data);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
const squash = (s: string) => s.replace(/\s+/g, ' ');
/** A PDF line's text as a pattern: its words, any run of spaces between them (pdftotext -layout aligns columns with spaces). */
const row = (...cells: string[]) => new RegExp(cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('\\s+'));
const fig = (sheet: ReportFactSheet, id: string) => sheet.sizing.find((f) => f.id === id)!;
/** An amount as the PDF prints it ("£49K", "EUR 84K"). */
const printed = (sheet: ReportFactSheet, n: number) => pdfSafe(formatMoney(n, sheet.currency));

describe('renderReportPdf', () => {
  it('prints "The numbers behind this report" after the cover: the verdict, sizing, five years with losses, break-even, scores, risks and the sources note', () => {
    const text = pdfText({ ...base, sheet: gym });
    const flat = squash(text);
    expect(flat.indexOf(FACT_SHEET_TITLE)).toBeGreaterThan(flat.indexOf('Report link:'));
    expect(flat.indexOf(FACT_SHEET_TITLE)).toBeLessThan(flat.indexOf('1. Target Customers'));
    // Sized as gyms (about 6,800 in the UK), the study breaks even nowhere within five years: No-go.
    expect(flat).toContain(`Verdict: ${gym.verdict.word}`);
    expect(gym.verdict.word).toBe('No-go');
    for (const c of gym.verdict.changes) expect(flat).toContain(pdfSafe(c));
    expect(flat).toContain(
      `Amounts are in GBP, converted from US dollars at a fixed planning rate (1 USD = ${gym.currency.perUsd} GBP), not a live exchange rate.`,
    );
    const buyers = fig(gym, 'buyers');
    const price = fig(gym, 'price');
    expect(text).toMatch(row('Potential buyers', `${formatWhole(buyers.low!)}-${formatWhole(buyers.high!)} (base ${formatWhole(buyers.value)})`));
    expect(text).toMatch(row('Price', `${printed(gym, price.low!)}-${printed(gym, price.high!)} a month (base ${printed(gym, price.value)})`));
    const [y1] = gym.years;
    expect(y1.profit).toBeLessThan(0);
    expect(text).toMatch(row('Year 1', formatWhole(y1.customers), printed(gym, y1.revenue), printed(gym, y1.costs), `${printed(gym, y1.profit)} (loss)`));
    expect(printed(gym, y1.profit)).toMatch(/^-£\d/);
    expect(flat).toContain(`Break-even: ${breakEvenLabel(gym.breakEvenMonth)}`);
    const rivalry = gym.scores.find((x) => x.id === 'competitive-rivalry')!;
    expect(text).toMatch(row('Competitive rivalry', `${rivalry.score}/10`, rivalry.level));
    for (const r of gym.risks) expect(flat).toContain(`[${r.severity === 'high' ? 'High' : 'Medium'}] ${pdfSafe(r.text)}`);
    expect(flat).toContain(`Sources: ${NO_LIVE_SOURCES_NOTE.replace('’', "'")}`);
  });

  it('keeps the currency of euro amounts as EUR (the standard fonts have no €), in the sheet and in the sections', () => {
    const text = pdfText({
      ...base,
      sheet: snacks,
      steps: [{ id: 'profitability-forecast', title: 'Profitability Forecast', raw_output: 'Year 5 ends at **-€420K**; a box costs 9 € or €9.' }],
    });
    const flat = squash(text);
    expect(flat).toContain('Verdict: No-go');
    expect(flat).toContain('Break-even: none within 5 years');
    const [y1] = snacks.years;
    expect(text).toMatch(
      row('Year 1', formatWhole(y1.customers), printed(snacks, y1.revenue), printed(snacks, y1.costs), `${printed(snacks, y1.profit)} (loss)`),
    );
    expect(printed(snacks, y1.profit)).toMatch(/^-EUR \d/);
    expect(flat).toContain('Year 5 ends at -EUR 420K; a box costs 9 EUR or EUR 9.');
    // The founder's own price, below the market's range: the price's range reaches down to it; the typical range is its own row.
    expect(text).toMatch(/Price\s+EUR 9-EUR 74 a month \(base\s/);
    expect(text).toMatch(/What offers typically cost\s+EUR 18-EUR 74 a month/);
    for (const y of snacks.years) expect(text).toMatch(row(`Year ${y.year}`, formatWhole(y.customers), printed(snacks, y.revenue), printed(snacks, y.costs)));
  });

  it('lists each section’s Sources: [n], title, host, address and excerpt', () => {
    const flat = squash(
      pdfText({
        ...base,
        steps: [
          {
            id: 'market-trends',
            title: 'Market Trends',
            raw_output: 'Gyms book online [1].',
            sources: [{ n: 1, title: 'Gym membership statistics 2025', url: 'https://www.ons.gov.uk/fitness/gyms', snippet: 'Membership grew 4% in 2024.' }],
          },
          { id: 'risk-analysis', title: 'Risk Analysis', raw_output: 'No sources here.' },
        ],
      }),
    );
    expect(flat).toContain('Sources [1] Gym membership statistics 2025 - www.ons.gov.uk https://www.ons.gov.uk/fitness/gyms Membership grew 4% in 2024.');
    expect(flat.match(/Sources/g)).toHaveLength(1);
  });

  it('says which sections Val wrote from the sheet after the model’s draft failed', () => {
    const flat = squash(
      pdfText({
        ...base,
        steps: [
          { id: 'market-trends', title: 'Market Trends', raw_output: 'Written from the sheet.', writtenBy: 'offline-after-model' },
          { id: 'risk-analysis', title: 'Risk Analysis', raw_output: 'The model’s own.' },
        ],
      }),
    );
    expect(flat).toContain(
      "1. Market Trends Written by Val from the numbers behind this report: the model's draft failed the consistency check twice. Written from the sheet.",
    );
    expect(flat.match(/Written by Val/g)).toHaveLength(1);
  });

  it('prints a report made before fact sheets as before: no sheet', () => {
    const flat = squash(pdfText(base));
    expect(flat).not.toContain(FACT_SHEET_TITLE);
    expect(flat).toContain('1. Target Customers');
  });
});

describe('pdfSafe (Latin-1 for the standard fonts)', () => {
  it('writes currency signs outside Latin-1 as ISO codes, before or after the amount', () => {
    expect(pdfSafe('€61K–€90K')).toBe('EUR 61K-EUR 90K');
    expect(pdfSafe('-€282K, 30 € and 30€')).toBe('-EUR 282K, 30 EUR and 30 EUR');
    expect(pdfSafe('₹4,200 a month, ₦1.5M, ₩12,000')).toBe('INR 4,200 a month, NGN 1.5M, KRW 12,000');
    expect(pdfSafe('prices in € (euro)')).toBe('prices in EUR (euro)');
  });
  it('keeps £ and ¥, which Latin-1 has', () => {
    expect(pdfSafe('£40 and ¥3,000 and CN¥20')).toBe('£40 and ¥3,000 and CN¥20');
  });
  it('still maps typography and drops what the fonts cannot print', () => {
    expect(pdfSafe('“Go” – it’s → ≈3 ✓')).toBe('"Go" - it\'s -> ~3 ');
  });
});
