import { estimateTokens, tokenBudget } from './budget';

describe('tokenBudget', () => {
  it('lets a key spend its allowance, refuses the next call with a 429 saying when to come back, and renews after the window', () => {
    let t = 0;
    const b = tokenBudget({ tokens: 1000, windowMs: 3_600_000, now: () => t });
    b.check('1.2.3.4');
    b.charge('1.2.3.4', 600);
    b.check('1.2.3.4');
    b.charge('1.2.3.4', 600); // a running call is charged in full
    expect(b.remaining('1.2.3.4')).toBe(0);
    let err: unknown;
    try {
      b.check('1.2.3.4');
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'You have used the AI allowance for your network for now. Please try again in 60 minutes.',
      headers: { 'Retry-After': '3600' },
    });
    // Another client is not affected.
    expect(() => b.check('5.6.7.8')).not.toThrow();
    t = 3_000_000;
    expect(() => b.check('1.2.3.4')).toThrow(/try again in 10 minutes/);
    t = 3_600_001;
    expect(() => b.check('1.2.3.4')).not.toThrow();
    expect(b.remaining('1.2.3.4')).toBe(1000);
  });

  it('keeps a bounded number of keys', () => {
    const b = tokenBudget({ tokens: 10, windowMs: 60_000, maxKeys: 3 });
    for (let i = 0; i < 10; i++) b.charge(`k${i}`, 10);
    expect(b.remaining('k9')).toBe(0);
    expect(b.remaining('k0')).toBe(10); // dropped, starts afresh
  });

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('x'.repeat(4001))).toBe(1001);
  });
});
