import Router from '@koa/router';
import type { Middleware } from 'koa';
import { adminLoginRequestSchema, ErrorCode, adminMessagesQuerySchema, dailyQuerySchema, statsRangeQuerySchema, type AdminSessionState } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { UnauthorizedError } from '../../errors';
import { parseBody, parseQuery } from '../../http/parse';
import { endAdminSession, hasLiveAdminSession, requireAdmin, startAdminSession } from '../../middlewares/adminSession';
import { byIp } from '../../middlewares/rateLimit';
import { sameOrigin } from '../../middlewares/sameOrigin';
import { passwordVerifier } from '../../services/adminPassword';

export const ADMIN_DISABLED_MESSAGE = 'The admin dashboard is disabled on this server: set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH to enable it.';

/**
 * The operator's API under /api/admin: login/logout (shared password, server-side session),
 * link and product stats from the rollups, clicks per day, and contact-form messages.
 * 503 when no password is configured (except GET /session, which says so), 401 without a live
 * session, 403 on a cross-site POST.
 */
export function adminRouter(deps: AppDeps, opts: { now?: () => number } = {}): Router {
  const { config, logger } = deps;
  const dashboard = deps.services.adminDashboard;
  const now = opts.now ?? deps.now;
  const router = new Router({ prefix: '/api/admin' });
  const password = passwordVerifier(config);
  if (!password.enabled) logger.warn(`admin dashboard disabled (${password.problem}): /api/admin answers 503`);

  const throttle = deps.services.loginThrottle;
  const csrf = sameOrigin({ allowedOrigins: [config.PUBLIC_URL] });
  const sessionTimeouts = { idleMs: config.ADMIN_IDLE_TIMEOUT_MS, absoluteMs: config.ADMIN_SESSION_MAX_AGE_MS, now };
  const admin = requireAdmin(sessionTimeouts);

  // Answers also when the dashboard is off, so the page asks once which screen to show.
  router.get('/session', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const body: AdminSessionState = { enabled: password.enabled, signedIn: password.enabled && hasLiveAdminSession(ctx, sessionTimeouts) };
    ctx.body = body;
  });

  // Disabled is a setting, not a failure: the answer says how to enable it, and nothing is
  // logged per request (the start-up warning above said it once).
  const enabled: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    if (!password.enabled) {
      ctx.status = 503;
      ctx.body = { error: { code: ErrorCode.AdminDisabled, message: ADMIN_DISABLED_MESSAGE } };
      return;
    }
    await next();
  };
  router.use(enabled);

  router.post('/login', csrf, async (ctx) => {
    const ip = byIp(ctx);
    const { password: given } = parseBody(ctx, adminLoginRequestSchema);
    await throttle.attempt(ip);
    if (!(await password.verify(given))) {
      logger.warn({ ip }, 'admin login failed');
      throw new UnauthorizedError('Invalid password');
    }
    await throttle.succeeded(ip);
    await dashboard.sweepSessions(new Date(now()));
    await startAdminSession(ctx, now);
    logger.info({ ip }, 'admin logged in');
    ctx.body = { ok: true };
  });

  router.post('/logout', csrf, admin, (ctx) => {
    endAdminSession(ctx);
    ctx.body = { ok: true };
  });

  router.get('/link-stats', admin, async (ctx) => {
    ctx.body = await dashboard.linkStats(parseQuery(ctx, statsRangeQuerySchema));
  });

  router.get('/product-stats', admin, async (ctx) => {
    ctx.body = await dashboard.productStats(parseQuery(ctx, statsRangeQuerySchema));
  });

  router.get('/daily', admin, async (ctx) => {
    const { kind, from, to } = parseQuery(ctx, dailyQuerySchema);
    ctx.body = await dashboard.daily(kind, { from, to });
  });

  router.get('/messages', admin, async (ctx) => {
    const { limit, offset } = parseQuery(ctx, adminMessagesQuerySchema);
    ctx.body = await dashboard.messages({ limit, offset });
  });

  return router;
}
