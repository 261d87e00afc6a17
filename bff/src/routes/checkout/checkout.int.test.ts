import { getProduct, INTERVIEW_EVIDENCE_LIMITS as L } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { testBrowser } from '../../../test/paidBrowser';
import { startFakeStripe, type FakeStripe } from '../../../test/stripeServer';

const sessionOf = (location: string | null) => (location ?? '').split('/').pop() as string;

describe.each(testDbs)('checkout in TEST MODE (no Stripe key) on $label', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind });
  });
  afterAll(() => app.close());

  it('a form POST of the email creates a pending $25 feasibility checkout and redirects to the test checkout', async () => {
    const b = testBrowser(app.url);
    const r = await b.postForm('/api/checkout/session', { email: 'Grace@Example.com' });
    expect(r.status).toBe(303);
    const location = r.headers.get('location');
    expect(location).toMatch(new RegExp(`^${app.url}/checkout/test/cs_test_[A-Za-z0-9_]{20,}$`));
    const row = await app.deps.repos.payments.getBySession(sessionOf(location));
    expect(row).toMatchObject({
      provider: 'test',
      email: 'grace@example.com',
      product: 'new-product-feasibility-study',
      inputs: null,
      amountCents: 2500,
      currency: 'usd',
      status: 'pending',
      reportId: null,
    });
  });

  it('a catalogue product is priced from the catalogue and keeps its inputs', async () => {
    const b = testBrowser(app.url);
    const tam = getProduct('tam-assessment-for-ideas')!;
    const r = await b.postForm('/api/checkout/session', {
      email: 'lin@example.com',
      product: tam.id,
      inputs: JSON.stringify({ idea: '  Solar kits for allotments  ' }),
    });
    expect(r.status).toBe(303);
    const row = await app.deps.repos.payments.getBySession(sessionOf(r.headers.get('location')));
    expect(row).toMatchObject({ product: tam.id, amountCents: tam.price * 100, inputs: { idea: 'Solar kits for allotments' } });
  });

  it('refuses a checkout without an email, for an unknown product, or with missing inputs (4xx, clear message)', async () => {
    const b = testBrowser(app.url);
    const noEmail = await b.postForm('/api/checkout/session', {});
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toContain('Email not found.');

    const unknownProduct = await app.fetch('/api/checkout/session', { method: 'POST', json: { email: 'a@b.co', product: 'no-such-product' } });
    expect(unknownProduct.status).toBe(400);
    expect((await json(unknownProduct)).error.message).toMatch(/product/);

    const missing = await app.fetch('/api/checkout/session', {
      method: 'POST',
      json: { email: 'a@b.co', product: 'tam-assessment-for-ideas', inputs: { idea: '   ' } },
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/Please fill in all required fields/);

    const badEmail = await app.fetch('/api/checkout/session', { method: 'POST', json: { email: 'nope' } });
    expect(badEmail.status).toBe(400);
  });

  it('evidence past the byte limit of the stored column is a 400 as a JSON list and as form text, never a 500; the largest that fits is stored whole', async () => {
    const b = testBrowser(app.url);
    const exchanges = (ch: string, n: number) => Array.from({ length: n }, () => ({ question: ch.repeat(L.question), reply: ch.repeat(L.reply) }));
    const wide = Array.from({ length: L.personas }, (_, i) => ({ name: `Persona ${i}`, role: 'Owner', exchanges: exchanges('語', L.exchangesPerPersona) }));
    expect(Buffer.byteLength(JSON.stringify(wide))).toBeGreaterThan(65_535);
    const before = await app.deps.db.knex('payments').count({ n: '*' });

    const asList = await app.fetch('/api/checkout/session', { method: 'POST', json: { email: 'wide@example.com', evidence: wide }, headers: { origin: app.url }, redirect: 'manual' });
    expect(asList.status).toBe(400);
    expect((await json(asList)).error.message).toMatch(/evidence must be at most 24000 characters of JSON \(UTF-8 bytes/);
    // Form text within the body limit (url-encoded, each of these characters takes 9 bytes) but past the evidence's.
    const over = [{ name: 'Mei', role: 'Owner', exchanges: exchanges('語', L.exchangesPerPersona) }];
    expect(Buffer.byteLength(JSON.stringify(over))).toBeGreaterThan(L.jsonBytes);
    const asText = await b.postForm('/api/checkout/session', { email: 'wide@example.com', evidence: JSON.stringify(over) });
    expect(asText.status).toBe(400);
    expect(await asText.text()).toContain('evidence must be at most 24000 characters of JSON (UTF-8 bytes');
    expect(await app.deps.db.knex('payments').count({ n: '*' })).toEqual(before);

    let fits = [{ name: 'Mei', role: 'Owner', exchanges: exchanges('語', 1) }];
    for (let n = 2; Buffer.byteLength(JSON.stringify([{ ...fits[0], exchanges: exchanges('語', n) }])) <= L.jsonBytes; n++) fits = [{ ...fits[0], exchanges: exchanges('語', n) }];
    const ok = await app.fetch('/api/checkout/session', { method: 'POST', json: { email: 'fits@example.com', evidence: fits }, headers: { origin: app.url }, redirect: 'manual' });
    expect(ok.status).toBe(303);
    expect((await app.deps.repos.payments.getBySession(sessionOf(ok.headers.get('location'))))?.evidence).toEqual(fits);
  });

  it('a signed-out GET (the post-sign-in redirect) goes to sign-in; a cross-site POST is refused', async () => {
    const r = await app.fetch('/api/checkout/session', { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/api/auth/login');

    const cross = await testBrowser(app.url).postForm('/api/checkout/session', { email: 'a@b.co' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
  });

  it('the TEST MODE page accepts 4242 4242 4242 4242: paid row, customer id, redirect to /success/:session_id', async () => {
    const b = testBrowser(app.url);
    const sid = sessionOf((await b.postForm('/api/checkout/session', { email: 'pay@example.com' })).headers.get('location'));
    const page = await b.get(`/checkout/test/${sid}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('New Product Feasibility Study');
    expect(html).toContain('$25.00');
    expect(html).toContain('pay@example.com');
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);

    const paid = await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Pat' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/success/${sid}`);
    const row = await app.deps.repos.payments.getBySession(sid);
    expect(row?.status).toBe('paid');
    expect(row?.customerId).toMatch(/^cus_test_/);
    expect(row?.paidAt).toBeInstanceOf(Date);

    // The paid checkout page now only forwards to /success.
    const again = await b.get(`/checkout/test/${sid}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/success/${sid}`);
  });

  it('declines 4000 0000 0000 0002, invalid numbers and past dates, leaving the payment pending', async () => {
    const b = testBrowser(app.url);
    const sid = sessionOf((await b.postForm('/api/checkout/session', { email: 'decline@example.com' })).headers.get('location'));
    const declined = await b.postForm(`/checkout/test/${sid}`, { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');

    const luhn = await b.postForm(`/checkout/test/${sid}`, { number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' });
    expect(await luhn.text()).toContain('Your card number is invalid.');

    const past = await b.postForm(`/checkout/test/${sid}`, { number: '4242424242424242', expiry: '01/20', cvc: '123' });
    expect(await past.text()).toContain('expiration date is in the past');

    const unknownCard = await b.postForm(`/checkout/test/${sid}`, { number: '4111 1111 1111 1111', expiry: '12/34', cvc: '123' });
    expect(await unknownCard.text()).toContain('use a test card such as 4242 4242 4242 4242');

    expect((await app.deps.repos.payments.getBySession(sid))?.status).toBe('pending');
  });

  it('an unknown or malformed test checkout id is a 4xx page', async () => {
    const b = testBrowser(app.url);
    expect((await b.get('/checkout/test/cs_test_doesnotexist0000000000000')).status).toBe(404);
    expect((await b.get('/checkout/test/..%2F..%2Fetc')).status).toBe(400);
  });
});

describe('checkout with Stripe (STRIPE_SECRET_KEY set)', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake', STRIPE_API_URL: stripe.url, PUBLIC_URL: 'https://val.example' },
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('creates a Checkout Session through the SDK (catalogue price, idempotency key, exact return URLs) and redirects to it', async () => {
    const b = testBrowser(app.url);
    const r = await b.postForm('/api/checkout/session', { email: 'stripe@example.com' }, { origin: 'https://val.example' });
    expect(r.status).toBe(303);
    const location = r.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake/);

    const call = stripe.requests.find((q) => q.method === 'POST' && q.path === '/v1/checkout/sessions')!;
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(call.form.get('customer_email')).toBe('stripe@example.com');
    expect(call.form.get('success_url')).toBe('https://val.example/success/{CHECKOUT_SESSION_ID}');
    expect(call.form.get('cancel_url')).toBe('https://val.example/');
    const row = await app.deps.repos.payments.getBySession(sessionOf(location));
    expect(row).toMatchObject({ provider: 'stripe', status: 'pending', amountCents: 2500, email: 'stripe@example.com' });
    expect(call.idempotencyKey).toBe(`val-checkout-${row!.id}`);
    expect(call.form.get('metadata[payment_id]')).toBe(row!.id);
  });

  it('has no test checkout page', async () => {
    expect((await testBrowser(app.url).get('/checkout/test/cs_test_abcdefghijklmnopqrstuvwx')).status).toBe(404);
  });
});
