import type { Context } from 'koa';
import { RateLimitError } from '../errors';
import { memoryCounterStore, type CounterStore } from '../repositories/counters';
import { byIp, rateLimit } from './rateLimit';

/** A minimal Koa context: an ip and a header sink. */
function fakeCtx(ip: string) {
  const headers: Record<string, string> = {};
  const ctx = { ip, set: (k: string, v: string) => (headers[k] = v) } as unknown as Context;
  return { ctx, headers };
}

const next = jest.fn(async () => undefined);
beforeEach(() => {
  next.mockClear();
  jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => jest.useRealTimers());

const limiter = (o: { windowMs: number; max: number; key?: (ctx: Context) => string | null; message?: string; name?: string }, store = memoryCounterStore()) =>
  rateLimit({ store, name: o.name ?? 'test', key: byIp, ...o });

describe('rateLimit', () => {
  it('lets max requests through per window, then throws a RateLimitError with Retry-After', async () => {
    const limit = limiter({ windowMs: 60_000, max: 3 });
    for (let i = 0; i < 3; i++) await limit(fakeCtx('1.1.1.1').ctx, next);
    expect(next).toHaveBeenCalledTimes(3);

    jest.advanceTimersByTime(15_000);
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
    const limit = limiter({ windowMs: 1000, max: 1 });
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('b').ctx, next);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    await expect(limit(fakeCtx('b').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('opens a fresh window once the old one has passed', async () => {
    const limit = limiter({ windowMs: 1000, max: 2 });
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('a').ctx, next);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    jest.advanceTimersByTime(999);
    await expect(limit(fakeCtx('a').ctx, next)).rejects.toBeInstanceOf(RateLimitError);
    jest.advanceTimersByTime(1);
    await limit(fakeCtx('a').ctx, next);
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('sets RateLimit headers on allowed requests', async () => {
    const limit = limiter({ windowMs: 10_000, max: 5 });
    await limit(fakeCtx('a').ctx, next);
    jest.advanceTimersByTime(2_500);
    const { ctx, headers } = fakeCtx('a');
    await limit(ctx, next);
    expect(headers).toEqual({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': '3', 'RateLimit-Reset': '8' });
  });

  it('skips requests whose key is null, and uses a custom message', async () => {
    const store = memoryCounterStore();
    const limit = limiter({ windowMs: 1000, max: 1, key: () => null, message: 'Slow down', name: 'open' }, store);
    await limit(fakeCtx('a').ctx, next);
    await limit(fakeCtx('a').ctx, next);
    expect(next).toHaveBeenCalledTimes(2);

    const strict = limiter({ windowMs: 1000, max: 1, message: 'Slow down', name: 'strict' }, store);
    await strict.hit('x');
    await expect(strict.hit('x')).rejects.toThrow('Slow down');
  });

  it('shares the counts of one name across limiters of the same store, and keeps names apart', async () => {
    const store = memoryCounterStore();
    const a = limiter({ windowMs: 60_000, max: 2, name: 'validate' }, store);
    const b = limiter({ windowMs: 60_000, max: 2, name: 'validate' }, store);
    const other = limiter({ windowMs: 60_000, max: 2, name: 'contact' }, store);
    await a.hit('ip');
    await b.hit('ip');
    await expect(a.hit('ip')).rejects.toBeInstanceOf(RateLimitError);
    await expect(other.hit('ip')).resolves.toEqual({ remaining: 1, resetInMs: 60_000 });
  });

  it('forgets a key on reset', async () => {
    const limit = limiter({ windowMs: 60_000, max: 1 });
    await limit.hit('a');
    await limit.hit('b');
    await expect(limit.hit('a')).rejects.toBeInstanceOf(RateLimitError);
    await limit.reset('a');
    await expect(limit.hit('a')).resolves.toMatchObject({ remaining: 0 });
    await expect(limit.hit('b')).rejects.toBeInstanceOf(RateLimitError);
  });

  it('on a shared store, answers from the points it holds as from the store: headers, then a rejected 429', async () => {
    const memory = memoryCounterStore();
    const store: CounterStore = { ...memory, kind: 'redis' };
    const limit = limiter({ windowMs: 10_000, max: 40 }, store);
    const seen: Array<Record<string, string>> = [];
    for (let i = 0; i < 40; i++) {
      const { ctx, headers } = fakeCtx('a');
      const answer = limit(ctx, next);
      expect(answer).toBeInstanceOf(Promise);
      await answer;
      seen.push(headers);
      jest.advanceTimersByTime(100);
    }
    expect(next).toHaveBeenCalledTimes(40);
    expect(seen.map((h) => h['RateLimit-Remaining'])).toEqual(Array.from({ length: 40 }, (_, i) => String(39 - i)));
    expect(seen[39]).toEqual({ 'RateLimit-Limit': '40', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '7' });
    const refused = limit(fakeCtx('a').ctx, next);
    expect(refused).toBeInstanceOf(Promise);
    const err = await refused.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).headers['Retry-After']).toBe('6');
    expect(next).toHaveBeenCalledTimes(40);
  });

  it('rejects nonsense options at construction', () => {
    expect(() => limiter({ windowMs: 0, max: 1 })).toThrow(RangeError);
    expect(() => limiter({ windowMs: 1000, max: 0 })).toThrow(RangeError);
    expect(() => limiter({ windowMs: 1000, max: 1.5 })).toThrow(RangeError);
    expect(() => limiter({ windowMs: 1000, max: 1, name: 'bad name!' })).toThrow(RangeError);
  });
});
