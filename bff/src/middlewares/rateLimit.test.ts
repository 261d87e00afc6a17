import type { Context } from 'koa';
import { RateLimitError } from '../errors';
import { byIp, rateLimit } from './rateLimit';

/** A minimal Koa context: an ip and a header sink. */
function fakeCtx(ip: string) {
  const headers: Record<string, string> = {};
  const ctx = { ip, set: (k: string, v: string) => (headers[k] = v) } as unknown as Context;
  return { ctx, headers };
}

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const next = jest.fn(async () => undefined);
beforeEach(() => next.mockClear());

describe('rateLimit', () => {
  it('lets max requests through per window, then throws a RateLimitError with Retry-After', async () => {
    const c = clock();
    const limit = rateLimit({ windowMs: 60_000, max: 3, key: byIp, now: c.now });
    for (let i = 0; i < 3; i++) await limit(fakeCtx('1.1.1.1').ctx, next);
    expect(next).toHaveBeenCalledTimes(3);

    c.advance(15_000);
    const err = await limit(fakeCtx('1.1.1.1').ctx, next).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).status).toBe(429);
    expect((err as RateLimitError).code).toBe('rate_limited');
    expect((err as RateLimitError).headers['Retry-After']).toBe('45');
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('counts each key on its own', async () => {
    const c = clock();
    const limit = rateLimit({ windowMs: 1000, max: 1, key: byIp, now: c.now });
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('b').ctx, next);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    await expect(limit(fakeCtx('b').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('opens a fresh window once the old one has passed', async () => {
    const c = clock();
    const limit = rateLimit({ windowMs: 1000, max: 2, key: byIp, now: c.now });
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('a').ctx, next);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    c.advance(999);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    c.advance(1);
    await limit(fakeCtx('a').ctx, next);
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('sets RateLimit headers on allowed requests', async () => {
    const c = clock();
    const limit = rateLimit({ windowMs: 10_000, max: 5, key: byIp, now: c.now });
    await limit(fakeCtx('a').ctx, next);
    c.advance(2_500);
    const { ctx, headers } = fakeCtx('a');
    await limit(ctx, next);
    expect(headers).toEqual({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': '3', 'RateLimit-Reset': '8' });
  });

  it('skips requests whose key is null, and uses a custom message', async () => {
    const limit = rateLimit({ windowMs: 1000, max: 1, key: () => null, message: 'Slow down' });
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('a').ctx, next);
    expect(next).toHaveBeenCalledTimes(2);
    expect(limit.size).toBe(0);

    const strict = rateLimit({ windowMs: 1000, max: 1, key: byIp, message: 'Slow down' });
    strict.hit('x');
    expect(() => strict.hit('x')).toThrow('Slow down');
  });

  it('sweeps expired windows and bounds the number of keys', () => {
    const c = clock();
    const limit = rateLimit({ windowMs: 1000, max: 1, key: byIp, now: c.now, maxKeys: 100 });
    for (let i = 0; i < 500; i++) limit.hit(`ip-${i}`);
    expect(limit.size).toBe(100);
    // The newest keys are still limited, the oldest were dropped.
    expect(() => limit.hit('ip-499')).toThrow(RateLimitError);
    expect(() => limit.hit('ip-0')).not.toThrow();

    c.advance(1001);
    limit.hit('fresh');
    expect(limit.size).toBe(1);
  });

  it('forgets keys on reset', () => {
    const limit = rateLimit({ windowMs: 60_000, max: 1, key: byIp });
    limit.hit('a');
    limit.hit('b');
    expect(() => limit.hit('a')).toThrow(RateLimitError);
    limit.reset('a');
    expect(() => limit.hit('a')).not.toThrow();
    expect(() => limit.hit('b')).toThrow(RateLimitError);
    limit.reset();
    expect(limit.size).toBe(0);
  });

  it('rejects nonsense options at construction', () => {
    expect(() => rateLimit({ windowMs: 0, max: 1, key: byIp })).toThrow(RangeError);
    expect(() => rateLimit({ windowMs: 1000, max: 0, key: byIp })).toThrow(RangeError);
    expect(() => rateLimit({ windowMs: 1000, max: 1.5, key: byIp })).toThrow(RangeError);
  });
});
