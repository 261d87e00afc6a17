import { memoryCounterStore } from '../repositories/counters';
import { estimateTokens, tokenBudget } from './budget';

describe('tokenBudget', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const refusal = (minutes: number, seconds: number) => ({
    status: 429,
    code: 'rate_limited',
    message: `You have used the AI allowance for your network for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { 'Retry-After': String(seconds) },
  });

  it('holds what a call may cost before it runs: parallel calls cannot share one unspent allowance', async () => {
    const b = tokenBudget({ store: memoryCounterStore(), tokens: 1000, windowMs: 3_600_000 });
    const calls = await Promise.allSettled(Array.from({ length: 5 }, () => b.reserve('1.2.3.4', 400)));
    expect(calls.map((c) => c.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect((calls[2] as PromiseRejectedResult).reason).toMatchObject(refusal(60, 3600));
    // Another client is not affected.
    await expect(b.reserve('5.6.7.8', 1000)).resolves.toBe(1000);
  });

  it('gives back what a call held and did not spend, and counts what it spent beyond', async () => {
    const b = tokenBudget({ store: memoryCounterStore(), tokens: 1000, windowMs: 3_600_000 });
    expect(await b.reserve('k', 600)).toBe(600);
    b.release('k', 500); // spent 100 of the 600
    await Promise.resolve();
    expect(await b.reserve('k', 900)).toBe(900); // 100 + 900
    await expect(b.reserve('k', 1)).rejects.toMatchObject({ status: 429 });
    b.release('k', 900);
    b.charge('k', 950); // a call ran past what it held
    await Promise.resolve();
    await expect(b.reserve('k', 1)).rejects.toMatchObject({ status: 429 });
  });

  it('lets a call bigger than the whole allowance run on an untouched one only, and renews after the window', async () => {
    const b = tokenBudget({ store: memoryCounterStore(), tokens: 1000, windowMs: 3_600_000 });
    expect(await b.reserve('k', 5000)).toBe(1000);
    await expect(b.reserve('k', 5000)).rejects.toMatchObject(refusal(60, 3600));
    jest.advanceTimersByTime(3_000_000);
    await expect(b.reserve('k', 10)).rejects.toMatchObject(refusal(10, 600));
    jest.advanceTimersByTime(600_001);
    await expect(b.reserve('k', 1000)).resolves.toBe(1000);
  });

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('x'.repeat(4001))).toBe(1001);
  });
});
