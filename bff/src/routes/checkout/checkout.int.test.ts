import { INTERVIEW_EVIDENCE_LIMITS as L } from '@val/contracts';
import { getProduct } from '@val/content';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { signedInBrowser, testBrowser } from '../../../test/paidBrowser';
import { startFakeStripe, type FakeStripe } from '../../../test/stripeServer';

const sessionOf = (location: string | null) => (location ?? '').split('/').pop() as string;

describe.each(testDbs)('checkout in TEST MODE (no Stripe key) on $label', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind });
  });
  afterAll(() => app.close());

  it('a signed-in form POST creates a pending $25 feasibility checkout for the signed-in email and redirects to the test checkout', async () => {
    const b = await signedInBrowser(app.url, 'Grace@Example.com');
    const r = await b.postForm('/api/checkout/session', { email: 'grace@example.com' });
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

  it('a typed email without a sign-in creates nothing: the browser is sent to sign in, an API client gets a 401', async () => {
    const before = await app.deps.db.knex('payments').count({ n: '*' });
    const form = await testBrowser(app.url).postForm('/api/checkout/session', { email: 'victim@example.com' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/api/auth/login');
    const api = await app.fetch('/api/checkout/session', {
      method: 'POST',
      json: { email: 'victim@example.com' },
      headers: { origin: app.url },
      redirect: 'manual',
    });
    expect(api.status).toBe(401);
    expect((await json(api)).error.message).toMatch(/Sign in first/);
    expect(await app.deps.db.knex('payments').count({ n: '*' })).toEqual(before);
  });

  it('a typed email other than the signed-in one creates nothing: sign in with that email (or send none: the signed-in one is used)', async () => {
    const b = await signedInBrowser(app.url, 'owner@example.com');
    const before = await app.deps.db.knex('payments').count({ n: '*' });
    const other = await b.postForm('/api/checkout/session', { email: 'victim@example.com' });
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toBe('/api/auth/login');
    const api = await b.postJson('/api/checkout/session', { email: 'victim@example.com' }, { accept: 'application/json' });
    expect(api.status).toBe(403);
    expect((await json(api)).error.message).toMatch(/signed in as o\*\*\*@example\.com/);
    expect(await app.deps.db.knex('payments').count({ n: '*' })).toEqual(before);

    const none = await b.postForm('/api/checkout/session', {});
    expect(none.status).toBe(303);
    expect((await app.deps.repos.payments.getBySession(sessionOf(none.headers.get('location'))))?.email).toBe('owner@example.com');
  });

  it('GET creates no checkout: signed in it leads to a page whose button posts it, signed out to sign-in', async () => {
    const before = await app.deps.db.knex('payments').count({ n: '*' });
    const out = await app.fetch('/api/checkout/session', { redirect: 'manual' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/api/auth/login');

    const b = await signedInBrowser(app.url, 'ada@example.com');
    const r = await b.get('/api/checkout/session');
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/checkout/continue');
    const page = await b.get('/checkout/continue');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Continue to checkout');
    expect(html).toContain('a***@example.com');
    expect(html).toMatch(/<form method="post" action="\/api\/checkout\/session">/);
    expect(await app.deps.db.knex('payments').count({ n: '*' })).toEqual(before);
    expect((await testBrowser(app.url).get('/checkout/continue')).headers.get('location')).toBe('/api/auth/login');

    const posted = await b.postForm('/api/checkout/session', {});
    expect(posted.status).toBe(303);
    expect((await app.deps.repos.payments.getBySession(sessionOf(posted.headers.get('location'))))?.email).toBe('ada@example.com');
  });

  it('a catalogue product is priced from the catalogue and keeps its inputs', async () => {
    const b = await signedInBrowser(app.url, 'lin@example.com');
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

  it('refuses a checkout for an unknown product, with missing inputs or a malformed email (4xx, clear message)', async () => {
    const b = await signedInBrowser(app.url, 'a@b.co');
    const unknownProduct = await b.postJson('/api/checkout/session', { product: 'no-such-product' });
    expect(unknownProduct.status).toBe(400);
    expect((await json(unknownProduct)).error.message).toMatch(/product/);

    const missing = await b.postJson('/api/checkout/session', { product: 'tam-assessment-for-ideas', inputs: { idea: '   ' } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/Please fill in all required fields/);

    const badEmail = await b.postJson('/api/checkout/session', { email: 'nope' });
    expect(badEmail.status).toBe(400);
  });

  it('evidence past the byte limit of the stored column is a 400 as a JSON list and as form text, never a 500; the largest that fits is stored whole', async () => {
    const b = await signedInBrowser(app.url, 'wide@example.com');
    const exchanges = (ch: string, n: number) => Array.from({ length: n }, () => ({ question: ch.repeat(L.question), reply: ch.repeat(L.reply) }));
    const wide = Array.from({ length: L.personas }, (_, i) => ({ name: `Persona ${i}`, role: 'Owner', exchanges: exchanges('語', L.exchangesPerPersona) }));
    expect(Buffer.byteLength(JSON.stringify(wide))).toBeGreaterThan(65_535);
    const before = await app.deps.db.knex('payments').count({ n: '*' });

    const asList = await b.postJson('/api/checkout/session', { email: 'wide@example.com', evidence: wide });
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
    for (let n = 2; Buffer.byteLength(JSON.stringify([{ ...fits[0], exchanges: exchanges('語', n) }])) <= L.jsonBytes; n++)
      fits = [{ ...fits[0], exchanges: exchanges('語', n) }];
    const ok = await b.postJson('/api/checkout/session', { evidence: fits });
    expect(ok.status).toBe(303);
    expect((await app.deps.repos.payments.getBySession(sessionOf(ok.headers.get('location'))))?.evidence).toEqual(fits);
  });

  it('a cross-site POST is refused', async () => {
    const cross = await (
      await signedInBrowser(app.url, 'a@b.co')
    ).postForm('/api/checkout/session', { email: 'a@b.co' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
  });

  it('the TEST MODE page accepts 4242 4242 4242 4242: paid row, customer id, redirect to /success/:session_id', async () => {
    const b = await signedInBrowser(app.url, 'pay@example.com');
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
    const b = await signedInBrowser(app.url, 'decline@example.com');
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
    const b = await signedInBrowser(app.url, 'stripe@example.com', undefined, { publicOrigin: 'https://val.example' });
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
