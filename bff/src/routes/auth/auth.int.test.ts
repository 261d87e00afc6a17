import { json, startTestApp, type TestApp } from '../../../test/app';
import { testBrowser, type TestBrowser } from '../../../test/paidBrowser';
import { DEV_SIGN_IN_TITLE } from '../../dev/oidc/embedded';
import { AUTH_COOKIE } from '../../http/authSession';
import { startScriptedIssuer, type ScriptedIssuer } from '../../../test/oidcIssuer';

/** Runs the browser part of a sign-in up to the redirect to /log; returns its parameters. */
async function signInAtProvider(b: TestBrowser, email: string, name = ''): Promise<URLSearchParams> {
  const login = await b.get('/api/auth/login');
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get('location') as string);
  expect(authorize.origin).toBe(b.origin);
  expect(authorize.pathname).toBe('/oidc/auth');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${b.origin}/log`);
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toMatch(/.{20,}/);

  const { res: page, url: pageUrl } = await b.follow(await b.get(authorize.href));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(DEV_SIGN_IN_TITLE);
  expect(pageUrl.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

  const submitted = await b.postForm(`${pageUrl.pathname}/login`, { email, name });
  expect(submitted.status).toBe(303);
  const { url: back } = await b.follow(submitted, (u) => u.pathname === '/log');
  expect(back.pathname).toBe('/log');
  return back.searchParams;
}

describe('sign-in with the embedded OpenID provider (GET /api/auth/login, POST /api/auth/callback)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
  });
  afterAll(() => app.close());

  it('a back-channel origin header without the process key does not pick the issuer', async () => {
    const r = await fetch(`${app.url}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-val-oidc-origin': 'http://evil.example', 'x-val-oidc-backchannel': 'guess' },
    });
    expect(((await r.json()) as { issuer: string }).issuer).toBe(`${app.url}/oidc`);
  });

  it('signs a visitor in end to end: provider page → /log?code → callback → signed-in checkout', async () => {
    const b = testBrowser(app.url);
    const params = await signInAtProvider(b, 'Ada@Example.com', 'Ada Lovelace');
    expect(params.get('code')).toBeTruthy();
    expect(b.cookies.has(AUTH_COOKIE)).toBe(true);

    const cb = await b.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    expect(cb.status).toBe(200);
    expect(await json(cb)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace' });

    // The session now carries the email: the post-sign-in redirect leads on, the form post creates a checkout for it.
    expect((await b.get('/api/checkout/session')).headers.get('location')).toBe('/checkout/continue');
    const checkout = await b.postForm('/api/checkout/session', {});
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('location')).toMatch(new RegExp(`^${app.url}/checkout/test/cs_test_`));
    const session = checkout.headers.get('location')!.split('/').pop()!;
    const row = await app.deps.repos.payments.getBySession(session);
    expect(row).toMatchObject({ email: 'ada@example.com', product: 'new-product-feasibility-study', amountCents: 2500, status: 'pending' });
  });

  it('the session cookie is HttpOnly, SameSite=Lax and signed (a forged one is ignored)', async () => {
    const res = await fetch(`${app.url}/api/auth/login`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${AUTH_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i);

    const forged = Buffer.from(JSON.stringify({ user: { email: 'mallory@example.com', at: Date.now() } })).toString('base64url');
    const r = await fetch(`${app.url}/api/checkout/session`, { redirect: 'manual', headers: { cookie: `${AUTH_COOKIE}=${forged}.AAAA` } });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/api/auth/login');
  });

  it('logout ends the sign-in on the server: a copy of the cookie taken before logout no longer signs anyone in (finding 4)', async () => {
    const b = testBrowser(app.url);
    const params = await signInAtProvider(b, 'grace@example.com');
    expect((await b.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') })).status).toBe(200);
    const stolen = `${AUTH_COOKIE}=${b.cookies.get(AUTH_COOKIE)}`;
    const before = await fetch(`${app.url}/api/checkout/session`, { redirect: 'manual', headers: { cookie: stolen } });
    expect(before.headers.get('location')).toBe('/checkout/continue');

    const out = await b.postJson('/api/auth/logout', {});
    expect(out.status).toBe(200);
    expect(b.cookies.has(AUTH_COOKIE)).toBe(false);
    const after = await fetch(`${app.url}/api/checkout/session`, { redirect: 'manual', headers: { cookie: stolen } });
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe('/api/auth/login');
    expect(await app.deps.db.knex('sign_in_sessions').where({ email: 'grace@example.com' })).toEqual([]);
  });

  it('keeps the signed-in email on the server with a short lifetime (1 hour by default), not in the cookie', async () => {
    const b = testBrowser(app.url);
    const params = await signInAtProvider(b, 'hopper@example.com');
    const cb = await b.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    const set = cb.headers.getSetCookie().find((c) => c.startsWith(`${AUTH_COOKIE}=`))!;
    expect(new Date(/expires=([^;]+)/i.exec(set)![1]).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000 + 5000);
    const value = b.cookies.get(AUTH_COOKIE)!;
    expect(Buffer.from(value.split('.')[0], 'base64url').toString()).not.toContain('hopper');
    const row = (await app.deps.db.knex('sign_in_sessions').where({ email: 'hopper@example.com' }).first()) as { expires_at: unknown } | undefined;
    expect(row).toBeDefined();
  });

  it('rejects a callback whose state does not match this browser, and that sign-in cannot be finished afterwards', async () => {
    const b = testBrowser(app.url);
    const params = await signInAtProvider(b, 'eve@example.com');
    const bad = await b.postJson('/api/auth/callback', { code: params.get('code'), state: 'not-the-state', iss: params.get('iss') });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toMatch(/state mismatch/);

    const retry = await b.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    expect(retry.status).toBe(400);
    expect((await json(retry)).error.message).toMatch(/No sign-in is in progress/);
  });

  it('rejects a reused authorization code (at our callback and at the provider)', async () => {
    const b = testBrowser(app.url);
    const first = await signInAtProvider(b, 'bob@example.com');
    const ok = await b.postJson('/api/auth/callback', { code: first.get('code'), state: first.get('state'), iss: first.get('iss') });
    expect(ok.status).toBe(200);

    const replay = await b.postJson('/api/auth/callback', { code: first.get('code'), state: first.get('state'), iss: first.get('iss') });
    expect(replay.status).toBe(400);

    // A new sign-in in the same browser, then the OLD code with the NEW state: the provider refuses it.
    const login = await b.get('/api/auth/login');
    const state = new URL(login.headers.get('location')!).searchParams.get('state');
    const reused = await b.postJson('/api/auth/callback', { code: first.get('code'), state, iss: first.get('iss') });
    expect(reused.status).toBe(401);
    expect((await json(reused)).error.message).toMatch(/invalid, expired or was already used/);
  });

  it('refuses a code from another browser (PKCE verifier and state belong to the browser that started)', async () => {
    const victim = testBrowser(app.url);
    const params = await signInAtProvider(victim, 'victim@example.com');
    const attacker = testBrowser(app.url);
    await attacker.get('/api/auth/login');
    const stolen = await attacker.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    expect(stolen.status).toBe(400);
    // The victim can still finish their own sign-in.
    const mine = await victim.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    expect(mine.status).toBe(200);
  });

  it('validates the development sign-in form and the callback body', async () => {
    const b = testBrowser(app.url);
    const login = await b.get('/api/auth/login');
    const { url: pageUrl } = await b.follow(await b.get(login.headers.get('location')!));
    const bad = await b.postForm(`${pageUrl.pathname}/login`, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid email address.');

    const noCode = await b.postJson('/api/auth/callback', {});
    expect(noCode.status).toBe(400);
    expect((await json(noCode)).error.message).toMatch(/code/);
  });

  it('refuses a cross-site callback POST', async () => {
    const r = await app.fetch('/api/auth/callback', {
      method: 'POST',
      json: { code: 'x' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(403);
  });

  it('cancelling at the provider returns to /log with an error and no code', async () => {
    const b = testBrowser(app.url);
    const login = await b.get('/api/auth/login');
    const { url: pageUrl } = await b.follow(await b.get(login.headers.get('location')!));
    const { url } = await b.follow(await b.postForm(`${pageUrl.pathname}/abort`, {}), (u) => u.pathname === '/log');
    expect(url.pathname).toBe('/log');
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
  });
});

describe('sign-in configuration', () => {
  it('production without OIDC_ISSUER refuses to start with a clear message', async () => {
    const { loadConfig } = await import('../../config/env');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        ANALYTICS_HASH_KEY: 'a-production-hash-key-123',
        SESSION_KEYS: 'k'.repeat(40),
        PUBLIC_URL: 'https://val.example',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toThrow(/OIDC_ISSUER: must be set in production — the embedded development sign-in never runs in production/);
  });

  it('production with an issuer does not mount the embedded provider, and login goes to that issuer', async () => {
    // A stand-in issuer (as Google would be): the embedded provider of another test app.
    const idp = await startTestApp();
    const app = await startTestApp({
      env: {
        OIDC_ISSUER: `${idp.url}/oidc`,
        OIDC_CLIENT_ID: 'val-dev',
        OIDC_CLIENT_SECRET: 'irrelevant-here',
      },
    });
    try {
      expect((await idp.fetch('/oidc/.well-known/openid-configuration')).status).toBe(200);
      const own = await app.fetch('/oidc/.well-known/openid-configuration');
      expect(own.headers.get('content-type') ?? '').not.toMatch(/json/);
      const r = await app.fetch('/api/auth/login', { redirect: 'manual' });
      expect(r.status).toBe(302);
      const to = new URL(r.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).toBe(`${idp.url}/oidc/auth`);
      expect(to.searchParams.get('client_id')).toBe('val-dev');
      expect(to.searchParams.get('redirect_uri')).toBe(`${app.url}/log`);
    } finally {
      await app.close();
      await idp.close();
    }
  });
});

describe('sign-in at either loopback name, with no proxy in front (the `npm start` default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', TRUST_PROXY: 'false' } });
  });
  afterAll(() => app.close());

  it.each(['localhost', '127.0.0.1'])('signs in when the browser names the server http://%s:PORT (each host its own issuer)', async (host) => {
    const b = testBrowser(app.url.replace('127.0.0.1', host));
    const params = await signInAtProvider(b, `host@${host === 'localhost' ? 'local' : 'loop'}.example.com`);
    expect(params.get('iss')).toBe(`${b.origin}/oidc`);
    const cb = await b.postJson('/api/auth/callback', { code: params.get('code'), state: params.get('state'), iss: params.get('iss') });
    expect(cb.status).toBe(200);
  });
});

