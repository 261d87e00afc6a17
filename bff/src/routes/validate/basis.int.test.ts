import { OPENAPI_PATH, MARKET_IDS } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';

const tyres = {
  idea: 'A van that changes your tyres at the office while you work',
  targetCustomer: 'Commuters who drive to business parks',
  problemSolved: 'Changing tyres takes a morning off work twice a year',
};
type Fig = { id: string; value: number };
const fig = (sheet: { figures: Fig[] }, id: string) => sheet.figures.find((f) => f.id === id)?.value;

describe.each(testDbs)('POST /api/validate with the founder’s basis ($label)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => app.close());

  it('computes the sheet from the founder’s market, place and price, writes from it, stores it and the permalink’s API answers it', async () => {
    const plain = await json(await app.fetch('/api/validate', { method: 'POST', json: tyres }));
    expect(plain.factSheet.basis.setByFounder).toEqual([]);

    const r = await app.fetch('/api/validate', {
      method: 'POST',
      json: { ...tyres, basis: { market: 'logistics', place: 'Germany', price: '30' }, assumptions: { buyers: 4000 } },
    });
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body).toMatchObject(tyres);
    expect(body).not.toHaveProperty('basis');
    expect(body.factSheet.basis).toMatchObject({ market: 'logistics', place: 'Germany', price: 30, setByFounder: ['market', 'place', 'price'] });
    expect(body.factSheet.currency.code).toBe('EUR');
    expect(fig(body.factSheet, 'revenue-per-customer')).toBe(30);
    expect(fig(body.factSheet, 'buyers')).toBe(4000);
    expect(fig(body.factSheet, 'yearly')).not.toBe(fig(plain.factSheet, 'yearly'));
    expect(body.feedback).toContain('logistics and mobility');
    expect(body.feedback).toContain('your price of €30 a month');

    const row = await app.deps.repos.validations.get(body.id);
    expect(row?.factSheet?.basis).toEqual(body.factSheet.basis);
    expect(row).toMatchObject({ ...tyres, feedback: body.feedback });

    const stored = await json(await app.fetch(`/api/validations/${body.id}`));
    expect(stored.factSheet.basis.setByFounder).toEqual(['market', 'place', 'price']);
    expect(stored.factSheet.assumptions).toEqual(body.factSheet.assumptions);
    expect(stored.feedback).toBe(body.feedback);
  });

  it.each([
    [{ basis: { market: 'space tourism' } }, `market must be one of ${MARKET_IDS.join(', ')}`],
    [{ basis: { place: 'Atlantis' } }, 'place "Atlantis" is not a place the analyst knows'],
    [{ basis: { price: -3 } }, 'price must be more than 0'],
    [{ basis: { colour: 'red' } }, 'colour'],
    [{ assumptions: { margin: 0.4 } }, 'margin'],
    [{ assumptions: { buyers: 'many' } }, 'buyers must be a number'],
  ])('answers 400 with a clear message to %j and stores nothing', async (extra, message) => {
    const before = await app.deps.repos.validations.count();
    const r = await app.fetch('/api/validate', { method: 'POST', json: { ...tyres, ...extra } });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toContain(message);
    const s = await app.fetch('/api/validate/stream', { method: 'POST', json: { ...tyres, ...extra } });
    expect(s.status).toBe(400);
    expect(await app.deps.repos.validations.count()).toBe(before);
  });
});

describe('the OpenAPI document of POST /api/validate', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({});
  });
  afterAll(() => app.close());

  it('lists the basis with the market as an enum of the table’s ids and general, and the validation’s assumptions', async () => {
    const doc = await json(await app.fetch(OPENAPI_PATH));
    const ref = doc.paths['/api/validate'].post.requestBody.content['application/json'].schema.$ref as string;
    const body = doc.components.schemas[ref.split('/').pop()!];
    const deref = (s: { $ref?: string }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    const basis = deref(body.properties.basis);
    expect(JSON.stringify(basis.properties.market)).toContain(JSON.stringify([...MARKET_IDS]));
    expect(Object.keys(deref(body.properties.assumptions).properties)).toEqual(['buyers', 'price']);
  });
});
