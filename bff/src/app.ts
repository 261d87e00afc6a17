import Koa from 'koa';
import type Router from '@koa/router';
import type { AppDeps } from './deps';
import { errorHandler } from './middlewares/errorHandler';
import { requestId } from './middlewares/requestId';
import { pageHeads } from './http/permalinkPage';
import { securityHeaders } from './middlewares/securityHeaders';
import { apiNotFound } from './middlewares/apiNotFound';
import { isBuildMetadata, serveDist, spaFallback } from './middlewares/staticFiles';
import { adminSession } from './middlewares/adminSession';
import { bodyParsers } from './middlewares/bodyParsers';
import { rawBodyMiddlewares, routers } from './routes';
import { hostedManifests } from './routes/remotes/router';
import { routeListsFor } from './routes/remotes/routeLists';
import { httpMetrics, metricsEndpoint } from './metrics';
import { serverRendererFor } from './ssr/serverRenderer';
import { mountRouters } from './http/mountRouters';

/** Builds the Koa application over ready dependencies (no listening, no I/O at build time). */
export function createApp(deps: AppDeps, opts: { extraRouters?: ReadonlyArray<(deps: AppDeps) => Router> } = {}): Koa {
  const { config, logger } = deps;
  // TRUST_PROXY=N: ctx.ip is the N-th X-Forwarded-For entry from the right (Koa keeps the last N).
  const app = new Koa({ proxy: config.TRUST_PROXY > 0, maxIpsCount: config.TRUST_PROXY });
  app.silent = true;
  app.context.ipv6PrefixBits = config.IPV6_PREFIX_BITS;

  app.use(requestId());
  app.use(httpMetrics(deps.metrics));
  app.use(errorHandler({ logger }));
  app.use(metricsEndpoint(deps.metrics, config.METRICS_TOKEN));
  app.use(
    securityHeaders({
      shellDist: config.shellDist,
      remoteUrls: Object.values(config.remoteUrls),
      formActionOrigins: config.STRIPE_SECRET_KEY ? ['https://checkout.stripe.com'] : [],
      hsts: config.isProduction,
    }),
  );
  for (const make of rawBodyMiddlewares) app.use(make(deps));
  app.use(
    spaFallback({
      shellDist: config.shellDist,
      remotes: routeListsFor(config),
      manifests: hostedManifests(config),
      founderSlug: config.FOUNDER_SLUG,
      publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ''),
      pageMeta: pageHeads(deps),
      serverRender: serverRendererFor(config, logger),
    }),
  );
  app.use(apiNotFound());
  app.use(bodyParsers({ limit: config.BODY_LIMIT }));
  app.use(adminSession(app, deps));
  mountRouters(
    app,
    [...routers, ...(opts.extraRouters ?? [])].map((make) => make(deps)),
  );
  for (const [name, root] of Object.entries(config.remoteDists)) {
    app.use(serveDist({ prefix: `/remotes/${name}/`, root, cors: true, ...(config.serveRemoteTypes ? {} : { skip: isBuildMetadata }) }));
  }
  // The shell's server part (server/) is this server's, not the browser's.
  app.use(serveDist({ prefix: '/', root: config.shellDist, skip: (rel) => rel === 'index.html' || rel.startsWith('server/') }));
  registerAppGauges(deps);
  return app;
}

const gauged = new WeakSet<object>();

/** Gauges read at scrape time: the click buffer's depth, the processes sharing the counters and the report queue (from the database). */
function registerAppGauges(deps: AppDeps): void {
  if (gauged.has(deps.metrics)) return;
  gauged.add(deps.metrics);
  deps.metrics.gauge('val_click_buffer_depth', 'Clicks accepted and waiting for the batched writer', () => deps.services.analytics.writer.pending);
  deps.metrics.gauge('val_report_queue_depth', 'Report jobs waiting for a worker (all processes)', () => deps.reports.repo.countByStatus('queued'));
  deps.metrics.gauge(
    'val_counter_processes',
    'BFF processes sharing the per-client counters, as last read from their store (0: not known yet)',
    () => deps.counters.processes() ?? 0,
  );
  deps.metrics.gauge('val_report_jobs_running', 'Report jobs being worked on (all processes)', () => deps.reports.repo.countByStatus('running'));
}
