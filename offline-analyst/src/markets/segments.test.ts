import segments from './data/segments.json';
import { PLACES } from './places';
import { buyerKindOf, founderCount, loadSegmentTable, readSegment, sizeSegment } from './segments';
import { GENERAL, MARKETS } from './table';

const place = (name: string) => PLACES.find((p) => p.name === name) ?? null;
const market = (id: string) => MARKETS.find((m) => m.id === id) ?? GENERAL.consumer;

describe('the segment table', () => {
  it('loads, and every figure names its source', () => {
    const table = loadSegmentTable(structuredClone(segments));
    expect(table.segments.length).toBeGreaterThanOrEqual(30);
    for (const s of table.segments) {
      expect(s.perMillion?.source ?? s.counts?.[0].source).toMatch(/\d{4}/);
      for (const c of s.counts ?? []) expect(PLACES.map((p) => p.name)).toContain(c.place);
    }
    for (const name of table.densityPlaces.places) expect(PLACES.map((p) => p.name)).toContain(name);
  });

  it('refuses a segment without a figure, naming it', () => {
    const copy = structuredClone(segments) as { segments: Array<Record<string, unknown>> };
    delete copy.segments[0].perMillion;
    expect(() => loadSegmentTable(copy)).toThrow(/segments\[0\] 'translators': a segment needs a density/);
  });
});

describe('reading the segment a customer names', () => {
  it.each([
    ['Freelance translators in Spain', 'translators'],
    ['freelance graphic designers', 'graphic-designers'],
    ['Interior designers', null],
    ['Freelance developers', 'freelance-developers'],
    ['Software developers at startups', 'software-developers'],
    ['Small bakery owners in Berlin', 'bakeries'],
    ['Independent coffee shops', 'cafes'],
    ['Owners of hair salons', 'hair-salons'],
    ['Beauty salons', 'beauty-salons'],
    ['School teachers', 'teachers'],
    ['Parents of students', 'parents'],
    ['Parents of young children', 'parents-young-children'],
    ['Dog owners in Germany', 'dog-owners'],
    ['Nurses at hospitals', 'nurses'],
    ['Gym members', null],
    ['Hotel guests', null],
    ['Boulderers at city climbing gyms', null],
    ['Etsy sellers', 'ecommerce-sellers'],
    ['Dairy farmers', 'farms'],
  ])('%s → %s', (customer, id) => {
    expect(readSegment(customer)?.id ?? null).toBe(id);
  });
});

describe('who buys: one rule', () => {
  it.each([
    ['Freelance translators in Spain', 'business'],
    ['Dog owners in Germany', 'consumer'],
    ['Restaurant owners', 'business'],
    ['Teachers', 'consumer'],
    ['Busy parents', 'consumer'],
    ['Dental clinics', 'business'],
  ])('%s buy as a %s', (customer, kind) => {
    expect(buyerKindOf(customer, GENERAL.consumer)).toBe(kind);
  });

  it("falls back on the market's buyers when the words say neither", () => {
    expect(buyerKindOf('Kenya', market('logistics'))).toBe('business');
    expect(buyerKindOf('Kenya', market('pets'))).toBe('consumer');
  });
});

describe('sizing a segment', () => {
  it('sizes freelance translators in Spain as translators, not as the whole market', () => {
    const s = sizeSegment({
      customer: 'Freelance translators in Spain',
      text: 'An invoicing app for freelance translators in Spain',
      place: place('Spain'),
      market: GENERAL.business,
    });
    expect(s).toMatchObject({ from: 'density', buyer: 'business', upperBound: false, value: 14000, low: 8400, high: 20000 });
    expect(s.basis).toContain('300 translators and interpreters per million inhabitants (BLS Occupational Outlook Handbook 2023');
    expect(s.basis).toContain('× 48 million inhabitants of Spain');
  });

  it("takes the founder's own count first", () => {
    const text = 'An invoicing app for freelance translators. There are 30,000 translators in Spain.';
    expect(founderCount(text, 'Freelance translators', readSegment('Freelance translators'))).toBe(30000);
    expect(sizeSegment({ customer: 'Freelance translators', text, place: place('Spain'), market: GENERAL.business })).toMatchObject({
      from: 'founder',
      value: 30000,
      basis: 'your count (30,000 translators and interpreters)',
    });
    expect(founderCount('Beekeepers pay €30 a month; about 12k beekeepers in France', 'Beekeepers', null)).toBe(12000);
    expect(founderCount('Beekeepers pay €30,000 beekeepers', 'Beekeepers', null)).toBeNull();
  });

  it("uses the country's count where the table has one", () => {
    const s = sizeSegment({ customer: 'Dairy farmers', text: 'dairy farmers in France', place: place('France'), market: market('agriculture') });
    expect(s).toMatchObject({ from: 'country', value: 390000 });
    expect(s.basis).toContain('Agreste, Recensement agricole 2020');
  });

  it('says unknown, with the market only as an upper bound, for a segment the table does not know', () => {
    const s = sizeSegment({
      customer: 'Beekeepers in France',
      text: 'A hive sensor for beekeepers in France',
      place: place('France'),
      market: market('agriculture'),
    });
    expect(s).toMatchObject({ from: 'unknown', upperBound: true, value: 204000 });
    expect(s.basis).toMatch(/^unknown, give your count: the analyst's segment table has no count of beekeepers\. At most 204,000/);
  });

  it('does not carry a density to a place it was not measured in', () => {
    const s = sizeSegment({ customer: 'Nurses', text: 'shift swaps for nurses in India', place: place('India'), market: market('health') });
    expect(s).toMatchObject({ from: 'unknown', upperBound: true });
  });

  it("sizes the market's buyers when no customer is named", () => {
    expect(sizeSegment({ customer: '', text: 'An app', place: place('Germany'), market: market('pets') })).toMatchObject({ from: 'market', value: 15100000 });
  });
});
