import type { Context } from 'koa';
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

describe('authSessions (signed sign-in cookie)', () => {
  const keyA = 'a'.repeat(40);
  const keyB = 'b'.repeat(40);
  let t = 1_000_000;
  const now = () => t;

  it('round-trips, and sets HttpOnly + SameSite=Lax (+ Secure when asked)', () => {
    const s = authSessions({ keys: [keyA], secure: true, now });
    const { ctx, set } = fakeCtx();
    s.write(ctx, { user: { email: 'a@b.co', at: t } });
    expect(set[0].name).toBe('__Host-val.sid');
    expect(set[0].opts).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(set[0].opts).not.toHaveProperty('domain');
    expect(s.read(fakeCtx(set[0].value, '__Host-val.sid').ctx)).toEqual({ user: { email: 'a@b.co', at: t } });
    // Secure sessions read only the prefixed name: a plain `val.sid` (settable over http) is ignored.
    expect(s.read(fakeCtx(set[0].value).ctx)).toEqual({});
  });

  it('ignores a tampered payload or signature, and accepts an older key after rotation', () => {
    const old = authSessions({ keys: [keyB], secure: false, now });
    const { ctx, set } = fakeCtx();
    old.write(ctx, { user: { email: 'a@b.co', at: t } });
    const value = set[0].value;
    const rotated = authSessions({ keys: [keyA, keyB], secure: false, now });
    expect(rotated.read(fakeCtx(value).ctx).user?.email).toBe('a@b.co');
    expect(authSessions({ keys: [keyA], secure: false, now }).read(fakeCtx(value).ctx)).toEqual({});

    const [payload, sig] = value.split('.');
    const evil = Buffer.from(JSON.stringify({ user: { email: 'mallory@x.co', at: t } })).toString('base64url');
    expect(rotated.read(fakeCtx(`${evil}.${sig}`).ctx)).toEqual({});
    expect(rotated.read(fakeCtx(`${payload}.${sig.slice(0, -2)}AA`).ctx)).toEqual({});
    expect(rotated.read(fakeCtx('garbage').ctx)).toEqual({});
  });

  it('drops a pending sign-in after 15 minutes and a signed-in user after 30 days', () => {
    const s = authSessions({ keys: [keyA], secure: false, now });
    const { ctx, set } = fakeCtx();
    s.write(ctx, { login: { state: 's', verifier: 'v', nonce: 'n', redirectUri: 'http://x/log', at: t }, user: { email: 'a@b.co', at: t } });
    t += 16 * 60_000;
    expect(s.read(fakeCtx(set[0].value).ctx)).toEqual({ user: { email: 'a@b.co', at: t - 16 * 60_000 } });
    t += 30 * 86_400_000;
    expect(s.read(fakeCtx(set[0].value).ctx)).toEqual({});
  });
});
