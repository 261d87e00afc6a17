import { adminLogin } from '../adminClient';
import { startTestApp, type TestApp } from '../app';
import { diagnostics } from '../diagnostics';
import { signInWithEmbeddedProvider, testBrowser } from '../paidBrowser';
import { countRows, diffCounts, listTables } from '../fuzz/rowCounts';
import { discoverRoutes, fillPath, isStateChanging, routeKey, type DiscoveredRoute } from '../fuzz/routes';
import { routeSamples } from '../fuzz/samples';
import { AUTH_COOKIE } from '../../src/http/authSession';

/**
 * CSRF: every state-changing route that acts on a cookie (the admin session, the sign-in
 * session, the embedded provider's interaction) refuses a cross-site request — by `Origin` or by
 * `Sec-Fetch-Site` — with a 403 and changes nothing, while the same request from our own origin
 * goes through. Every state-changing route must be classified: a new one fails this suite until
 * it is either guarded or listed as cookie-less below with the reason.
 */

const PASSWORD = 'csrf-test-password-0123456789';

/** State-changing routes that read no cookie: a forged cross-site request gains no one's authority. */
const COOKIELESS: Record<string, string> = {
  'POST /api/validate': 'anonymous free feature; per-IP limit',
  'POST /api/validate/stream': 'anonymous free feature; per-IP limit',
  'POST /api/generate-customers': 'anonymous free feature; per-IP limit',
  'POST /api/customer-interview': 'anonymous free feature; per-IP limit',
  'POST /api/customer-interview/stream': 'anonymous free feature; per-IP limit',
  'POST /api/generate-simulation': 'anonymous free feature; per-IP limit',
  'POST /api/challenge-feedback': 'anonymous free feature; per-IP limit',
  'POST /api/val-chat': 'anonymous free feature; per-IP limit',
  'POST /api/val-chat/stream': 'anonymous free feature; per-IP limit',
  'POST /api/contact': 'anonymous contact form; per-IP limit',
  'POST /api/track-click': 'anonymous click counter; per-IP limit',
  'POST /api/track-product-click': 'anonymous click counter; per-IP limit',
  'POST /api/reports/status': 'read-only poll by an unguessable report id',
  'POST /api/dev/reports': 'outside production only (not mounted in production)',
  'POST /api/stripe/webhook': 'server-to-server, authenticated by the Stripe-Signature HMAC',
  'DELETE /api/validations/:validationId':
    'authorised by the x-delete-token header (a secret a cross-site page cannot read or send without a CORS preflight), never by a cookie',
};

/** The cross-site variants a browser may send. */
const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ['Origin of another site + Sec-Fetch-Site: cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['Origin of another site only', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: cross-site only', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { origin: 'https://other.val.example', 'sec-fetch-site': 'same-site' }],
  ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
];

describe('CSRF protection of cookie-authenticated, state-changing routes', () => {
  let app: TestApp;
  let routes: DiscoveredRoute[];
  let cookie: string;
  let tables: string[];
  const samples = routeSamples(PASSWORD);

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_PASSWORD: PASSWORD, REPORT_WORKER: 'off' } });
    routes = discoverRoutes(app.deps).filter((r) => isStateChanging(r.method));
    tables = await listTables(app.deps.db);
    cookie = await sessions();
  });

  /** A fresh admin session and a signed-in visitor, as one Cookie header. */
  async function sessions(): Promise<string> {
    const admin = await adminLogin(app, PASSWORD, { origin: app.url });
    const b = testBrowser(app.url);
    await signInWithEmbeddedProvider(b, 'csrf@example.com');
    return `${admin}; ${AUTH_COOKIE}=${b.cookies.get(AUTH_COOKIE)}`;
  }
  afterAll(() => app.close());

  const guarded = () => routes.filter((r) => !COOKIELESS[routeKey(r)]);

  /** The route's valid sample request with the given extra headers and both session cookies. */
  const send = (r: DiscoveredRoute, headers: Record<string, string>) => {
    const s = samples[routeKey(r)] ?? {};
    const body = s.body ?? {};
    return fetch(app.url + fillPath(r.path, s.params ?? {}), {
      method: r.method,
      redirect: 'manual',
      headers: {
        cookie,
        accept: 'application/json',
        'x-forwarded-for': `10.9.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`,
        'content-type': s.form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...headers,
      },
      body: s.form ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString() : JSON.stringify(body),
    });
  };

  it('classifies every state-changing route: guarded, or cookie-less with a reason', () => {
    const keys = routes.map(routeKey);
    expect(keys.length).toBeGreaterThan(20);
    // Entries for routes that no longer exist would hide a rename.
    expect(Object.keys(COOKIELESS).filter((k) => !keys.includes(k))).toEqual([]);
    const list = guarded().map(routeKey).sort();
    diagnostics('csrf-guarded-routes').add(`Cookie-authenticated state-changing routes (CSRF-guarded):\n  ${list.join('\n  ')}`);
    expect(list).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'POST /api/admin/logout',
        'POST /api/admin/reports',
        'POST /api/admin/test-flow',
        'POST /api/auth/callback',
        'POST /api/auth/logout',
        'POST /api/checkout/session',
        'POST /api/feasibility/start',
        'POST /checkout/test/:sessionId',
      ]),
    );
  });

  it.each(CROSS_SITE)('refuses a cross-site request (%s) on every guarded route with a 403, changing nothing', async (_label, headers) => {
    const problems: string[] = [];
    for (const r of guarded()) {
      const before = await countRows(app.deps.db, tables);
      const res = await send(r, headers);
      const text = await res.text();
      const changed = diffCounts(before, await countRows(app.deps.db, tables));
      if (res.status !== 403) problems.push(`${routeKey(r)}: ${res.status} ${text.slice(0, 120)}`);
      else if (!/Cross-site request rejected/.test(text)) problems.push(`${routeKey(r)}: 403 for another reason: ${text.slice(0, 120)}`);
      if (changed.length) problems.push(`${routeKey(r)}: stored rows (${changed.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });

  it('lets the same requests through from our own origin (the guard is not a blanket refusal)', async () => {
    const problems: string[] = [];
    for (const r of guarded()) {
      const variants: Array<Record<string, string>> = [{ origin: app.url, 'sec-fetch-site': 'same-origin' }, { origin: app.url }];
      for (const headers of variants) {
        const res = await send(r, headers);
        const text = await res.text();
        if (res.status === 403 && /Cross-site/.test(text)) problems.push(`${routeKey(r)} ${JSON.stringify(headers)}: refused`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a cross-site logout leaves both sessions alive', async () => {
    cookie = await sessions();
    for (const path of ['/api/admin/logout', '/api/auth/logout']) {
      const r = await app.fetch(path, { method: 'POST', json: {}, headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(r.status).toBe(403);
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    expect((await app.fetch('/api/admin/link-stats', { headers: { cookie } })).status).toBe(200);
    const checkout = await app.fetch('/api/checkout/session', { redirect: 'manual', headers: { cookie } });
    expect(checkout.headers.get('location')).toBe('/checkout/continue');
  });
});
