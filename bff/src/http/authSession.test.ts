import type { Context } from 'koa';
import type { SignInSession, SignInSessionRepository } from '../repositories/signInSessions';
import { AUTH_COOKIE, authSessions } from './authSession';

/** A ctx with just a cookie jar, as Koa's ctx.cookies behaves for one request/response. */
function fakeCtx(incoming?: string, cookieName = AUTH_COOKIE) {
  const set: Array<{ name: string; value: string; opts: Record<string, unknown> }> = [];
  const ctx = {
    cookies: {
      secure: false,
      get: (name: string) => (name === cookieName ? incoming : undefined),
      set: (name: string, value: string, opts: Record<string, unknown>) => set.push({ name, value, opts }),
    },
  } as unknown as Context;
  return { ctx, set };
}

/** The repository's contract over a Map (the knex one is exercised by the auth integration tests). */
function mapStore(): SignInSessionRepository & { rows: Map<string, SignInSession> } {
  const rows = new Map<string, SignInSession>();
  return {
    rows,
    async create(id, s) {
      rows.set(id, s);
    },
    async get(id, now) {
      const s = rows.get(id);
      return s && s.expiresAt.getTime() > now.getTime() ? s : null;
    },
    async delete(id) {
      rows.delete(id);
    },
    async sweep(now) {
      let n = 0;
      for (const [id, s] of rows) if (s.expiresAt.getTime() <= now.getTime()) n += Number(rows.delete(id));
      return n;
    },
  };
}

describe('authSessions (signed cookie + server-side session)', () => {
  const keyA = 'a'.repeat(40);
  const keyB = 'b'.repeat(40);
  let t = 1_000_000;
  const now = () => t;
  const HOUR = 3_600_000;
  const make = (keys: string[], store = mapStore(), secure = false) => authSessions({ keys, secure, store, maxAgeMs: HOUR, now });

  it('signs in under a server-side id, and sets HttpOnly + SameSite=Lax (+ Secure when asked)', async () => {
    const store = mapStore();
    const s = make([keyA], store, true);
    const { ctx, set } = fakeCtx();
    expect(await s.signIn(ctx, { email: 'a@b.co' })).toEqual({ email: 'a@b.co', at: t });
    expect(set[0].name).toBe('__Host-val.sid');
    expect(set[0].opts).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: HOUR });
    expect(set[0].opts).not.toHaveProperty('domain');
    // The cookie carries no email: only a random id, whose hash keys the stored session.
    expect(Buffer.from(set[0].value.split('.')[0], 'base64url').toString()).not.toContain('a@b.co');
    expect([...store.rows.values()]).toEqual([{ email: 'a@b.co', createdAt: new Date(t), expiresAt: new Date(t + HOUR) }]);
    expect(await s.read(fakeCtx(set[0].value, '__Host-val.sid').ctx)).toEqual({ user: { email: 'a@b.co', at: t } });
    // Secure sessions read only the prefixed name: a plain `val.sid` (settable over http) is ignored.
    expect(await s.read(fakeCtx(set[0].value).ctx)).toEqual({});
  });

  it('logout deletes the server-side session: a copy of the cookie stops working', async () => {
    const store = mapStore();
    const s = make([keyA], store);
    const first = fakeCtx();
    await s.signIn(first.ctx, { email: 'a@b.co', name: 'Ada' });
    const cookie = first.set[0].value;
    expect((await s.read(fakeCtx(cookie).ctx)).user?.name).toBe('Ada');
    const out = fakeCtx(cookie);
    await s.clear(out.ctx);
    expect(out.set[0]).toMatchObject({ value: '', opts: { maxAge: 0 } });
    expect(store.rows.size).toBe(0);
    expect(await s.read(fakeCtx(cookie).ctx)).toEqual({});
  });

  it('a new sign-in replaces the old session id (no fixation)', async () => {
    const store = mapStore();
    const s = make([keyA], store);
    const a = fakeCtx();
    await s.signIn(a.ctx, { email: 'a@b.co' });
    const b = fakeCtx(a.set[0].value);
    await s.signIn(b.ctx, { email: 'c@d.co' });
    expect(b.set[0].value).not.toBe(a.set[0].value);
    expect(await s.read(fakeCtx(a.set[0].value).ctx)).toEqual({});
    expect((await s.read(fakeCtx(b.set[0].value).ctx)).user?.email).toBe('c@d.co');
    expect(store.rows.size).toBe(1);
  });

  it('ignores a tampered payload or signature, and accepts an older key after rotation', async () => {
    const store = mapStore();
    const old = make([keyB], store);
    const { ctx, set } = fakeCtx();
    await old.signIn(ctx, { email: 'a@b.co' });
    const value = set[0].value;
    const rotated = make([keyA, keyB], store);
    expect((await rotated.read(fakeCtx(value).ctx)).user?.email).toBe('a@b.co');
    expect(await make([keyA], store).read(fakeCtx(value).ctx)).toEqual({});

    const [payload, sig] = value.split('.');
    const evil = Buffer.from(JSON.stringify({ user: { email: 'mallory@x.co', at: t } })).toString('base64url');
    expect(await rotated.read(fakeCtx(`${evil}.${sig}`).ctx)).toEqual({});
    expect(await rotated.read(fakeCtx(`${payload}.${sig.slice(0, -2)}AA`).ctx)).toEqual({});
    expect(await rotated.read(fakeCtx('garbage').ctx)).toEqual({});
  });

  it('keeps a pending sign-in for 15 minutes, hands it out once, and ends a session after its lifetime', async () => {
    const s = make([keyA]);
    const start = fakeCtx();
    const login = { state: 's', verifier: 'v', nonce: 'n', redirectUri: 'http://x/log', at: t };
    await s.startLogin(start.ctx, login);
    expect(await s.read(fakeCtx(start.set[0].value).ctx)).toEqual({ login });
    const take = fakeCtx(start.set[0].value);
    expect(await s.takeLogin(take.ctx)).toEqual(login);
    expect(take.set[0]).toMatchObject({ value: '' });
    t += 16 * 60_000;
    expect(await s.read(fakeCtx(start.set[0].value).ctx)).toEqual({});

    const signed = fakeCtx();
    await s.signIn(signed.ctx, { email: 'a@b.co' });
    t += HOUR - 1;
    expect((await s.read(fakeCtx(signed.set[0].value).ctx)).user).toBeDefined();
    t += 1;
    expect(await s.read(fakeCtx(signed.set[0].value).ctx)).toEqual({});
  });
});
