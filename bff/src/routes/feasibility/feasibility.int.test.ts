import { type ProductInputs } from '@val/contracts';
import { getProduct } from '@val/content';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { signedInBrowser, signInWithEmbeddedProvider, testBrowser, type TestBrowser } from '../../../test/paidBrowser';
import { startFakeStripe, type FakeStripe } from '../../../test/stripeServer';
import { createPaidFlow } from '../../http/paidFlow';
import type { AppDeps } from '../../deps';
import type { ReportStarter } from '../../services/payments';

/** A report engine stand-in that records every start (the engine itself is tested on its own). */
function recordingEngine(delayMs = 0) {
  const starts: Array<{ product: string; inputs: ProductInputs; email?: string }> = [];
  let fail = false;
  const engine: ReportStarter & { starts: typeof starts; failNext(): void } = {
    starts,
    failNext: () => {
      fail = true;
    },
    async start(req) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (fail) {
        fail = false;
        throw new Error('engine down');
      }
      starts.push({ product: req.product, inputs: req.inputs, email: req.email });
      return `report_${String(starts.length).padStart(16, '0')}`;
    },
  };
  return engine;
}

/** The paid flow over a report engine the test can swap between tests (`engine.current`). */
function swappableEngine() {
  const engine: ReportStarter & { current: ReportStarter | null } = {
    current: null,
    start(req) {
      if (!engine.current) throw new Error('no report engine set');
      return engine.current.start(req);
    },
  };
  const wire = (deps: AppDeps) => {
    engine.current = deps.reports;
    deps.services.paid = createPaidFlow({ ...deps, reports: engine, embedded: deps.dev.signIn });
  };
  return { engine, wire };
}

const sessionOf = (location: string | null) => (location ?? '').split('/').pop() as string;

/** Signs in as the checkout's email, creates the checkout and pays it on the TEST MODE page; returns the session id. */
async function paidTestCheckout(b: TestBrowser, fields: Record<string, string>): Promise<string> {
  if (fields.email) await signInWithEmbeddedProvider(b, fields.email);
  const sid = sessionOf((await b.postForm('/api/checkout/session', fields)).headers.get('location'));
  const paid = await b.postForm(`/checkout/test/${sid}`, { number: '4242424242424242', expiry: '12/34', cvc: '123' });
  expect(paid.status).toBe(303);
  return sid;
}

