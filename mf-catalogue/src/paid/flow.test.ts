import {
  checkoutFields,
  goToCheckout,
  heroErrors,
  heroNextStep,
  parseLenientJson,
  runTestFlow,
  savePendingPurchase,
  PURCHASE_BASIS_KEY,
  readPurchaseBasis,
  savePurchaseBasis,
  startBody,
  startFlow,
  takePendingPurchase,
  TEST_POLL_INTERVAL_MS,
  type KeyValueStore,
} from './flow';
import { readStoredInterviewEvidence } from '@val/client/browser';

function memoryStore(init: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(init));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('feasibility hero rules', () => {
  it('flags each field that is blank after trimming', () => {
    expect(heroErrors('  ', 'idea')).toEqual({ targetMarket: true, productIdea: false });
    expect(heroErrors('gyms', '\n\t')).toEqual({ targetMarket: false, productIdea: true });
    expect(heroErrors('gyms', 'idea')).toEqual({ targetMarket: false, productIdea: false });
  });

  it('branches on stored email and customer_id as the spec says', () => {
    expect(heroNextStep(memoryStore({ email: 'a@b.co', customer_id: 'cus_1' }))).toBe('success');
    expect(heroNextStep(memoryStore({ email: 'a@b.co' }))).toBe('checkout');
    expect(heroNextStep(memoryStore({ customer_id: 'cus_1' }))).toBe('signin');
    expect(heroNextStep(memoryStore())).toBe('signin');
  });

  it('posts the email with the hero inputs, or a pending catalogue purchase', () => {
    const store = memoryStore({ target_market: ' gyms ', idea: 'class app' });
    expect(checkoutFields('a@b.co', null, store)).toEqual({
      email: 'a@b.co',
      product: 'new-product-feasibility-study',
      inputs: JSON.stringify({ targetMarket: 'gyms', productIdea: 'class app' }),
    });
    expect(checkoutFields('a@b.co', null, memoryStore())).toEqual({ email: 'a@b.co' });
    expect(checkoutFields('a@b.co', { product: 'tam-assessment-for-ideas', inputs: { idea: 'x' } }, store)).toEqual({
      email: 'a@b.co',
      product: 'tam-assessment-for-ideas',
      inputs: '{"idea":"x"}',
    });
  });

  it("alerts 'Email not found.' when the checkout branch has no stored email", () => {
    const alert = jest.fn();
    (globalThis as unknown as { window: unknown }).window = { alert };
    const submit = jest.fn();
    expect(goToCheckout('/api/checkout/session', memoryStore(), null, submit)).toBe(false);
    expect(alert).toHaveBeenCalledWith('Email not found.');
    expect(submit).not.toHaveBeenCalled();
    expect(goToCheckout('/api/checkout/session', memoryStore({ email: 'a@b.co' }), null, submit)).toBe(true);
    expect(submit).toHaveBeenCalledWith('/api/checkout/session', { email: 'a@b.co' });
  });

  it("adds step 3's interviews (the contract's storage key) to every checkout, and to the start call", () => {
    const evidence = [{ name: 'Maria Lopez', role: 'Gym owner', exchanges: [{ question: 'What would you pay?', reply: 'About $40 a month.' }] }];
    const store = memoryStore({ target_market: 'gyms', idea: 'class app', email: 'a@b.co', 'val.interviewEvidence': JSON.stringify(evidence) });
    const stored = readStoredInterviewEvidence(store);
    expect(stored).toEqual(evidence);
    expect(checkoutFields('a@b.co', null, store, stored).evidence).toBe(JSON.stringify(evidence));
    expect(checkoutFields('a@b.co', { product: 'tam-assessment-for-ideas', inputs: { idea: 'x' } }, store, stored)).toEqual({
      email: 'a@b.co',
      product: 'tam-assessment-for-ideas',
      inputs: '{"idea":"x"}',
      evidence: JSON.stringify(evidence),
    });
    expect(startBody(store, 'cs_test_1', stored)).toMatchObject({ session_id: 'cs_test_1', evidence });
    const submit = jest.fn();
    goToCheckout('/api/checkout/session', store, null, submit, stored);
    expect(submit.mock.calls[0][1].evidence).toBe(JSON.stringify(evidence));
    // Unreadable storage sends nothing rather than something the BFF would refuse.
    const broken = memoryStore({ 'val.interviewEvidence': '[{"name": 3}]' });
    expect(readStoredInterviewEvidence(broken)).toBeNull();
    expect(checkoutFields('a@b.co', null, broken, readStoredInterviewEvidence(broken))).toEqual({ email: 'a@b.co' });
    expect(startBody(broken, undefined, null)).toEqual({ target_market: '', product_idea: '', email: '' });
  });

  it('a pending purchase is read once', () => {
    const s = memoryStore();
    savePendingPurchase(s, { product: 'porter-5-forces-analysis', inputs: { market: 'EV chargers' } });
    expect(takePendingPurchase(s)).toEqual({ product: 'porter-5-forces-analysis', inputs: { market: 'EV chargers' } });
    expect(takePendingPurchase(s)).toBeNull();
  });
});

