import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  client_reference_id: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL. */
  url: string;
  /** Every request: method, path, the Idempotency-Key and the form fields. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; form: URLSearchParams }>;
  sessions: Map<string, FakeStripeSession>;
  /** Marks a session paid (as a completed Checkout would). */
  pay(id: string): FakeStripeSession;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the two Stripe API calls the BFF makes (create and retrieve a
 * Checkout Session), for tests of the Stripe mode without network. Point the SDK at it with
 * STRIPE_API_URL.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, FakeStripeSession>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const form = new URLSearchParams(body);
      const key = req.headers['idempotency-key'];
      requests.push({ method: req.method ?? '', path, idempotencyKey: typeof key === 'string' ? key : undefined, form });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(obj));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_fake${String(++n).padStart(20, '0')}`;
        const s: FakeStripeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          customer: null,
          customer_email: form.get('customer_email') ?? '',
          payment_status: 'unpaid',
          status: 'open',
          client_reference_id: form.get('client_reference_id') ?? '',
          metadata: { payment_id: form.get('metadata[payment_id]') ?? '', product: form.get('metadata[product]') ?? '' },
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
        };
        sessions.set(id, s);
        return send(200, s);
      }
      const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const s = sessions.get(m[1]);
        return s ? send(200, s) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    sessions,
    pay(id) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      s.payment_status = 'paid';
      s.status = 'complete';
      s.customer = 'cus_fake123';
      return s;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
