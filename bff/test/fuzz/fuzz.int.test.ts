import Router from '@koa/router';
import { startTestApp, type TestApp } from '../app';
import { testDbs } from '../db';
import { diagnostics } from '../diagnostics';
import { startFakeStripe, type FakeStripe } from '../stripeServer';
import { InputError } from '../../src/errors';
import { ADMIN_COOKIE_PATH } from '../../src/middlewares/adminSession';
import { STRIPE_WEBHOOK_PATH } from '../../src/routes/stripe/router';
import { parseBodyLimit } from './cases';
import { fuzzRoutes, statsTable, type RouteStats } from './fuzzer';
import { discoverRoutes, isStateChanging, routeKey, type DiscoveredRoute } from './routes';
import { routeSamples } from './samples';

/**
 * Property-based fuzzing of every route the app mounts (discovered from the routers' stacks):
 * generated and hand-picked bad bodies, queries and path parameters, anonymously and with an
 * admin session. Every answer is below 500, a 4xx under /api is a JSON `{error: {code,
 * message}}`, nothing hangs, and a rejected request (4xx, or `{success: false}`) leaves the row
 * count of every table unchanged. FUZZ_RUNS sets the generated requests per route and mode
 * (default 25); FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS || 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ADMIN_PASSWORD = 'fuzz-admin-password-0123456789';
const BODY_LIMIT = '100kb';
/**
 * Tables allowed to change on a rejected request: only `rate_limits`. The per-IP limits and the
 * admin login throttle count rejected requests too (a flood of bad input is limited as well), and
 * on MySQL those counts are rows shared by every process. No other table records a rejection.
 */
const MAY_CHANGE_ON_REJECTION: ReadonlySet<string> = new Set(['rate_limits']);
/** Routes whose behaviour depends on the payment mode: fuzzed again on a Stripe-mode app. */
const PAYMENT_ROUTES = new Set([`POST ${STRIPE_WEBHOOK_PATH}`, 'POST /api/checkout/session', 'GET /api/checkout/session', 'POST /api/feasibility/start']);
const LIMITS = {
  BODY_LIMIT,
  REPORT_WORKER: 'off',
  TRACK_RATE_LIMIT_PER_MINUTE: '100000',
  VALIDATE_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '100000',
  ADMIN_LOGIN_MAX_FAILURES: '1000',
};

