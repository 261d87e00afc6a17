import type { Context } from 'koa';
import { testDbs } from '../../test/db';
import { AUTH_COOKIE, authSessions } from '../http/authSession';
import { knexSignInSessionRepository } from './signInSessions';

/** A ctx with just a cookie jar, as Koa's ctx.cookies behaves for one request/response. */
function cookieCtx(incoming?: string) {
  const set: Array<{ value: string }> = [];
  const ctx = {
    cookies: {
      secure: false,
      get: (name: string) => (name === AUTH_COOKIE ? incoming : undefined),
      set: (_name: string, value: string) => set.push({ value }),
    },
  } as unknown as Context;
  return { ctx, set };
}

/**
 * The paid flow's sign-in sessions in the real table, on each database: a session lives until
 * its absolute end (to the millisecond) and not one millisecond after, whatever the cookie says,
 * and the sweep removes exactly the ended ones.
 */
describe.each(testDbs)('sign-in sessions on $label', (kind) => {
  let created: Awaited<ReturnType<typeof kind.create>>;
  beforeAll(async () => {
    created = await kind.create();
    await created.db.migrate();
  });
  afterAll(() => created.drop());

  const HOUR = 3_600_000;
  const t0 = Date.UTC(2026, 10, 27, 9, 30, 15, 123);

  it('a stored session is live until its end, to the millisecond, and swept after it', async () => {
    const repo = knexSignInSessionRepository(created.db.knex);
    await repo.create('a'.repeat(64), { email: 'ada@example.com', name: 'Ada', createdAt: new Date(t0), expiresAt: new Date(t0 + HOUR) });
    await repo.create('b'.repeat(64), { email: 'bob@example.com', createdAt: new Date(t0), expiresAt: new Date(t0 + 2 * HOUR) });

    expect(await repo.get('a'.repeat(64), new Date(t0 + HOUR - 1))).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      createdAt: new Date(t0),
      expiresAt: new Date(t0 + HOUR),
    });
    expect(await repo.get('a'.repeat(64), new Date(t0 + HOUR))).toBeNull();
    expect(await repo.get('c'.repeat(64), new Date(t0))).toBeNull();

    expect(await repo.sweep(new Date(t0 + HOUR - 1))).toBe(0);
    expect(await repo.sweep(new Date(t0 + HOUR))).toBe(1);
    expect(await created.db.knex('sign_in_sessions').pluck('email')).toEqual(['bob@example.com']);
    await repo.delete('b'.repeat(64));
    expect(await repo.get('b'.repeat(64), new Date(t0))).toBeNull();
  });

  it('the signed-in visitor is gone from every read once SIGN_IN_SESSION_MAX_AGE_MS has passed', async () => {
    let now = t0;
    const sessions = authSessions({
      keys: ['k'.repeat(40)],
      secure: false,
      store: knexSignInSessionRepository(created.db.knex),
      maxAgeMs: HOUR,
      now: () => now,
    });
    const signIn = cookieCtx();
    await sessions.signIn(signIn.ctx, { email: 'eve@example.com' });
    const cookie = signIn.set[0].value;

    now = t0 + HOUR - 1;
    expect(await sessions.read(cookieCtx(cookie).ctx)).toEqual({ user: { email: 'eve@example.com', at: t0 } });
    now = t0 + HOUR;
    expect(await sessions.read(cookieCtx(cookie).ctx)).toEqual({});
    // The row is still there (the sweep runs at most every ten minutes), but it opens nothing.
    expect(await created.db.knex('sign_in_sessions').where({ email: 'eve@example.com' }).count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
