import Router from '@koa/router';
import type { AppDeps } from '../../deps';

/** `GET /healthz` (the process is up) and `GET /readyz` (the database answers). */
export function healthRouter({ db, lifecycle }: AppDeps): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (lifecycle.shuttingDown) {
      ctx.status = 503;
      ctx.body = { status: 'shutting_down' };
      return;
    }
    try {
      await db.ping();
      ctx.body = { status: 'ok', database: db.dialect };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: db.dialect };
    }
  });
  return router;
}