describe.each(testDbs)('fuzzing every route on $label', (kind) => {
  let app: TestApp;
  let stripeApp: TestApp;
  let fakeStripe: FakeStripe;
  let routes: DiscoveredRoute[];
  const samples = routeSamples(ADMIN_PASSWORD);
  const stats = new Map<string, RouteStats>();
  const options = {
    samples,
    bodyLimit: parseBodyLimit(BODY_LIMIT),
    runs: RUNS,
    seed: SEED,
    adminPassword: ADMIN_PASSWORD,
    mayChangeOnRejection: MAY_CHANGE_ON_REJECTION,
    stats,
  };

  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    [app, stripeApp] = await Promise.all([
      startTestApp({ dbKind: kind, env: { ...LIMITS, ADMIN_PASSWORD } }),
      startTestApp({
        dbKind: kind,
        env: { ...LIMITS, ADMIN_PASSWORD, STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_fuzz', STRIPE_API_URL: fakeStripe.url },
      }),
    ]);
    routes = discoverRoutes(app.deps);
  });

  afterAll(async () => {
    diagnostics(`fuzz-${kind.label}`).add(
      statsTable(`Fuzz requests per route (${kind.label}; ${RUNS} generated per route and mode after the fixed corpus):`, stats),
    );
    await Promise.all([app?.close(), stripeApp?.close()]);
    await fakeStripe?.close();
  });

  it('discovers the routes and has a valid sample request for every state-changing /api route', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['POST /api/validate', 'POST /api/track-click', 'GET /api/admin/link-stats', `POST ${STRIPE_WEBHOOK_PATH}`]),
    );
    const missing = routes.filter((r) => r.path.startsWith('/api/') && isStateChanging(r.method) && !samples[routeKey(r)]).map(routeKey);
    // A new route: add a valid request for it to bff/test/fuzz/samples.ts so its fields get mutated.
    expect(missing).toEqual([]);
  });

  // On MySQL every limited request also commits its rate-limit count (shared by all processes):
  // a few thousand fuzzed requests take over a minute there.
  it('answers bad input anonymously: < 500, JSON errors, no rows from rejected requests', async () => {
    const list = routes.filter((r) => r.path !== STRIPE_WEBHOOK_PATH);
    expect(await fuzzRoutes(app, list, 'anonymous', options)).toEqual([]);
  }, 240_000);

  it('answers bad input with an admin session (cookie + Origin) the same way', async () => {
    // Browsers send the admin cookie only under its path: the routes that can see the session.
    const list = routes.filter((r) => r.path === ADMIN_COOKIE_PATH || r.path.startsWith(`${ADMIN_COOKIE_PATH}/`));
    expect(list.length).toBeGreaterThanOrEqual(9);
    expect(await fuzzRoutes(app, list, 'admin', options)).toEqual([]);
  });

  it('answers bad input to the payment routes in Stripe mode (signed webhook, Stripe Checkout) the same way', async () => {
    const list = routes.filter((r) => PAYMENT_ROUTES.has(routeKey(r)));
    expect(list).toHaveLength(PAYMENT_ROUTES.size);
    expect(await fuzzRoutes(stripeApp, list, 'anonymous', options)).toEqual([]);
  });

  it('is still healthy afterwards, with no prototype pollution', async () => {
    expect((await app.fetch('/healthz')).status).toBe(200);
    expect((await app.fetch('/readyz')).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('the fuzzer itself', () => {
  /** Routes with the faults the fuzzer must report. */
  const faulty = ({ repos }: TestApp['deps']) => {
    const r = new Router();
    r.post('/api/fuzz-probe/leaky', async (ctx) => {
      await repos.contactMessages.create({ name: 'x', email: 'x@example.com', subject: 'x', message: 'stored before the check' });
      const body = (ctx.request as unknown as { body?: { ok?: unknown } }).body;
      if (body?.ok !== true) throw new InputError('ok must be true');
      ctx.body = { ok: true };
    });
    r.post('/api/fuzz-probe/crashy', (ctx) => {
      const body = (ctx.request as unknown as { body?: { name?: unknown } }).body;
      ctx.body = { upper: (body?.name as string).toUpperCase() };
    });
    r.post('/api/fuzz-probe/html-error', (ctx) => {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = '<p>bad</p>';
    });
    return r;
  };

  it('reports rows stored by a rejected request, a 500 and a 4xx without a JSON error', async () => {
    const app = await startTestApp({ extraRouters: [faulty] });
    try {
      const probes = discoverRoutes(app.deps, [faulty]).filter((r) => r.path.startsWith('/api/fuzz-probe/'));
      expect(probes.map(routeKey).sort()).toEqual(['POST /api/fuzz-probe/crashy', 'POST /api/fuzz-probe/html-error', 'POST /api/fuzz-probe/leaky']);
      const samples = {
        'POST /api/fuzz-probe/leaky': { body: { ok: true } },
        'POST /api/fuzz-probe/crashy': { body: { name: 'Ada' } },
        'POST /api/fuzz-probe/html-error': { body: {} },
      };
      const failures = (await fuzzRoutes(app, probes, 'anonymous', { samples, bodyLimit: parseBodyLimit('100kb'), runs: 5 })).join('\n');
      expect(failures).toMatch(/POST \/api\/fuzz-probe\/leaky \[.*\]: rejected with 400 but stored rows \(contact_messages: \d+ → \d+\)/);
      expect(failures).toMatch(/POST \/api\/fuzz-probe\/crashy \[.*\]: 500/);
      expect(failures).toMatch(/POST \/api\/fuzz-probe\/html-error \[.*\]: 400 without a JSON error body/);
    } finally {
      await app.close();
    }
  });
});