/** Signs in at a scripted issuer: the login redirect, the issuer's pages, back to /log; then the callback. */
async function signInThrough(b: TestBrowser): Promise<Response> {
  const login = await b.get('/api/auth/login');
  expect(login.status).toBe(302);
  const { url } = await b.follow(await b.get(login.headers.get('location') as string), (u) => u.pathname === '/log');
  expect(url.searchParams.get('code')).toBeTruthy();
  return b.postJson('/api/auth/callback', { code: url.searchParams.get('code'), state: url.searchParams.get('state'), iss: url.searchParams.get('iss') });
}

describe.each(['id_token', 'userinfo'] as const)('a provider that does not say the email is verified (claims in the %s)', (claimsIn) => {
  let idp: ScriptedIssuer;
  let app: TestApp;
  beforeAll(async () => {
    idp = await startScriptedIssuer({ claimsIn });
    app = await startTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret } });
    idp.allowRedirect(`${app.url}/log`);
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
    expect(idp.errors).toEqual([]);
  });

  it.each([
    ['no email_verified claim', {}, /did not confirm that your email address is verified/],
    ['email_verified "true" (a string)', { email_verified: 'true' }, /not verified/],
    ['email_verified "false" (a string)', { email_verified: 'false' }, /not verified/],
    ['email_verified false', { email_verified: false }, /not verified/],
  ])('%s: the sign-in is refused (401), nobody is signed in', async (_name, claims, message) => {
    idp.claims = { email: 'victim@example.com', ...claims };
    const b = testBrowser(app.url);
    const cb = await signInThrough(b);
    expect(cb.status).toBe(401);
    expect((await json(cb)).error.message).toMatch(message);
    const checkout = await b.get('/api/checkout/session');
    expect(checkout.headers.get('location')).toBe('/api/auth/login');
    expect(await app.deps.db.knex('sign_in_sessions').whereNotNull('email')).toEqual([]);
  });

  it('cannot start the paid report of the email it claims: the credit stays unspent', async () => {
    const payment = await app.deps.repos.payments.create({
      id: `p-${claimsIn}`,
      checkoutSessionId: `cs_test_victim_${claimsIn}_0123456789abcdef`,
      provider: 'test',
      email: 'victim@example.com',
      product: 'new-product-feasibility-study',
      inputs: null,
      amountCents: 2500,
      currency: 'usd',
    });
    await app.deps.repos.payments.markPaid(payment.checkoutSessionId, { customerId: 'cus_test_victim', paidAt: new Date() });
    idp.claims = { email: 'victim@example.com' };
    const attacker = testBrowser(app.url);
    expect((await signInThrough(attacker)).status).toBe(401);
    const start = await attacker.postJson('/api/feasibility/start', { target_market: 'EU', product_idea: 'Attacker idea', email: 'victim@example.com' });
    expect(await json(start)).toMatchObject({ success: false, code: 'unauthorized' });
    expect((await app.deps.repos.payments.getBySession(payment.checkoutSessionId))?.reportId).toBeNull();
  });

  it('email_verified true (a boolean) signs the visitor in', async () => {
    idp.claims = { email: 'Verified@Example.com', email_verified: true, name: 'Vera' };
    const cb = await signInThrough(testBrowser(app.url));
    expect(cb.status).toBe(200);
    expect(await json(cb)).toEqual({ email: 'verified@example.com', name: 'Vera' });
  });
});

describe('OIDC_TRUST_UNVERIFIED_EMAIL=true (a provider that verifies every email but never says so)', () => {
  let idp: ScriptedIssuer;
  let app: TestApp;
  beforeAll(async () => {
    idp = await startScriptedIssuer({ claimsIn: 'id_token' });
    app = await startTestApp({
      env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_TRUST_UNVERIFIED_EMAIL: 'true' },
    });
    idp.allowRedirect(`${app.url}/log`);
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  it('accepts a missing claim, still refuses one that says the email is not verified', async () => {
    idp.claims = { email: 'omits@example.com' };
    expect((await signInThrough(testBrowser(app.url))).status).toBe(200);
    for (const v of [false, 'false', 'true', 0]) {
      idp.claims = { email: 'says@example.com', email_verified: v };
      expect((await signInThrough(testBrowser(app.url))).status).toBe(401);
    }
  });
});
