import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PARTNER_TOOLS, type DailyClicks, type LinkStat, type ProductStat } from '@val/contracts';
import { DailyChart } from './DailyChart';
import { PartnerTab } from './PartnerTab';
import { ProductTab } from './ProductTab';

/** The visible text of a server-rendered element, tags as spaces. */
const textOf = (el: ReactElement) =>
  renderToStaticMarkup(el)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const bubble = PARTNER_TOOLS.find((p) => p.company === 'bubble')!;
const day = '2026-01-05';
const oneDay: DailyClicks[] = [{ day, clicks: 1 }];
const range = { from: day, to: day };

describe('the admin dashboard counts things in words that fit the number', () => {
  it('Product Clicks: one click, one input and one email read in the singular', () => {
    const stats: ProductStat[] = [
      { product: 'tam-assessment-for-ideas', location: 'purchase', clickCount: 1, totalInputs: 1, uniqueEmails: 1, lastClicked: `${day}T10:00:00Z` },
    ];
    const text = textOf(<ProductTab stats={stats} daily={oneDay} range={range} loading={false} />);
    expect(text).toContain('Most Popular Product TAM Assessment for Ideas 1 click ');
    expect(text).toContain('Total User Inputs 1 form submission ');
    expect(text).toContain('1 Click 1 Input 1 Email');
    expect(text).not.toMatch(/\b1 (clicks|Clicks|Inputs|Emails|form submissions)\b/);
  });

  it('Product Clicks: other counts stay plural', () => {
    const stats: ProductStat[] = [
      { product: 'tam-assessment-for-ideas', location: 'purchase', clickCount: 3, totalInputs: 0, uniqueEmails: 2, lastClicked: `${day}T10:00:00Z` },
    ];
    const text = textOf(<ProductTab stats={stats} daily={[{ day, clicks: 3 }]} range={range} loading={false} />);
    expect(text).toContain('TAM Assessment for Ideas 3 clicks ');
    expect(text).toContain('Total User Inputs 0 form submissions ');
    expect(text).toContain('3 Clicks 0 Inputs 2 Emails');
  });

  it('Partner Links: the top partner with one click reads "1 click"', () => {
    const stats: LinkStat[] = [{ company: 'bubble', linkType: 'button', clickCount: 1, lastClicked: `${day}T10:00:00Z`, url: bubble.url }];
    const text = textOf(<PartnerTab stats={stats} daily={oneDay} range={range} loading={false} />);
    expect(text).toContain('Top Partner Bubble 1 click ');
    expect(text).not.toMatch(/\b1 clicks\b/);
  });

  it('the chart of clicks per day says "1 click" for a day and a range with one', () => {
    const html = renderToStaticMarkup(<DailyChart label="Product clicks per day" points={oneDay} from={day} to={day} />);
    expect(html).toContain('Product clicks per day: 1 click from Jan 5 to Jan 5');
    expect(html).toContain('<title>Jan 5: 1 click</title>');
    expect(html).not.toMatch(/\b1 clicks\b/);
  });
});