describe('success page start call', () => {
  it('sends the stored inputs, email and session id', () => {
    expect(startBody(memoryStore({ target_market: 'gyms', idea: 'app', email: 'a@b.co' }), 'cs_test_1')).toEqual({
      target_market: 'gyms',
      product_idea: 'app',
      email: 'a@b.co',
      session_id: 'cs_test_1',
    });
    expect(startBody(memoryStore(), undefined)).toEqual({ target_market: '', product_idea: '', email: '' });
  });

  it('maps answers to a report, the server error, Unknown error, or HTTP Error! status: N', async () => {
    const body = { target_market: 'a', product_idea: 'b', email: 'a@b.co' };
    const ok = jest.fn(async () => jsonResponse(200, { success: true, flow_execution_id: 'r1', customer_id: 'cus_1' }));
    expect(await startFlow('/s', body, ok as unknown as typeof fetch)).toEqual({ kind: 'report', id: 'r1', customerId: 'cus_1' });
    const refused = jest.fn(async () => jsonResponse(200, { success: false, error: 'Payment required: x', code: 'payment_required' }));
    expect(await startFlow('/s', body, refused as unknown as typeof fetch)).toEqual({
      kind: 'error',
      message: 'Payment required: x',
      code: 'payment_required',
    });
    const blank = jest.fn(async () => jsonResponse(200, { success: false }));
    expect(await startFlow('/s', body, blank as unknown as typeof fetch)).toMatchObject({ kind: 'error', message: 'Unknown error' });
    const http = jest.fn(async () => jsonResponse(503, { error: { code: 'unavailable', message: 'x' } }));
    expect(await startFlow('/s', body, http as unknown as typeof fetch)).toEqual({ kind: 'error', message: 'HTTP Error! status: 503' });
  });
});

describe('/test page background run', () => {
  it('starts with the sample values, polls at most 8 times 6000 ms apart, and only logs failures', async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (init?.method === 'POST') return jsonResponse(200, '<hr>{"success":true,"execution_id":"abc"}<hr/>');
      return jsonResponse(200, { processing_status: 'running' });
    });
    const sleeps: number[] = [];
    const log = jest.fn();
    const r = await runTestFlow({
      url: '/api/admin/test-flow',
      fetch: fetchImpl as unknown as typeof fetch,
      sleep: async (ms) => void sleeps.push(ms),
      log,
      sample: { TARGET_MARKET: 'tm', PRODUCT_IDEA: 'pi' },
    });
    expect(r).toEqual({ executionId: 'abc', polls: 8, status: 'running' });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({
      flow_execution_variables: [
        { name: 'TARGET_MARKET', variable_value: 'tm' },
        { name: 'PRODUCT_IDEA', variable_value: 'pi' },
      ],
    });
    expect(calls[0].init?.credentials).toBe('include');
    expect(calls.slice(1).every((c) => c.url === '/api/admin/test-flow?execution_id=abc')).toBe(true);
    expect(sleeps).toEqual(Array(7).fill(TEST_POLL_INTERVAL_MS));
    expect(log).not.toHaveBeenCalled();
  });

  it('stops at finished, and a failed start is only logged', async () => {
    let n = 0;
    const fetchImpl = jest.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? jsonResponse(200, { execution_id: 'abc' }) : jsonResponse(200, { processing_status: ++n >= 3 ? 'finished' : 'queued' }),
    );
    const r = await runTestFlow({
      url: '/t',
      fetch: fetchImpl as unknown as typeof fetch,
      sleep: async () => undefined,
      log: jest.fn(),
      sample: { TARGET_MARKET: 'a', PRODUCT_IDEA: 'b' },
    });
    expect(r).toEqual({ executionId: 'abc', polls: 3, status: 'finished' });

    const log = jest.fn();
    const down = jest.fn(async () => jsonResponse(401, { error: { code: 'unauthorized', message: 'Admin login required' } }));
    const r2 = await runTestFlow({
      url: '/t',
      fetch: down as unknown as typeof fetch,
      sleep: async () => undefined,
      log,
      sample: { TARGET_MARKET: 'a', PRODUCT_IDEA: 'b' },
    });
    expect(r2).toEqual({ executionId: null, polls: 0, status: null });
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][1])).toContain('HTTP Error! status: 401');
  });

  it('strips horizontal-rule tags before parsing', () => {
    expect(parseLenientJson('<HR />{"a":1}<hr>')).toEqual({ a: 1 });
  });
});

describe('the purchase dialog’s basis on its way to the report', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };
  it('is kept until the start and sent with it; none given forgets an older one', () => {
    const store = memory();
    store.setItem('email', 'a@b.co');
    savePurchaseBasis(store, { market: 'logistics', price: 30 });
    expect(readPurchaseBasis(store)).toEqual({ market: 'logistics', price: 30 });
    expect(startBody(store, 'cs_1')).toMatchObject({ basis: { market: 'logistics', price: 30 }, email: 'a@b.co', session_id: 'cs_1' });
    savePurchaseBasis(store, undefined);
    expect(startBody(store, 'cs_1')).not.toHaveProperty('basis');
    store.setItem(PURCHASE_BASIS_KEY, '{not json');
    expect(readPurchaseBasis(store)).toBeUndefined();
  });
});
