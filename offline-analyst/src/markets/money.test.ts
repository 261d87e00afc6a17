import { currencyFor, readAmounts } from './money';
import { readPlace } from './read';

describe('readAmounts', () => {
  it.each([
    ['They lose £40 of food every month', [{ value: 40, currency: 'GBP', text: '£40', per: null }]],
    ['It costs $40 a month', [{ value: 40, currency: 'USD', text: '$40', per: 'month' }]],
    ['€1.200 per year on licences', [{ value: 1200, currency: 'EUR', text: '€1.200', per: 'year' }]],
    ['CHF 15 each week', [{ value: 15, currency: 'CHF', text: 'CHF 15', per: 'week' }]],
    ['about 30 euros a week', [{ value: 30, currency: 'EUR', text: '30 euros', per: 'week' }]],
    ['¥3,000 per order', [{ value: 3000, currency: 'JPY', text: '¥3,000', per: 'day' }]],
    [
      'a £1.2k bill and ₹500 fees',
      [
        { value: 1200, currency: 'GBP', text: '£1.2k', per: null },
        { value: 500, currency: 'INR', text: '₹500', per: null },
      ],
    ],
    [
      'CA$ 25 vs $25',
      [
        { value: 25, currency: 'CAD', text: 'CA$ 25', per: null },
        { value: 25, currency: 'USD', text: '$25', per: null },
      ],
    ],
    ['A full new uniform costs about R1,800', [{ value: 1800, currency: 'ZAR', text: 'R1,800', per: null }]],
    ['R 250 per month', [{ value: 250, currency: 'ZAR', text: 'R 250', per: 'month' }]],
  ])('reads %j', (text, expected) => {
    expect(readAmounts(text)).toEqual(expected);
  });

  it('finds no money in counts, years and percentages', () => {
    expect(readAmounts('3 hours a week since 2024, 40% of 12 shops')).toEqual([]);
    expect(readAmounts('GDPR 2018 and HR2 forms')).toEqual([]);
    expect(readAmounts('Write to 10 real estate agents this week')).toEqual([]);
  });
});

describe('currencyFor', () => {
  it('takes the currency the founder wrote, else the place’s, else US dollars', () => {
    expect(currencyFor('They lose £40 of food every month', null)).toMatchObject({ code: 'GBP', symbol: '£', from: 'inputs' });
    expect(currencyFor('Cafés in Zürich', readPlace('Cafés in Zürich'))).toMatchObject({ code: 'CHF', from: 'place' });
    expect(currencyFor('Independent gyms in the UK', readPlace('Independent gyms in the UK'))).toMatchObject({ code: 'GBP', from: 'place' });
    expect(currencyFor('Dog walkers', null)).toMatchObject({ code: 'USD', from: 'default' });
  });
});
