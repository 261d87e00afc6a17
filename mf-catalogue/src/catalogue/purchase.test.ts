import { CATALOGUE } from '@val/content';
import { trackPurchaseClick } from './purchase';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  jest.restoreAllMocks();
});

describe('trackPurchaseClick', () => {
  const product = CATALOGUE[0];
  const inputs = Object.fromEntries(product.fields.map((f, i) => [f.name, i === 0 ? 'A meal-planning app' : '']));

  it('sends the click at once (before the thank-you alert), with keepalive and cookies, and only logs a failure', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      throw new TypeError('network down');
    }) as typeof fetch;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    trackPurchaseClick(product, inputs, 'http://api.test');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('http://api.test/api/track-product-click');
    expect(calls[0].init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ product: product.id, location: 'purchase', inputs: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(error).toHaveBeenCalledWith('track-product-click failed', expect.any(TypeError));
  });
});
