import { migrationSource } from '../../migrations';
import { json, startTestApp, type TestApp } from '../../test/app';
import { testDbs } from '../../test/db';
import { signInWithEmbeddedProvider, testBrowser, type TestBrowser } from '../../test/paidBrowser';
import { waitForReport } from '../../test/reports';

const INPUTS = { target_market: 'Independent gyms in the UK', product_idea: 'An app that lets members book and pay for classes in two taps' };
const sessionOf = (location: string | null) => (location ?? '').split('/').pop() as string;

/** Pays a checkout with the test card and starts its report, as /success does. */
async function payAndStart(b: TestBrowser, sid: string, email: string): Promise<string> {
  const paid = await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  expect(paid.status).toBe(303);
  const started = await json(await b.postJson('/api/feasibility/start', { ...INPUTS, email, session_id: sid }));
  expect(started).toMatchObject({ success: true });
  return started.flow_execution_id as string;
}

describe.each(testDbs)('the buyer’s sign-in name, carried from the sign-in to the report job, on $label', (kind) => {
  let app: TestApp;
  let started: Array<Record<string, unknown>>;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    started = [];
    const real = app.deps.reports.start.bind(app.deps.reports);
    jest.spyOn(app.deps.reports, 'start').mockImplementation(async (req) => {
      started.push(req as unknown as Record<string, unknown>);
      return real(req);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('is stored with the checkout the signed-in buyer creates and given to the report it starts', async () => {
    const b = testBrowser(app.url);
    expect(await signInWithEmbeddedProvider(b, 'maria@example.com', 'Maria Lopez')).toEqual({ email: 'maria@example.com', name: 'Maria Lopez' });
    // A checkout is always for the signed-in email: the form posts it (a plain GET creates nothing).
    const checkout = await b.postForm('/api/checkout/session', {});
    expect(checkout.status).toBe(303);
    const sid = sessionOf(checkout.headers.get('location'));
    expect((await app.deps.repos.payments.getBySession(sid))?.buyerName).toBe('Maria Lopez');
    const id = await payAndStart(b, sid, 'maria@example.com');
    expect(started).toEqual([expect.objectContaining({ email: 'maria@example.com', name: 'Maria Lopez' })]);
    // The report-ready mail greets her by name and names the report once.
    const w = app.deps.reports.createWorker();
    w.start();
    await waitForReport(app.deps.reports, id);
    await w.stop();
    const mail = (await app.deps.db.knex('outbox').where({ ref: id }).first()) as { subject: string; body_text: string };
    expect(mail.body_text.split('\n')[0]).toBe('Hello Maria Lopez,');
    expect(mail.body_text).toContain('your New Product Feasibility Study on “An app that lets members book and pay for classes in two taps” is ready.');
    expect(mail.body_text.split('book and pay for classes in two taps').length - 1).toBe(1);
  });

  it('a buyer whose provider gives no name is greeted without one', async () => {
    const b = testBrowser(app.url);
    await signInWithEmbeddedProvider(b, 'noname@example.com', '');
    const sid = sessionOf((await b.postForm('/api/checkout/session', {})).headers.get('location'));
    expect((await app.deps.repos.payments.getBySession(sid))?.buyerName ?? null).toBeNull();
    const id = await payAndStart(b, sid, 'noname@example.com');
    expect(started).toEqual([expect.objectContaining({ email: 'noname@example.com', name: null })]);
    const w = app.deps.reports.createWorker();
    w.start();
    await waitForReport(app.deps.reports, id);
    await w.stop();
    const mail = (await app.deps.db.knex('outbox').where({ ref: id }).first()) as { body_text: string };
    expect(mail.body_text.split('\n')[0]).toBe('Hello,');
  });

  it('a credit stored without the name (before names were kept) takes the name of the buyer who starts it', async () => {
    const b = testBrowser(app.url);
    await signInWithEmbeddedProvider(b, 'later@example.com', 'Lee Later');
    const sid = sessionOf((await b.postForm('/api/checkout/session', {})).headers.get('location'));
    await app.deps.db.knex('payments').where({ checkout_session_id: sid }).update({ buyer_name: null });
    await payAndStart(b, sid, 'later@example.com');
    expect(started).toEqual([expect.objectContaining({ email: 'later@example.com', name: 'Lee Later' })]);
  });

  it('is kept with a report job (trimmed, at most 100 characters) and read back', async () => {
    const base = {
      product: 'idea-desirability-assessment',
      inputs: { idea: 'x' },
      email: 'a@example.com',
      title: 'T',
      description: 'D',
      steps: [{ stepId: 's', title: 'S' }],
    };
    await app.deps.reports.repo.create({ ...base, id: `bn-${kind.label}-1`, buyerName: '  Maria Lopez  ' });
    await app.deps.reports.repo.create({ ...base, id: `bn-${kind.label}-2`, buyerName: 'N'.repeat(150) });
    await app.deps.reports.repo.create({ ...base, id: `bn-${kind.label}-3` });
    expect((await app.deps.reports.repo.get(`bn-${kind.label}-1`))?.buyerName).toBe('Maria Lopez');
    expect((await app.deps.reports.repo.get(`bn-${kind.label}-2`))?.buyerName).toBe('N'.repeat(100));
    expect((await app.deps.reports.repo.get(`bn-${kind.label}-3`))?.buyerName).toBeNull();
  });
});

describe.each(testDbs)('migration 20261130100000_buyer_names on $label', (kind) => {
  it('adds the two columns and its down removes them', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.knex.migrate.latest({ migrationSource });
      const has = async () => [await db.knex.schema.hasColumn('payments', 'buyer_name'), await db.knex.schema.hasColumn('report_jobs', 'buyer_name')];
      expect(await has()).toEqual([true, true]);
      const [, done] = await db.knex.migrate.down({ migrationSource, name: '20261130100000_buyer_names' });
      expect(done).toEqual(['20261130100000_buyer_names']);
      expect(await has()).toEqual([false, false]);
      expect(await db.knex.schema.hasColumn('payments', 'evidence')).toBe(true);
      await db.knex.migrate.up({ migrationSource, name: '20261130100000_buyer_names' });
      expect(await has()).toEqual([true, true]);
    } finally {
      await drop();
    }
  });
});
