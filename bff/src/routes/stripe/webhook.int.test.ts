import Stripe from 'stripe';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';

const SECRET = 'whsec_test_secret_for_val';
const stripe = new Stripe('sk_test_unused');

/** A checkout.session.* event as Stripe sends it. */
function event(id: string, type: string, session: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'checkout.session', ...session } },
  });
}

describe.each(testDbs)('POST /api/stripe/webhook on $label', (kind) => {
  let app: TestApp;
  let n = 0;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: SECRET, BODY_LIMIT: '1kb' } });
  });
  afterAll(() => app.close());

  const pendingPayment = async () => {
    const checkoutSessionId = `cs_test_webhook${String(++n).padStart(12, '0')}`;
    await app.deps.repos.payments.create({
      checkoutSessionId,
      provider: 'stripe',
      email: 'hook@example.com',
      product: 'new-product-feasibility-study',
      inputs: null,
      amountCents: 2500,
      currency: 'usd',
    });
    return checkoutSessionId;
  };
  const paidSession = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    amount_total: 2500,
    currency: 'usd',
    payment_status: 'paid',
    status: 'complete',
    customer: 'cus_hook',
    ...extra,
  });
  const post = (payload: string, header: string | null) =>
    app.fetch('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
    });

  it('a correctly signed checkout.session.completed marks the payment paid (raw body verified)', async () => {
    const sid = await pendingPayment();
    // Pretty-printed on purpose: a re-serialized body would not match the signature.
    const payload = JSON.stringify(JSON.parse(event('evt_ok_1' + kind.label, 'checkout.session.completed', paidSession(sid))), null, 2);
    const r = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ received: true, type: 'checkout.session.completed', duplicate: false });
    const row = await app.deps.repos.payments.getBySession(sid);
    expect(row).toMatchObject({ status: 'paid', customerId: 'cus_hook' });
  });

  it('rejects a bad signature, a tampered body, a missing header and a stale timestamp with 400, changing nothing', async () => {
    const sid = await pendingPayment();
    const payload = event('evt_bad_' + kind.label, 'checkout.session.completed', paidSession(sid));

    const wrongSecret = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }));
    expect(wrongSecret.status).toBe(400);
    expect((await json(wrongSecret)).error.message).toMatch(/Invalid Stripe signature/);

    const tampered = payload.replace('"amount_total":2500', '"amount_total":2501');
    expect((await post(tampered, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).status).toBe(400);

    const missing = await post(payload, null);
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/Missing Stripe-Signature/);

    const stale = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBe(400);

    expect((await app.deps.repos.payments.getBySession(sid))?.status).toBe('pending');
  });

  it('a duplicate delivery of the same event id is acknowledged and not applied twice', async () => {
    const sid = await pendingPayment();
    const payload = event('evt_dup_' + kind.label, 'checkout.session.completed', paidSession(sid));
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const first = await post(payload, header);
    expect((await json(first)).duplicate).toBe(false);
    const paidAt = (await app.deps.repos.payments.getBySession(sid))?.paidAt;

    const second = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual({ received: true, type: 'checkout.session.completed', duplicate: true });
    expect((await app.deps.repos.payments.getBySession(sid))?.paidAt).toEqual(paidAt);
  });

  it('does not credit an unpaid session or an amount that differs from the order; expires on checkout.session.expired', async () => {
    const unpaid = await pendingPayment();
    let payload = event('evt_unpaid_' + kind.label, 'checkout.session.completed', paidSession(unpaid, { payment_status: 'unpaid' }));
    expect((await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).status).toBe(200);
    expect((await app.deps.repos.payments.getBySession(unpaid))?.status).toBe('pending');

    const cheap = await pendingPayment();
    payload = event('evt_cheap_' + kind.label, 'checkout.session.completed', paidSession(cheap, { amount_total: 100 }));
    expect((await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).status).toBe(200);
    expect((await app.deps.repos.payments.getBySession(cheap))?.status).toBe('pending');

    payload = event('evt_expired_' + kind.label, 'checkout.session.expired', { id: cheap, payment_status: 'unpaid' });
    expect((await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).status).toBe(200);
    expect((await app.deps.repos.payments.getBySession(cheap))?.status).toBe('expired');
  });

  it('reads bodies larger than the JSON body limit (mounted before the body parser) and answers 405 to GET', async () => {
    const sid = await pendingPayment();
    const big = event('evt_big_' + kind.label, 'checkout.session.completed', paidSession(sid, { metadata: { note: 'x'.repeat(5000) } }));
    expect((await post(big, stripe.webhooks.generateTestHeaderString({ payload: big, secret: SECRET }))).status).toBe(200);
    expect((await app.deps.repos.payments.getBySession(sid))?.status).toBe('paid');
    expect((await app.fetch('/api/stripe/webhook')).status).toBe(405);
  });
});

describe('POST /api/stripe/webhook without Stripe configured', () => {
  it('answers 503 (TEST MODE has no webhooks)', async () => {
    const app = await startTestApp();
    try {
      const r = await app.fetch('/api/stripe/webhook', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } });
      expect(r.status).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/stripe/webhook: odd events and future timestamps (attack run, finding 5)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => app.close());

  const post = (payload: string, header: string) =>
    app.fetch('/api/stripe/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  const signed = (payload: string, timestamp?: number) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, ...(timestamp ? { timestamp } : {}) });
  const raw = (id: string, data: unknown, type = 'checkout.session.completed') =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data });

  it('answers a correctly signed event with a missing or odd data.object with 400, not 500, and records nothing', async () => {
    const cases: Array<[string, unknown]> = [
      ['no data', undefined],
      ['no object', {}],
      ['null object', { object: null }],
      ['string object', { object: 'cs_test_x' }],
      ['array object', { object: [1, 2] }],
      ['object without id', { object: { object: 'checkout.session', payment_status: 'paid' } }],
      ['amount as text', { object: { id: 'cs_test_odd_amount', amount_total: '2500', payment_status: 'paid' } }],
    ];
    for (const [label, data] of cases) {
      for (const type of ['checkout.session.completed', 'checkout.session.expired']) {
        const payload = raw(`evt_odd_${label.replace(/\W/g, '_')}_${type.length}`, data, type);
        const r = await post(payload, signed(payload));
        expect([label, type, r.status]).toEqual([label, type, 400]);
        const body = await json(r);
        expect(body.error.code).toBe('bad_request');
        expect(body.error.message).toMatch(/data\.object/);
      }
    }
    const noId = JSON.stringify({ object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } });
    expect((await post(noId, signed(noId))).status).toBe(400);
    const [{ n }] = (await app.deps.db.knex('stripe_events').count({ n: '*' })) as Array<{ n: number | string }>;
    expect(Number(n)).toBe(0);
  });

  it('rejects a signature dated more than 5 minutes in the future with 400, and accepts one a little ahead', async () => {
    const payload = raw('evt_future', { object: { id: 'cs_test_future_0000001', payment_status: 'unpaid' } }, 'checkout.session.expired');
    const future = await post(payload, signed(payload, Math.floor(Date.now() / 1000) + 3600));
    expect(future.status).toBe(400);
    expect((await json(future)).error.message).toMatch(/future/);
    const slightlyAhead = await post(payload, signed(payload, Math.floor(Date.now() / 1000) + 30));
    expect(slightlyAhead.status).toBe(200);
  });
});
