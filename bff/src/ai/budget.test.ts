import { memoryCounterStore } from '../repositories/counters';
import { estimateTokens, tokenBudget } from './budget';

describe('tokenBudget', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('lets a key spend its allowance, refuses the next call with a 429 saying when to come back, and renews after the window', async () => {
    const b = tokenBudget({ store: memoryCounterStore(), tokens: 1000, windowMs: 3_600_000 });
    await b.check('1.2.3.4');
    await b.charge('1.2.3.4', 600);
    await b.check('1.2.3.4');
    await b.charge('1.2.3.4', 600); // a running call is charged in full
    expect(await b.remaining('1.2.3.4')).toBe(0);
    await expect(b.check('1.2.3.4')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'You have used the AI allowance for your network for now. Please try again in 60 minutes.',
      headers: { 'Retry-After': '3600' },
    });
    // Another client is not affected.
    await expect(b.check('5.6.7.8')).resolves.toBeUndefined();
    jest.advanceTimersByTime(3_000_000);
    await expect(b.check('1.2.3.4')).rejects.toThrow(/try again in 10 minutes/);
    jest.advanceTimersByTime(600_001);
    await expect(b.check('1.2.3.4')).resolves.toBeUndefined();
    expect(await b.remaining('1.2.3.4')).toBe(1000);
  });

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('x'.repeat(4001))).toBe(1001);
  });
});
