import { DEFAULT_PAID_CONFIG, loadPaidConfig } from './config';

/* The paid flow's hosts come from `GET /api/feasibility/config`, once per page. */

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

it('reads the config once per API base, with cookies, and falls back to this origin when the server fails', async () => {
  const config = { feasibilityBaseUrl: 'https://reports.example', authBaseUrl: '', planBaseUrl: '', checkoutMode: 'stripe', signIn: 'oidc' };
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(config), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  expect(await loadPaidConfig('http://val.test')).toEqual(config);
  expect(await loadPaidConfig('http://val.test')).toEqual(config);
  expect(calls).toHaveLength(1);
  expect(calls[0].url).toBe('http://val.test/api/feasibility/config');
  expect(calls[0].init?.method ?? 'GET').toBe('GET');
  expect(calls[0].init).toMatchObject({ credentials: 'include' });

  global.fetch = jest.fn(async () => new Response('{"error":{"code":"unavailable","message":"down"}}', { status: 503 })) as typeof fetch;
  expect(await loadPaidConfig('http://other.test')).toEqual(DEFAULT_PAID_CONFIG);
  global.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  expect(await loadPaidConfig('http://offline.test')).toEqual(DEFAULT_PAID_CONFIG);
});
