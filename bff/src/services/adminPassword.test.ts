import { ConfigError, loadConfig } from '../config/env';
import { hashPassword, LOGIN_BUSY_MESSAGE, parseScryptHash, passwordVerifier, SCRYPT_CONCURRENCY, verifyScrypt } from './adminPassword';
import { memoryCounterStore } from '../repositories/counters';
import { LOGIN_THROTTLED_MESSAGE, loginThrottle } from './loginThrottle';

describe('admin password hashing', () => {
  it('hashes into scrypt$N$r$p$salt$hash and verifies only the same password', async () => {
    const stored = await hashPassword('s3cret pass', { N: 1024 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const parsed = parseScryptHash(stored)!;
    expect(await verifyScrypt('s3cret pass', parsed)).toBe(true);
    expect(await verifyScrypt('s3cret pass ', parsed)).toBe(false);
    expect(await hashPassword('s3cret pass', { N: 1024 })).not.toBe(stored);
  });

  it('refuses malformed hashes and out-of-range costs', () => {
    expect(parseScryptHash('bcrypt$2b$10$abc')).toBeNull();
    expect(parseScryptHash('scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==')).toBeNull();
    expect(parseScryptHash(`scrypt$${2 ** 22}$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==`)).toBeNull();
  });

  it('builds the verifier from config: the hash wins, nothing set means disabled', async () => {
    const hash = await hashPassword('from-hash', { N: 1024 });
    const both = passwordVerifier({ ADMIN_PASSWORD: 'plain', ADMIN_PASSWORD_HASH: hash });
    expect(await both.verify('from-hash')).toBe(true);
    expect(await both.verify('plain')).toBe(false);
    const plain = passwordVerifier({ ADMIN_PASSWORD: 'plain' });
    expect(plain.enabled).toBe(true);
    expect(await plain.verify('plain')).toBe(true);
    expect(await plain.verify('plai')).toBe(false);
    expect(await plain.verify('')).toBe(false);
    const none = passwordVerifier({});
    expect(none.enabled).toBe(false);
    expect(none.problem).toMatch(/ADMIN_PASSWORD/);
  });

  it(`runs ${SCRYPT_CONCURRENCY.max} check at a time, lets ${SCRYPT_CONCURRENCY.waiting} wait, and refuses the next at once with a 503 to retry`, async () => {
    const verifier = passwordVerifier({ ADMIN_PASSWORD_HASH: await hashPassword('the one', { N: 1024 }) });
    const admitted = SCRYPT_CONCURRENCY.max + SCRYPT_CONCURRENCY.waiting;
    const calls = Array.from({ length: admitted + 3 }, (_, i) => verifier.verify(i === admitted - 1 ? 'the one' : `guess ${i}`));
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.slice(0, admitted).map((o) => (o.status === 'fulfilled' ? o.value : o.reason))).toEqual([...Array(admitted - 1).fill(false), true]);
    for (const o of outcomes.slice(admitted)) {
      expect(o).toMatchObject({ status: 'rejected', reason: { status: 503, code: 'unavailable', message: LOGIN_BUSY_MESSAGE } });
    }
    // Once the queue has drained, checks are taken again.
    expect(await verifier.verify('the one')).toBe(true);
  });
});

describe('admin config in production', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
  };
  const key = 'k'.repeat(32);

  it('requires its own ANALYTICS_HASH_KEY, and SESSION_KEYS when the admin is enabled', () => {
    expect(problems({ NODE_ENV: 'production' })).toContain('ANALYTICS_HASH_KEY: must be set in production');
    expect(problems({ NODE_ENV: 'production', ANALYTICS_HASH_KEY: key }).join('\n')).not.toMatch(/ANALYTICS_HASH_KEY/);
    expect(problems({ NODE_ENV: 'production', ANALYTICS_HASH_KEY: key, ADMIN_PASSWORD: 'x' })).toContain(
      'SESSION_KEYS: must be set in production when the admin is enabled',
    );
    const withKeys = { NODE_ENV: 'production', ANALYTICS_HASH_KEY: key, ADMIN_PASSWORD: 'x', SESSION_KEYS: `${'a'.repeat(32)},${'b'.repeat(40)}` };
    expect(problems(withKeys).join('\n')).not.toMatch(/ANALYTICS_HASH_KEY|SESSION_KEYS/);
    expect(loadConfig({ SESSION_KEYS: `${'a'.repeat(32)},${'b'.repeat(40)}` }).SESSION_KEYS).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(problems({ SESSION_KEYS: 'short' })).toContain('SESSION_KEYS: every key must be at least 32 characters');
  });
});

describe('loginThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('counts every attempt before the password check: past maxFailures a 429 until the window ends; a success clears the key', async () => {
    const t = loginThrottle({ store: memoryCounterStore(), maxFailures: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      await t.attempt('a');
      jest.advanceTimersByTime(1000);
    }
    await expect(t.attempt('a')).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '57' }, message: LOGIN_THROTTLED_MESSAGE });
    await expect(t.attempt('b')).resolves.toBeUndefined();
    jest.advanceTimersByTime(57_000);
    await expect(t.attempt('a')).resolves.toBeUndefined();
    await t.succeeded('a');
    for (let i = 0; i < 3; i++) await t.attempt('a');
    await expect(t.attempt('a')).rejects.toMatchObject({ status: 429 });
  });

  it('lets exactly maxFailures of 100 parallel attempts through', async () => {
    const t = loginThrottle({ store: memoryCounterStore(), maxFailures: 10, windowMs: 60_000 });
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => t.attempt('burst')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });
});
