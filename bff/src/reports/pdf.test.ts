import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FACT_SHEET_TITLE, NO_LIVE_SOURCES_NOTE, getProduct } from '@val/contracts';
import { buildReportSheet } from '../analysis/reportSheet';
import { pdfSafe, renderReportPdf, type PdfReport } from './pdf';

const feasibility = getProduct('new-product-feasibility-study')!;
const gym = buildReportSheet({ product: feasibility, inputs: { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' } });
const snacks = buildReportSheet({ product: feasibility, inputs: { targetMarket: 'Plant-based snacks in Germany', productIdea: 'subscription box of snacks for 9 euros a month' } });

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

describe('renderReportPdf', () => {
  it('prints "The numbers behind this report" after the cover: the verdict, sizing, five years with losses, break-even, scores, risks and the sources note', () => {
    const text = pdfText({ ...base, sheet: gym });
    const flat = squash(text);
    expect(flat.indexOf(FACT_SHEET_TITLE)).toBeGreaterThan(flat.indexOf('Report link:'));
    expect(flat.indexOf(FACT_SHEET_TITLE)).toBeLessThan(flat.indexOf('1. Target Customers'));
    expect(flat).toContain('Verdict: Go with changes');
    expect(flat).toContain('Charge £120 a month: at that price the forecast breaks even in month 35.');
    expect(flat).toContain('Amounts are in GBP, converted from US dollars at a fixed planning rate (1 USD = 0.79 GBP), not a live exchange rate.');
    expect(text).toMatch(/Potential buyers\s+16,000-38,000 \(base 27,000\)/);
    expect(text).toMatch(/Price\s+£32-£220 a month \(base £84\)/);
    expect(text).toMatch(/Share you can reach\s+20%-40% \(base 30%\)/);
    expect(text).toMatch(/Year 1\s+90\s+£49K\s+£331K\s+-£282K \(loss\)/);
    expect(flat).toContain('Break-even: month 52');
    expect(text).toMatch(/Competitive rivalry\s+8\/10\s+High/);
    expect(flat).toContain('[Medium] Break-even only in month 52, after three years.');
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
    expect(text).toMatch(/Year 1\s+1,440\s+EUR 84K\s+EUR 389K\s+-EUR 305K \(loss\)/);
    expect(flat).toContain('Year 5 ends at -EUR 420K; a box costs 9 EUR or EUR 9.');
    // The founder's own price, below the market's range: theirs, beside the range.
    expect(text).toMatch(/Price\s+EUR 9 a month \(typical EUR\s/);
    expect(text).toMatch(/\s18-EUR 74 a month\)\s/);
    expect(flat).not.toMatch(/(?<!EUR )\b(84K|305K|420K)/);
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
