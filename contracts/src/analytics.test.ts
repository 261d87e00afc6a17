import { derivePartnerRows, type LinkStat } from './analytics';
import { statsRangeQuerySchema, trackClickRequestSchema, trackProductClickRequestSchema } from './analytics.schema';
import { PARTNER_TOOLS } from './partners';

const stat = (
  company: string,
  linkType: 'logo' | 'button',
  clickCount: number,
  lastClicked: string | null,
  url = `https://${company}.example/${linkType}`,
): LinkStat => ({
  company,
  linkType,
  clickCount,
  lastClicked,
  url,
});

describe('derivePartnerRows', () => {
  it('adds logo and button clicks, keeps the later last click, ranks by total and lists every partner', () => {
    const rows = derivePartnerRows([
      stat('gamma', 'logo', 2, '2026-01-02T00:00:00.000Z'),
      stat('bubble', 'button', 3, '2026-01-01T00:00:00.000Z'),
      stat('bubble', 'logo', 1, '2026-01-05T00:00:00.000Z'),
    ]);
    expect(rows).toHaveLength(PARTNER_TOOLS.length);
    expect(rows[0]).toEqual({
      company: 'Bubble',
      logoClicks: 1,
      buttonClicks: 3,
      totalClicks: 4,
      logoUrl: 'https://bubble.example/logo',
      buttonUrl: 'https://bubble.example/button',
      lastClicked: '2026-01-05T00:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ company: 'Gamma', totalClicks: 2, buttonUrl: PARTNER_TOOLS.find((p) => p.company === 'gamma')!.url });
    // The partners without clicks follow in the list's order.
    const unclicked = PARTNER_TOOLS.map((p) => p.company).filter((c) => c !== 'bubble' && c !== 'gamma');
    expect(rows.slice(2).map((r) => r.company.toLowerCase())).toEqual(unclicked);
    expect(rows[2]).toMatchObject({ totalClicks: 0, lastClicked: null });
  });

  it('sums several urls of one link type and keeps an unknown company at the end', () => {
    const rows = derivePartnerRows([stat('miro', 'button', 2, null, 'a'), stat('miro', 'button', 5, null, 'b'), stat('acme', 'logo', 1, null)]);
    expect(rows[0]).toMatchObject({ company: 'Miro', buttonClicks: 7, buttonUrl: 'b' });
    expect(rows[1]).toMatchObject({ company: 'Acme', logoClicks: 1 });
  });
});

describe('tracking schemas', () => {
  it('accepts the partner links of the list only', () => {
    const bubble = PARTNER_TOOLS[0];
    expect(trackClickRequestSchema.safeParse({ company: bubble.company, linkType: 'logo', url: bubble.logoUrl }).success).toBe(true);
    expect(trackClickRequestSchema.safeParse({ company: bubble.company, linkType: 'logo', url: 'https://x.example' }).success).toBe(false);
  });

  it('normalises the email and treats an empty one as absent', () => {
    expect(trackProductClickRequestSchema.parse({ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 2, email: ' A@B.co ' }).email).toBe(
      'a@b.co',
    );
    expect(trackProductClickRequestSchema.parse({ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 2, email: '' }).email).toBeUndefined();
  });

  it('checks day ranges', () => {
    expect(statsRangeQuerySchema.safeParse({ from: '2026-02-28', to: '2026-03-01' }).success).toBe(true);
    expect(statsRangeQuerySchema.safeParse({ from: '2026-02-29' }).success).toBe(false);
    expect(statsRangeQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});
