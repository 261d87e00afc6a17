import { PARTNER_TOOLS, type LinkStat, type ProductStat } from '@val/contracts';
import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { describeRange, linkStatsTable, productStatsTable, renderStats } from './stats';

const links: LinkStat[] = [
  { company: 'gamma', linkType: 'button', clickCount: 5, lastClicked: '2026-01-02T10:00:00.000Z', url: 'https://gamma.app/?ref=val' },
  { company: 'bubble', linkType: 'logo', clickCount: 2, lastClicked: '2026-01-01T09:30:00.000Z', url: 'https://bubble.io/' },
  { company: 'bubble', linkType: 'button', clickCount: 4, lastClicked: '2026-01-03T08:00:00.000Z', url: 'https://bubble.io/?ref=val' },
];

const products: ProductStat[] = [
  { product: 'tam-assessment-for-ideas', location: 'purchase', clickCount: 3, totalInputs: 3, uniqueEmails: 2, lastClicked: '2026-01-05T12:00:00.000Z' },
  { product: 'porter-5-forces-analysis', location: 'purchase', clickCount: 1, totalInputs: 1, uniqueEmails: 0, lastClicked: null },
];

describe('stats rendering', () => {
  it('links table: the dashboard partner rows ranked by total, with the summary', () => {
    const out = linkStatsTable(links);
    const lines = out.split('\n');
    expect(lines[0]).toBe('Partner Performance · all time');
    expect(lines[2]).toMatch(/^#\s+Partner\s+Logo\s+Button\s+Total\s+Last clicked$/);
    expect(lines[4]).toMatch(/^1\s+Bubble\s+2\s+4\s+6\s+2026-01-03 08:00 UTC$/);
    expect(lines[5]).toMatch(/^2\s+Gamma\s+0\s+5\s+5\s+2026-01-02 10:00 UTC$/);
    expect(out).toMatch(/3\s+Beehiiv\s+0\s+0\s+0\s+—/);
    expect(out).toContain(`Total Clicks: 11 · Top Partner: Bubble (6) · Active Partners: 2 of ${PARTNER_TOOLS.length} partners`);
  });

  it('products table: ranked rows with clicks, inputs, emails, and the summary', () => {
    const out = productStatsTable(products, describeRange('2026-01-01', '2026-01-31'));
    expect(out.split('\n')[0]).toBe('Product Performance · 2026-01-01 to 2026-01-31 (UTC)');
    expect(out).toMatch(/1\s+tam-assessment-for-ideas\s+purchase\s+3\s+3\s+2\s+2026-01-05 12:00 UTC/);
    expect(out).toMatch(/2\s+porter-5-forces-analysis\s+purchase\s+1\s+1\s+0\s+—/);
    expect(out).toContain('Total Product Clicks: 4 · Most Popular Product: tam-assessment-for-ideas (3) · Total User Inputs: 4 form submissions');
  });

  it('JSON is the API records unchanged', () => {
    expect(JSON.parse(renderStats('links', 'json', links))).toEqual(links);
  });

  it('CSV has the API columns, CRLF lines and empty fields for nulls', () => {
    expect(renderStats('products', 'csv', products)).toBe(
      'product,location,clickCount,totalInputs,uniqueEmails,lastClicked\r\n' +
        'tam-assessment-for-ideas,purchase,3,3,2,2026-01-05T12:00:00.000Z\r\n' +
        'porter-5-forces-analysis,purchase,1,1,0,\r\n',
    );
    expect(renderStats('links', 'csv', links).split('\r\n')[0]).toBe('company,linkType,clickCount,lastClicked,url');
  });

  it('describes ranges', () => {
    expect(describeRange()).toBe('all time');
    expect(describeRange('2026-01-01')).toBe('from 2026-01-01 (UTC)');
    expect(describeRange(undefined, '2026-01-31')).toBe('until 2026-01-31 (UTC)');
  });

  it('product names and locations a visitor sent are printed without control sequences (table and summary); JSON escapes them', () => {
    const hostile: ProductStat[] = [{ ...products[0], product: HOSTILE_TEXT, location: `x${HOSTILE_TEXT}` }];
    const out = productStatsTable(hostile);
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    expect(out).toContain(`Most Popular Product: ${HOSTILE_TEXT_SHOWN} (3)`);
    expect(out).toContain(`x${HOSTILE_TEXT_SHOWN.replace('carriagereturn', 'carriage return')}`);
    const json = renderStats('products', 'json', hostile);
    expect(json).not.toMatch(TERMINAL_CONTROLS);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});