describe.each(testDbs)('POST /api/feasibility/start on $label', (kind) => {
  let app: TestApp;
  let engine: ReturnType<typeof recordingEngine>;
  let realEngine: TestApp['deps']['reports'];
  const paidWith = swappableEngine();
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, wire: paidWith.wire });
    realEngine = app.deps.reports;
  });
  beforeEach(() => {
    engine = recordingEngine(30);
    paidWith.engine.current = engine;
  });
  afterAll(() => app.close());

  const body = (extra: Record<string, unknown>) => ({
    target_market: 'Dog owners in Lyon',
    product_idea: 'Same-day raw food delivery',
    email: 'kim@example.com',
    ...extra,
  });

  it('without a paid checkout: {success: false} with a clear payment-required error, and no report starts', async () => {
    const b = testBrowser(app.url);
    const unknown = await b.postJson('/api/feasibility/start', body({ session_id: 'cs_test_notacheckout00000000000' }));
    expect(unknown.status).toBe(200);
    expect(await json(unknown)).toEqual({ success: false, error: expect.stringMatching(/^Payment required/), code: 'payment_required' });

    const buyer = await signedInBrowser(app.url, 'kim@example.com');
    const unpaidSid = sessionOf((await buyer.postForm('/api/checkout/session', { email: 'kim@example.com' })).headers.get('location'));
    const unpaid = await json(await b.postJson('/api/feasibility/start', body({ session_id: unpaidSid })));
    expect(unpaid).toMatchObject({ success: false, error: 'Payment required: this checkout has not been paid yet.' });

    // The spec's returning-customer path trusts nothing from the browser: no session, no report.
    const noSession = await json(await b.postJson('/api/feasibility/start', body({})));
    expect(noSession).toMatchObject({ success: false, code: 'unauthorized' });
    expect(engine.starts).toHaveLength(0);
  });

  it('with a paid checkout: starts exactly one report with the hero inputs and returns its id and the customer id', async () => {
    const b = testBrowser(app.url);
    const sid = await paidTestCheckout(b, { email: 'kim@example.com' });
    const r = await b.postJson('/api/feasibility/start', body({ session_id: sid }));
    expect(r.status).toBe(200);
    const res = await json(r);
    expect(res).toEqual({ success: true, flow_execution_id: 'report_0000000000000001', customer_id: expect.stringMatching(/^cus_test_/) });
    expect(engine.starts).toEqual([
      {
        product: 'new-product-feasibility-study',
        inputs: { targetMarket: 'Dog owners in Lyon', productIdea: 'Same-day raw food delivery' },
        email: 'kim@example.com',
      },
    ]);
    const row = await app.deps.repos.payments.getBySession(sid);
    expect(row?.reportId).toBe('report_0000000000000001');
    expect(row?.consumedAt).toBeInstanceOf(Date);
  });

  it('with the real report engine: the job carries the hero inputs and the paid email; a refresh returns it again', async () => {
    paidWith.engine.current = realEngine;
    const b = testBrowser(app.url);
    const sid = await paidTestCheckout(b, { email: 'real@example.com' });
    const first = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid, email: 'real@example.com' })));
    expect(first.success).toBe(true);
    const job = await realEngine.get(first.flow_execution_id);
    expect(job).toMatchObject({
      product: 'new-product-feasibility-study',
      inputs: { targetMarket: 'Dog owners in Lyon', productIdea: 'Same-day raw food delivery' },
      email: 'real@example.com',
    });
    const again = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid, email: 'real@example.com' })));
    expect(again.flow_execution_id).toBe(first.flow_execution_id);
    expect((await realEngine.status(first.flow_execution_id))?.product).toBe('new-product-feasibility-study');
  });

  it('a refresh (and concurrent tabs) of the same checkout answer the same report; nothing starts twice', async () => {
    const b = testBrowser(app.url);
    const sid = await paidTestCheckout(b, { email: 'kim@example.com' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => b.postJson('/api/feasibility/start', body({ session_id: sid })).then((r) => json(r))));
    const ids = new Set(answers.map((a) => a.flow_execution_id));
    expect(answers.every((a) => a.success)).toBe(true);
    expect(ids.size).toBe(1);
    const refresh = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid, target_market: 'Something else' })));
    expect(refresh.flow_execution_id).toBe([...ids][0]);
    expect(engine.starts).toHaveLength(1);
  });

  it('blank inputs on a hero checkout are refused without spending the credit', async () => {
    const b = testBrowser(app.url);
    const sid = await paidTestCheckout(b, { email: 'kim@example.com' });
    const blank = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid, target_market: '   ' })));
    expect(blank).toMatchObject({ success: false, code: 'bad_request' });
    const ok = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid })));
    expect(ok.success).toBe(true);
  });

  it('a catalogue product starts with the inputs bought at checkout (the body cannot change them)', async () => {
    const b = testBrowser(app.url);
    const tam = getProduct('tam-assessment-for-ideas')!;
    const sid = await paidTestCheckout(b, { email: 'ivy@example.com', product: tam.id, inputs: JSON.stringify({ idea: 'Refill stations for eco detergent' }) });
    const res = await json(await b.postJson('/api/feasibility/start', { target_market: '', product_idea: '', email: 'ivy@example.com', session_id: sid }));
    expect(res.success).toBe(true);
    expect(engine.starts).toEqual([{ product: tam.id, inputs: { idea: 'Refill stations for eco detergent' }, email: 'ivy@example.com' }]);
  });

  it('when the engine fails the credit is given back, and the next try starts the report', async () => {
    const b = testBrowser(app.url);
    const sid = await paidTestCheckout(b, { email: 'kim@example.com' });
    engine.failNext();
    const failed = await b.postJson('/api/feasibility/start', body({ session_id: sid }));
    expect(failed.status).toBe(500);
    const row = await app.deps.repos.payments.getBySession(sid);
    expect(row?.consumedAt).toBeNull();
    const ok = await json(await b.postJson('/api/feasibility/start', body({ session_id: sid })));
    expect(ok.success).toBe(true);
    expect(engine.starts).toHaveLength(1);
  });

  it('a signed-in returning customer without session id spends their oldest unused payment, once', async () => {
    const b = testBrowser(app.url);
    await signInWithEmbeddedProvider(b, 'ret@example.com');
    const sid = await paidTestCheckout(b, { email: 'ret@example.com' });
    const first = await json(await b.postJson('/api/feasibility/start', body({ email: 'ret@example.com' })));
    expect(first.success).toBe(true);
    expect((await app.deps.repos.payments.getBySession(sid))?.reportId).toBe(first.flow_execution_id);
    const second = await json(await b.postJson('/api/feasibility/start', body({ email: 'ret@example.com' })));
    expect(second).toMatchObject({ success: false, code: 'payment_required' });

    // Another browser naming the same email is not signed in as it.
    const other = testBrowser(app.url);
    await paidTestCheckout(b, { email: 'ret@example.com' });
    expect(await json(await other.postJson('/api/feasibility/start', body({ email: 'ret@example.com' })))).toMatchObject({
      success: false,
      code: 'unauthorized',
    });
    expect(engine.starts).toHaveLength(1);
  });

  it('rejects malformed bodies with 400 and cross-site posts with 403', async () => {
    const b = testBrowser(app.url);
    expect((await b.postJson('/api/feasibility/start', body({ target_market: 'x'.repeat(101) }))).status).toBe(400);
    expect((await b.postJson('/api/feasibility/start', body({ session_id: '../../x' }))).status).toBe(400);
    expect((await b.postJson('/api/feasibility/start', body({}), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('GET /api/feasibility/config tells the browser its hosts and modes', async () => {
    expect(await json(await app.fetch('/api/feasibility/config'))).toEqual({
      feasibilityBaseUrl: '',
      authBaseUrl: '',
      planBaseUrl: '',
      checkoutMode: 'test',
      signIn: 'embedded',
    });
  });
});

describe('POST /api/feasibility/start with Stripe', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  const paidWith = swappableEngine();
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp({
      wire: paidWith.wire,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_URL: stripe.url,
        FEASIBILITY_BASE_URL: 'https://feasibility.example/',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('a checkout paid at Stripe whose webhook has not arrived yet is confirmed with Stripe, then starts', async () => {
    const engine = recordingEngine();
    paidWith.engine.current = engine;
    const b = await signedInBrowser(app.url, 'early@example.com');
    const sid = sessionOf((await b.postForm('/api/checkout/session', { email: 'early@example.com' })).headers.get('location'));
    const before = await json(
      await b.postJson('/api/feasibility/start', { target_market: 'A', product_idea: 'B', email: 'early@example.com', session_id: sid }),
    );
    expect(before).toMatchObject({ success: false, code: 'payment_required' });

    stripe.pay(sid);
    const after = await json(
      await b.postJson('/api/feasibility/start', { target_market: 'A', product_idea: 'B', email: 'early@example.com', session_id: sid }),
    );
    expect(after).toMatchObject({ success: true, customer_id: 'cus_fake123' });
    expect((await app.deps.repos.payments.getBySession(sid))?.status).toBe('paid');
    expect(engine.starts).toHaveLength(1);
  });

  it('the config names the configured hosts', async () => {
    expect(await json(await app.fetch('/api/feasibility/config'))).toMatchObject({ feasibilityBaseUrl: 'https://feasibility.example', checkoutMode: 'stripe' });
  });
});
