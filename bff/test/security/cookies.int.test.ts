import { adminLogin, cookiesOf } from '../adminClient';
import { startTestApp, type TestApp } from '../app';
import { signInWithEmbeddedProvider, testBrowser } from '../paidBrowser';
import { ADMIN_COOKIE, ADMIN_COOKIE_PATH, adminCookieName } from '../../src/middlewares/adminSession';
import { AUTH_COOKIE, authCookieName } from '../../src/http/authSession';

/**
 * Cookie hardening of both sessions: the admin session (`val.admin`, server-side, scoped to
 * /api/admin) and the paid flow's sign-in session (`val.sid`, a signed payload). Attributes in
 * development and in production, and a new session value at login.
 */

const PASSWORD = 'cookie-test-password-0123456789';
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://val.example.com',
  ADMIN_PASSWORD: PASSWORD,
  SESSION_KEYS: 'k'.repeat(40),
  ANALYTICS_HASH_KEY: 'analytics-hash-key-for-tests-0123',
  OIDC_ISSUER: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'secret',
  STRIPE_SECRET_KEY: 'sk_test_cookies',
  STRIPE_WEBHOOK_SECRET: 'whsec_cookies',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  REPORT_WORKER: 'off',
};

/** Set-Cookie lines of a response, by cookie name. */
function setCookies(r: Response): Map<string, string> {
  return new Map(r.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const attr = (line: string, name: string) => new RegExp(`;\\s*${name}(=|;|$)`, 'i').test(line);
const attrValue = (line: string, name: string) => new RegExp(`;\\s*${name}=([^;]*)`, 'i').exec(line)?.[1];

describe('session cookies outside production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_PASSWORD: PASSWORD, REPORT_WORKER: 'off' } });
  });
  afterAll(() => app.close());

  it('admin: HttpOnly, SameSite=Strict, Path=/api/admin, no Domain, signed; not Secure over plain http', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: { origin: app.url } });
    expect(r.status).toBe(200);
    const c = setCookies(r);
    for (const name of [ADMIN_COOKIE, `${ADMIN_COOKIE}.sig`]) {
      const line = c.get(name);
      expect(line).toBeDefined();
      expect(attr(line!, 'httponly')).toBe(true);
      expect(attrValue(line!, 'samesite')?.toLowerCase()).toBe('strict');
      expect(attrValue(line!, 'path')).toBe(ADMIN_COOKIE_PATH);
      expect(attr(line!, 'domain')).toBe(false);
      expect(attr(line!, 'secure')).toBe(false);
    }
  });

  it('admin: a new session id at every login (fixation), and the previous one stops working', async () => {
    const first = await adminLogin(app, PASSWORD, { origin: app.url });
    const second = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: { origin: app.url, cookie: first } });
    const renewed = cookiesOf(second);
    const id = (c: string) => /val\.admin=([^;]+)/.exec(c)?.[1];
    expect(id(renewed)).toBeTruthy();
    expect(id(renewed)).not.toBe(id(first));
    expect((await app.fetch('/api/admin/link-stats', { headers: { cookie: first } })).status).toBe(401);
    expect((await app.fetch('/api/admin/link-stats', { headers: { cookie: renewed } })).status).toBe(200);
  });

  it('sign-in: HttpOnly, SameSite=Lax, Path=/, no Domain; the value changes at login and the old one is not signed in', async () => {
    const b = testBrowser(app.url);
    const login = await b.get('/api/auth/login');
    const line = setCookies(login).get(AUTH_COOKIE)!;
    expect(line).toBeDefined();
    expect(attr(line, 'httponly')).toBe(true);
    expect(attrValue(line, 'samesite')?.toLowerCase()).toBe('lax');
    expect(attrValue(line, 'path')).toBe('/');
    expect(attr(line, 'domain')).toBe(false);
    const before = b.cookies.get(AUTH_COOKIE)!;

    await signInWithEmbeddedProvider(b, 'cookie@example.com');
    const after = b.cookies.get(AUTH_COOKIE)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The pre-login value carries no user: it is sent to sign in again.
    const stale = await fetch(`${app.url}/api/checkout/session`, { redirect: 'manual', headers: { cookie: `${AUTH_COOKIE}=${before}` } });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/api/auth/login');
    const fresh = await fetch(`${app.url}/api/checkout/session`, { redirect: 'manual', headers: { cookie: `${AUTH_COOKIE}=${after}` } });
    expect(fresh.status).toBe(303);
    expect(fresh.headers.get('location')).toBe('/checkout/continue');
  });
});

describe('session cookies in production (NODE_ENV=production behind an HTTPS proxy)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: PRODUCTION });
  });
  afterAll(() => app.close());
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'val.example.com', origin: 'https://val.example.com' };

  it('admin: __Secure-val.admin and its signature are Secure (and still HttpOnly, SameSite=Strict, Path=/api/admin)', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: https });
    expect(r.status).toBe(200);
    const c = setCookies(r);
    expect([...c.keys()].sort()).toEqual(['__Secure-val.admin', '__Secure-val.admin.sig']);
    for (const name of [adminCookieName(true), `${adminCookieName(true)}.sig`]) {
      const line = c.get(name)!;
      expect(line).toBeDefined();
      expect(attr(line, 'secure')).toBe(true);
      expect(attr(line, 'httponly')).toBe(true);
      expect(attrValue(line, 'samesite')?.toLowerCase()).toBe('strict');
      expect(attrValue(line, 'path')).toBe(ADMIN_COOKIE_PATH);
    }
    // The prefixed session works, the unprefixed name is not read in production.
    const cookie = [...c.values()].map((l) => l.slice(0, l.indexOf(';'))).join('; ');
    expect((await app.fetch('/api/admin/link-stats', { headers: { cookie } })).status).toBe(200);
    const unprefixed = cookie.replaceAll('__Secure-', '');
    expect((await app.fetch('/api/admin/link-stats', { headers: { cookie: unprefixed } })).status).toBe(401);
  });

  it('sign-in: __Host-val.sid is Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain (what __Host- requires)', async () => {
    // Logging out writes the cookie with the production options without needing the identity provider.
    const r = await app.fetch('/api/auth/logout', { method: 'POST', json: {}, headers: https });
    expect(r.status).toBe(200);
    const c = setCookies(r);
    expect([...c.keys()]).toEqual(['__Host-val.sid']);
    const line = c.get(authCookieName(true));
    expect(line).toBeDefined();
    expect(attr(line!, 'secure')).toBe(true);
    expect(attr(line!, 'httponly')).toBe(true);
    expect(attrValue(line!, 'samesite')?.toLowerCase()).toBe('lax');
    expect(attrValue(line!, 'path')).toBe('/');
    expect(attr(line!, 'domain')).toBe(false);
  });

  it('admin login over plain http in production (no X-Forwarded-Proto) is refused cleanly, not a 500', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: { origin: 'https://val.example.com' } });
    expect(r.status).toBeLessThan(500);
  });
});
